"""The indexed Claude Code scoring gives exactly the per-pair regex scoring's rankings."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests import claude_code_reference as reference
from tests.catalog_gen import tool as generated_tool
from tests.conftest import shared_catalogs
from toolsearch.catalog.inputs import load_inputs
from toolsearch.config import Config
from toolsearch.retrieval import claude_code_index
from toolsearch.retrieval.claude_code_index import VECTOR_FROM, Entry, KeywordIndex
from toolsearch.retrieval.claude_code_search import entry_of
from toolsearch.retrieval.searchers import ranks_and_top_of, searched_tools, tie_spans_of

ODD_TERMS = ["a.b", "-", "get-", ".json", "v2.1", "c++", "(x)", "_", "__", "a_b", "é", "ß", "k"]


def random_queries(entries: list[Entry], count: int, seed: int) -> list[list[str]]:
    """Queries of name parts, pieces of parts, description words with their punctuation,
    required ``+words`` and odd terms."""
    rng = random.Random(seed)
    pool: list[str] = list(ODD_TERMS)
    for entry in entries:
        pool.extend(entry.parts)
        pool.extend(entry.coarse)
        pool.extend(p[1:4] for p in entry.parts if len(p) > 3)
        pool.extend(entry.description.split()[:12])
        pool.extend(entry.hint.split()[:4])
    queries = []
    for _ in range(count):
        words = rng.sample(pool, min(len(pool), rng.randint(1, 6)))
        if rng.random() < 0.3:
            words[0] = "+" + words[0]
        queries.append(words)
    return queries


def with_coarse(entries: list[Entry]) -> list[Entry]:
    """The same entries with coarse entries, as from 2.1.113 (the tool's own name whole)."""
    return [
        Entry(e.parts, e.full, e.is_mcp, e.description, e.hint, (e.parts[0], "_".join(e.parts)))
        for e in entries
    ]


# The oracle's rankings by entries and query: the generated catalogs' tests with and without
# the 3-character keys search the same entries with the same queries (only the index differs).
REFERENCE_RANKINGS: dict[tuple[tuple[Entry, ...], tuple[str, ...]], list[tuple[int, int]]] = {}


def reference_ranked(entries: list[Entry], words: list[str]) -> list[tuple[int, int]]:
    """``reference.ranked``, computed once per entries and query in a test process."""
    key = (tuple(entries), tuple(words))
    if key not in REFERENCE_RANKINGS:
        REFERENCE_RANKINGS[key] = reference.ranked(entries, words)
    return REFERENCE_RANKINGS[key]


def check(entries: list[Entry], queries: list[list[str]]) -> None:
    index = KeywordIndex(entries)
    for words in queries:
        required = [w[1:] for w in words if w.startswith("+") and len(w) > 1]
        optional = [w for w in words if not (w.startswith("+") and len(w) > 1)]
        got = index.ranked([*required, *optional], required)
        assert got == reference_ranked(entries, words), words
        positions = [i for i, _ in got[:3]] + [len(entries) - 1, 0]
        ranked_positions = ranks_and_top_of([(i, float(s)) for i, s in got], positions, 10)
        assert index.ranks_and_top([*required, *optional], required, positions, 10) == (
            ranked_positions
        )
        # ties from the scores alone, as the whole ranking has them (a tie: equal scores)
        ranking = [(i, float(s)) for i, s in got]
        every = [i for i, _ in got]
        spans = tie_spans_of(ranking, [*positions, *every])
        assert index.tie_spans([*required, *optional], required, [*positions, *every]) == spans


def entries_of(paths: list[Path], tmp_path: Path) -> list[Entry]:
    catalog = load_inputs([str(p) for p in paths], Config(), "claude-code").catalog
    scope = next(s for s in catalog.scopes if s.kind == "claude-code")
    return [entry_of(t) for t in searched_tools(scope)[0]]


@pytest.mark.parametrize(
    ("size", "grams_from"), [(40, None), (VECTOR_FROM + 60, None), (VECTOR_FROM + 60, 10)]
)
def test_generated_catalogs_with_odd_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int, grams_from: int | None
) -> None:
    if grams_from is not None:  # keys found by their 3-character pieces, as in large catalogs
        monkeypatch.setattr(claude_code_index, "GRAMS_FROM", grams_from)
    rng = random.Random(size)
    tools = []
    for i in range(size):
        tool = generated_tool(rng, i)
        tool["inputSchema"] = tool.pop("input_schema")
        tool.pop("defer_loading", None)
        extra = rng.choice(ODD_TERMS)
        tool["description"] += f" see {extra} and a.b-c (x) c++ v2.1 ÉTÉ straße"
        if i % 4 == 0:
            tool["_meta"] = {"anthropic/searchHint": f"{extra} hint_word Kelvin"}
        tools.append(tool)
    path = tmp_path / "gen.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    entries = entries_of([path], tmp_path)
    assert (len(entries) >= VECTOR_FROM) == (size >= VECTOR_FROM)
    queries = random_queries(entries, 300, seed=size)
    check(entries, queries)
    check(with_coarse(entries), queries)


def test_a_full_name_that_is_not_its_parts_scores_only_while_nothing_did() -> None:
    crafted = Entry(("ab", "cd"), "abxcd", True, "", "")
    assert KeywordIndex([crafted]).ranked(["bxc"], []) == [(0, 3)]
    assert KeywordIndex([crafted]).ranked(["ab", "bxc"], []) == [(0, 12)]
    assert reference.ranked([crafted], ["ab", "bxc"]) == [(0, 12)]


@pytest.mark.skipif(not shared_catalogs(), reason="../shared/catalogs is absent")
def test_the_shared_catalogs(tmp_path: Path) -> None:
    entries = entries_of(shared_catalogs(), tmp_path)
    assert len(entries) >= VECTOR_FROM
    queries = random_queries(entries, 400, seed=7)
    check(entries, queries)
    check(with_coarse(entries), queries)


@pytest.mark.parametrize("size", [30, VECTOR_FROM + 10])
def test_the_last_query_scores_kept_are_the_query_asked(size: int) -> None:
    entries = [
        Entry((f"w{i % 7}", f"v{i % 5}"), f"w{i % 7}_v{i % 5}", True, f"d{i % 3} text", "")
        for i in range(size)
    ]
    kept = KeywordIndex(entries)
    queries = [(["w3", "v2"], []), (["w3", "v2"], ["v2"]), (["d1"], []), (["w3", "v2"], [])]
    positions = [0, 3, size - 1]
    for terms, required in [*queries, *reversed(queries)]:
        fresh = KeywordIndex(entries)
        assert kept.ranks_and_top(terms, required, positions, 5) == fresh.ranks_and_top(
            terms, required, positions, 5
        )
        assert kept.tie_spans(terms, required, positions) == fresh.tie_spans(
            terms, required, positions
        )
        assert kept.ranked(terms, required) == fresh.ranked(terms, required)
