"""The heuristic's faster forms give what the plain ones give, on awkward inputs: a name's
facts read per run, the deprecation test, the variant search, the spread over actions, the
central object, the order test, name references as bytes (issue 34)."""

from __future__ import annotations

import random
import re
import sys
from collections import Counter, defaultdict, deque
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations

import pytest

from toolsearch.catalog.model import Location, Tool
from toolsearch.recommend.heuristic import (
    ACTION_VERBS,
    HTTP_METHODS,
    MAX_SUBSET_TERMS,
    VERB_TERMS,
    ScopeSignals,
    _says_deprecated,
    action_class,
    alphabetical,
    central_object,
    deprecated,
    name_facts,
    references,
    stem,
    variants,
)
from toolsearch.recommend.recommend import ACTION_LABELS, SPREAD_POINTS, Ranked, _marked, spread
from toolsearch.retrieval.terms import letter_digit_runs, term_of, words

AWKWARD_NAMES = [
    "",
    "123",
    "get",
    "post_search",
    "get_post_issue",
    "delete_123_issue",
    "list_directory_with_sizes",
    "getUser-by_ID v2.0",
    "HTTPServerGet",
    "the_of_and",
    "caf\u00e9_list",
    "caf\u00e9ListItems",
    "\u65e5\u672c\u8a9eapi_get",
    "\uff26\uff55\uff4c\uff4c_get",  # full-width letters
    "x\u00b2_get_\u2460",  # superscript two, circled one: digits, not ASCII
    "\uff15\uff16_items",  # full-width digits fold to ASCII ones
    "\u13a0\u13a1_get",  # Cherokee: lower-cases to other letters
    "\u017fearch_things",  # long s
    "stra\u00dfe_get",
    "navigate_open_goto",
    "readOnlyThing",
    "lone\ud800surrogate_get",
    "a" * 70 + "_get",
    "get__list--find..query",
]


def _plain_facts(name: str) -> tuple[frozenset[str], tuple[tuple[str, str], ...], object]:
    """What the separate functions found before name_facts: each word by itself."""
    found = words(name)
    terms = frozenset(stem(w) for w in found)
    objects = tuple(
        (term, w)
        for w in found
        if (term := term_of(w)) is not None and stem(w) not in VERB_TERMS and not term.isdigit()
    )
    verbs = [w for w in found if stem(w) in ACTION_VERBS]
    if len(verbs) > 1 and stem(verbs[0]) in HTTP_METHODS:
        verbs = verbs[1:]
    verb = (stem(verbs[0]), verbs[0].lower()) if verbs else None
    return terms, objects, verb


@pytest.mark.parametrize("name", AWKWARD_NAMES)
def test_name_facts_are_the_plain_ones(name: str) -> None:
    facts = name_facts(name)
    assert (facts.terms, facts.objects, facts.verb) == _plain_facts(name)


@pytest.mark.parametrize("name", AWKWARD_NAMES)
def test_words_are_the_words_of_each_run(name: str) -> None:
    found = words(name)
    assert found == [w for run in letter_digit_runs(name) for w in words(run)]
    found.append("changed")  # a caller's list is its own: the cache is not touched
    assert words(name) == found[:-1]


def test_the_deprecation_prefilter_never_rules_out_a_match() -> None:
    every_character = "".join(map(chr, range(0xD800))) + "".join(
        map(chr, range(0xE000, sys.maxunicode + 1))
    )
    letters = set("deprecated")
    taken = re.findall(f"[{''.join(sorted(letters))}]", every_character, re.IGNORECASE)
    assert taken and all(c.lower() in letters for c in taken)


@pytest.mark.parametrize(
    "description",
    [
        "",
        "DEPRECATED: use list_items",
        "DePrEcAtEd tool",
        "undeprecated",
        "deprecated_tool",
        "\u0130 deprecated here",  # a character that lower-cases to two
        "\uff24\uff25\uff30\uff32\uff25\uff23\uff21\uff34\uff25\uff24",  # full-width
        "This was Deprecated.",
        "de\u200bprecated",
    ],
)
def test_deprecated_is_the_regex(description: str) -> None:
    pattern = re.compile(r"\bdeprecated\b", re.IGNORECASE)
    assert _says_deprecated(description) is (pattern.search(description) is not None)


