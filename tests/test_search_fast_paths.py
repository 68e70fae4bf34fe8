"""BM25's and Claude Code's faster forms (issue 34) give what the plain ones give: the same
top documents, the same query terms, the same floats."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.catalog_gen import WORDS
from tests.catalog_gen import request as generated_request
from tests.test_claude_code_index import ODD_TERMS, random_queries
from tests.test_claude_code_versions import NODE_ORDER
from toolsearch.catalog.claude_code_versions import NEWEST, ClaudeCode
from toolsearch.catalog.locale_order import _ORDER, _PRIMARY, locale_key
from toolsearch.catalog.model import Tool
from toolsearch.retrieval import claude_code_index
from toolsearch.retrieval import terms as terms_module
from toolsearch.retrieval.claude_code_index import VECTOR_FROM, Entry, KeywordIndex
from toolsearch.retrieval.claude_code_search import ClaudeCodeSearcher, RunIndexes, entry_of
from toolsearch.retrieval.evaluation import self_query
from toolsearch.retrieval.library import as_catalog
from toolsearch.retrieval.searchers import parse_query
from toolsearch.retrieval.terms import term_of, terms
from toolsearch.retrieval.top_scores import top_positions


def plain_top(score: list[float], k: int) -> list[int]:
    """Every document above 0, by score then position: the first ``k``."""
    return [i for _, i in sorted((-s, i) for i, s in enumerate(score) if s > 0)][:k]


@pytest.mark.parametrize(
    "score",
    [
        [0.0] * 6,  # nothing reached
        [0.0, 2.0, 0.0, 1.0],  # fewer reached than k
        [1.0, 3.0, 3.0, 2.0, 3.0, 0.0, 3.0, 1.0],  # the k-th best tied with those after it
        [5.0, 5.0, 5.0, 5.0, 5.0],  # everything tied
        [0.5, 0.0, 0.5, 0.25, 0.0, 0.0, 0.125],
        [7.0],
        [],
    ],
)
def test_top_equals_sorting_every_document(score: list[float]) -> None:
    array = np.asarray(score, dtype=float)
    for k in (0, 1, 2, 3, 5, len(score), len(score) + 4):
        assert top_positions(array, k) == plain_top(score, k)


def test_top_on_random_scores_with_many_ties() -> None:
    rng = np.random.default_rng(4)
    for _ in range(200):
        size = int(rng.integers(1, 60))
        points = rng.integers(0, 4, size=size)  # a few values: ties and zeros
        k = int(rng.integers(0, size + 3))
        assert top_positions(points * 0.75, k) == plain_top((points * 0.75).tolist(), k)
        assert top_positions(points, k) == plain_top(points.tolist(), k)  # Claude Code's ints


@pytest.mark.parametrize(
    "query",
    [
        "send a slack message",
        "  leading\tand trailing\nwhitespace  ",
        "non\u00a0breaking\u3000ideographic\u2003em spaces",
        "Caf\u00e9 na\u00efve \ufb01le \uff21\uff30\uff29",  # accents, ligature, full width
        "検索ツール 東京 weather",
        "snake_case camelCaseName HTTPServer v2beta",
        "the of and",  # stopwords only: no terms
        "",
        "C++ and a+b",  # a plus inside a word is no required term
    ],
)
def test_a_query_without_required_terms_is_its_texts_terms(query: str) -> None:
    words = query.strip().split()
    required = [w for w in words if w.startswith("+") and len(w) > 1]
    parsed = parse_query(query)
    assert parsed.select is None and parsed.required == ()
    assert not required
    assert parsed.ranked_terms == tuple(terms(" ".join(words)))


def test_a_required_term_still_reads_the_plus_form() -> None:
    parsed = parse_query("+slack send\u00a0message")
    assert parsed.required == ("slack",)
    assert parsed.ranked_terms == ("send", "messag")


def per_character_key(name: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``locale_key`` one character at a time, as it reads for any name."""
    primary = tuple(_PRIMARY.get(c.lower(), len(_ORDER) + ord(c)) for c in name)
    return primary, tuple(1 if c.isupper() else 0 for c in name)


def test_locale_key_of_an_ascii_name_is_the_per_character_one() -> None:
    every = "".join(map(chr, range(128)))
    rng = random.Random(3)
    names = [every, "", *NODE_ORDER.split(), "get_Item", "GET-ITEM\x00\x7f"]
    names += ["".join(rng.choices(every, k=rng.randint(1, 24))) for _ in range(3000)]
    for name in names:
        assert locale_key(name) == per_character_key(name), repr(name)
    for name in ("caf\u00e9", "\u212aelvin", "\u0130stanbul", "\U0010fffd"):  # not ASCII
        assert locale_key(name) == per_character_key(name)


def claude_code_searchers(
    tools: tuple[Tool, ...], cc: ClaudeCode, indexes: RunIndexes | None = None
) -> tuple[ClaudeCodeSearcher, ClaudeCodeSearcher]:
    """A run's two searchers: over every tool (reach), over all but a few (the self-check);
    with the run's ``indexes``, the second reads its terms' hits in the first's index."""
    return (
        ClaudeCodeSearcher(tools, tools, cc, indexes),
        ClaudeCodeSearcher(tools[3:], tools, cc, indexes),
    )