def _tool(name: str, description: str = "Does it.", **raw: object) -> Tool:
    schema: dict[str, object] = {"type": "object"}
    body: dict[str, object] = {
        "name": name,
        "description": description,
        "input_schema": schema,
        **raw,
    }
    location = Location("f", f"/{name}")
    return Tool(
        name, "s", "s", location, description, schema, body, "anthropic", True, name, description
    )


def _plain_variants(tools: Sequence[Tool]) -> dict[int, str]:
    """Every word subset looked up, every candidate listed, as before issue 34."""
    by_name = {t.name: t for t in tools}
    replacements = set()
    for t in tools:
        if deprecated(t):
            match = re.search(r"\bdeprecated\b", t.description or "", re.IGNORECASE)
            assert match is not None
            tokens = re.findall(r"[A-Za-z0-9_-]+", (t.description or "")[match.end() :])
            named = next((n for n in tokens if n != t.name and n in by_name), None)
            if named is not None:
                replacements.add((named, t.name))
    first: dict[frozenset[str], Tool] = {}
    for tool in tools:
        terms = name_facts(tool.name).terms
        if terms:
            first.setdefault(terms, tool)
    found: dict[int, str] = {}
    for tool in tools:
        terms = name_facts(tool.name).terms
        same = first.get(terms)
        candidates = [same] if same is not None and same is not tool else []
        if 1 < len(terms) <= MAX_SUBSET_TERMS:
            ordered = sorted(terms)
            for size in range(len(ordered) - 1, 0, -1):
                for subset in combinations(ordered, size):
                    general = first.get(frozenset(subset))
                    if general is not None:
                        candidates.append(general)
        for general in candidates:
            if (tool.name, general.name) not in replacements:
                found[id(tool)] = general.name
                break
    return found


VOCABULARY = ["list", "get", "issue", "issues", "directory", "with", "sizes", "v2", "the", "9"]


def _random_tools(rng: random.Random) -> list[Tool]:
    tools: list[Tool] = []
    for _ in range(rng.randint(1, 14)):
        name = "_".join(rng.choice(VOCABULARY) for _ in range(rng.randint(1, 5)))
        description = "Does it."
        if tools and rng.random() < 0.2:
            description = f"Deprecated: use {rng.choice(tools).name} instead."
        tools.append(_tool(name, description))
    return tools


def test_variants_are_the_plain_search() -> None:
    rng = random.Random(34)
    for _ in range(400):
        tools = _random_tools(rng)
        assert variants(tools) == _plain_variants(tools)


def test_central_object_is_the_first_of_the_most_named() -> None:
    rng = random.Random(34)
    objects = ["issue", "repo", "file", "branch", "comment"]
    for _ in range(300):
        name = "_".join(rng.choice(objects) for _ in range(rng.randint(1, 4)))
        counts: Mapping[str, int] = {
            term_of(o) or o: rng.randint(1, 3) for o in objects if rng.random() < 0.7
        }
        found = [(counts[term], word) for term, word in name_facts(name).objects if term in counts]
        plain = None
        if found:
            count, word = max(found, key=lambda item: item[0])
            plain = (word, count)
        assert central_object(_tool(name), counts) == plain


def test_alphabetical_is_sorted_order() -> None:
    rng = random.Random(34)
    for _ in range(300):
        names = [rng.choice(["a", "B", "b", "c", "A_1", "a_1"]) for _ in range(rng.randint(0, 6))]
        tools = [_tool(n) for n in names]
        lowered = [n.lower() for n in names]
        assert alphabetical(tools) is (lowered == sorted(lowered))


def _plain_spread(ranked: list[Ranked]) -> list[Ranked]:
    """Every action's head rescored for every slot, as before issue 34."""
    queues: dict[int, deque[tuple[int, Ranked]]] = defaultdict(deque)
    for index, item in enumerate(ranked):
        queues[action_class(item.tool)].append((index, item))
    taken: Counter[int] = Counter()
    ordered: list[Ranked] = []
    while queues:

        def key(kind: int) -> tuple[float, int]:
            index, item = queues[kind][0]
            return item.score - SPREAD_POINTS * taken[kind], -index

        kind = max(queues, key=key)
        _, best = queues[kind].popleft()
        if not queues[kind]:
            del queues[kind]
        count = taken[kind]
        if count and not (best.pinned or best.required):
            others = f"{count:,} other {ACTION_LABELS[kind]} tool{'' if count == 1 else 's'}"
            reasons = (*best.reasons, f"after {others}: -{SPREAD_POINTS * count:g}")
            best = best.evolve(score=round(best.score - SPREAD_POINTS * count, 2), reasons=reasons)
        taken[kind] += 1
        ordered.append(best)
    return [r.evolve(rank=i) for i, r in enumerate(ordered, 1)]


def test_spread_is_the_plain_one() -> None:
    rng = random.Random(34)
    verbs = ["search", "get", "create", "delete", "zorb"]
    scores = [0.0, 1.0, 2.5, 3.0, 0.1 + 0.2, 0.3, -1.0, 5.0]
    for _ in range(300):
        ranked = []
        for i in range(rng.randint(0, 25)):
            score = rng.choice(scores)
            ranked.append(
                Ranked(
                    _tool(f"{rng.choice(verbs)}_thing_{i}"),
                    0,
                    score,
                    score,
                    1.0,
                    ("why",),
                    pinned=rng.random() < 0.1,
                    required=rng.random() < 0.05,
                )
            )
        ranked.sort(key=lambda r: -r.score)
        assert spread(ranked) == _plain_spread(ranked)


def test_evolve_names_a_field_it_does_not_have() -> None:
    item = Ranked(_tool("get_thing"), 1, 1.0, 1.0, 1.0, ())
    assert item.evolve(rank=2).rank == 2
    with pytest.raises(TypeError, match="'rnak'"):
        item.evolve(rank=2, rnak=3)


def test_marking_kept_tools_copies_only_those_that_change() -> None:
    ranked = [Ranked(_tool(f"get_{n}"), i, 1.0, 1.0, 1.0, ()) for i, n in enumerate("abcd", 1)]
    marked = _marked(ranked, lambda r: r.tool.name in ("get_b", "get_d"))
    assert [r.kept for r in marked] == [False, True, False, True]
    assert marked[0] is ranked[0] and marked[2] is ranked[2]
    again = _marked(marked, lambda r: r.tool.name == "get_a")
    assert [r.kept for r in again] == [True, False, False, False]


def test_references_skip_names_that_are_no_ascii_run() -> None:
    tools = [
        _tool("caf\u00e9_list", "Lists."),
        _tool("lone\ud800name", "Odd."),
        _tool("list_repos", "Lists repositories."),
        _tool("get_repo", "From caf\u00e9_list, lone\ud800name or list_repos."),
    ]
    assert references(tools) == {id(tools[2]): 1}


def test_reach_signals_follow_a_replaced_reach() -> None:
    tools = [_tool(f"get_thing_{i}") for i in range(6)]
    reach = {(t.location.file, t.location.pointer): i for i, t in enumerate(tools)}
    facts = ScopeSignals({}, {}, reach, 5, None, len(tools), tools)
    first = [s.reason for s in facts.signals(tools[5])]
    assert "reached by 5 of 5 typical intents" in first
    fewer = {place: 0 for place in reach} | {(tools[5].location.file, "/get_thing_5"): 1}
    changed = replace(facts, reach=fewer, intents=9)
    assert "reached by 1 of 9 typical intents" in [s.reason for s in changed.signals(tools[5])]
    assert [s.reason for s in facts.signals(tools[5])] == first