def test_claude_code_searchers_sharing_tools_answer_as_fresh_ones() -> None:
    shared = as_catalog(generated_request(VECTOR_FROM + 40)).scopes[0].tools
    queries = [self_query(t) for t in shared[::25]] + ["+slack message", "get issue"]
    for version in ("2.1.100", "2.1.113", NEWEST, "2.1.100"):  # entries read again per version
        cc = ClaudeCode(version)
        fresh = as_catalog(generated_request(VECTOR_FROM + 40)).scopes[0].tools  # no entries yet
        run: RunIndexes = {}
        together = claude_code_searchers(shared, cc, run)
        for kept, alone in zip(together, claude_code_searchers(fresh, cc), strict=True):
            for query in queries:
                assert kept.ranks_and_top(query, [0, 7, 30], 10) == alone.ranks_and_top(
                    query, [0, 7, 30], 10
                )
                assert kept.tie_spans(query, [0, 7, 30]) == alone.tie_spans(query, [0, 7, 30])
                assert kept.ranking(query) == alone.ranking(query)
        assert together[1]._index.reads_another  # the self-check's index read the reach's
        assert all(entry_of(t, cc) is entry_of(t, cc) for t in shared)  # read once
        assert [entry_of(t, cc) for t in shared] == [entry_of(t, cc) for t in fresh]


def test_an_entrys_words_are_its_texts_word_runs_each_once() -> None:
    entry = Entry(("a",), "a", True, "send a message. a message_id, re-send!", "log  log x_y")
    assert entry.description_words == ("send", "a", "message", "message_id", "re")
    assert entry.hint_words == ("log", "x_y")


def test_claude_code_scores_add_in_32_bits_only_while_no_score_can_pass_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert claude_code_index._score_type(32) == np.int32
    most = (2**31 - 1) // claude_code_index.MOST_PER_TERM
    assert claude_code_index._score_type(most) == np.int32
    assert claude_code_index._score_type(most + 1) == np.int64
    tools = as_catalog(generated_request(VECTOR_FROM + 40)).scopes[0].tools
    queries = [self_query(t) for t in tools[::20]] + ["+slack message message", "get issue"]
    narrow = ClaudeCodeSearcher(tools)
    found = [(narrow.ranking(q), narrow.ranks_and_top(q, [0, 9], 10)) for q in queries]
    monkeypatch.setattr(claude_code_index, "MOST_PER_TERM", 2**31)  # 64 bits for any query
    wide = ClaudeCodeSearcher(tools)
    assert [(wide.ranking(q), wide.ranks_and_top(q, [0, 9], 10)) for q in queries] == found


def test_an_entrys_words_are_those_the_word_regex_finds() -> None:
    rng = random.Random(9)
    alphabet = "aZ09_ .-\u00e9\u00c9\u4e2d\ud800\U0001f600\x00\n\t\u00a0"
    texts = ["".join(rng.choices(alphabet, k=rng.randint(0, 40))) for _ in range(3000)]
    for text in [*texts, "caf\u00e9_latte x\u0301y", ""]:
        expected = tuple(dict.fromkeys(claude_code_index._WORD_RUN.findall(text)))
        assert Entry((), "", False, text, text).description_words == expected, repr(text)
        assert Entry((), "", False, text, text).hint_words == expected


def test_a_plain_run_reads_as_the_identifier_split_reads_it() -> None:
    rng = random.Random(5)
    alphabet = "abcxyzABCXYZ0189"
    runs = ["".join(rng.choices(alphabet, k=rng.randint(1, 12))) for _ in range(3000)]
    runs += ["the", "and", "running", "42", "007", "abc", "Abc", "aBC", "HTTPServer", "v2"]
    runs += ["\u00e9t\u00e9", "\u0663\u0664", "x\u00b2"]  # not ASCII: the identifier split only
    for run in runs:
        words = (w for _, _, w in terms_module._split_run(run))
        split = tuple(t for w in words if (t := term_of(w)) is not None)
        assert terms_module._read_run(run) == split, run


def odd_entries(size: int) -> list[Entry]:
    """Entries with punctuation in their texts, hints, and full names that are not their parts."""
    rng = random.Random(size)
    found = []
    for i in range(size):
        odd = rng.choice(ODD_TERMS)
        parts = (rng.choice(["get", "list", "send"]), rng.choice(["issue", "mail", "a.b"]), str(i))
        full = " ".join(parts) if i % 9 else "".join(parts)  # every 9th: not its parts spaced
        description = f"{' '.join(rng.sample(WORDS, 8))} see {odd} and a.b-c (x) c++ v2.1"
        hint = f"{odd} hint_word" if i % 4 == 0 else ""
        found.append(Entry(parts, full, i % 3 > 0, description, hint, (parts[0], "_".join(parts))))
    return found


def test_an_index_within_another_answers_as_one_built_alone() -> None:
    entries = odd_entries(2 * VECTOR_FROM + 60)
    every = KeywordIndex(entries)
    queries = [*random_queries(entries, 150, seed=4), ["+get", "mail"], ["a.b-c"], ["\x00"]]
    queries += [[e.full[1:5]] for e in entries[::9][:20]]  # across parts: the full name only
    for part in (entries[5:], entries[::2], entries[: VECTOR_FROM + 1]):
        within, alone = KeywordIndex(part, every), KeywordIndex(part)
        assert within.reads_another and not alone.reads_another
        for words in queries:
            required = [w[1:] for w in words if w.startswith("+") and len(w) > 1]
            terms = [*required, *(w for w in words if not w.startswith("+") or len(w) == 1)]
            assert within.ranked(terms, required) == alone.ranked(terms, required), words
            places = [0, 3, len(part) - 1]
            assert within.ranks_and_top(terms, required, places, 10) == alone.ranks_and_top(
                terms, required, places, 10
            )
            assert within.tie_spans(terms, required, places) == alone.tie_spans(
                terms, required, places
            )
    assert not KeywordIndex(entries[::-1][:-5], every).reads_another  # not in the same order
    assert not KeywordIndex([*entries[5:], *odd_entries(3)], every).reads_another  # not held
    assert not KeywordIndex(entries[:40], every).reads_another  # too few for numpy
