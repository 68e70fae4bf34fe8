"""Search core: scope rule, BM25 with a fixed IDF, Claude Code's forms, regex per field, limits."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

import toolsearch
from tests.conftest import CATALOGS, needs_shared
from toolsearch.catalog.fields import tool_fields
from toolsearch.catalog.model import Tool
from toolsearch.errors import SearchInputError
from toolsearch.retrieval.bm25 import SparseBM25, tool_document
from toolsearch.retrieval.library import as_catalog
from toolsearch.retrieval.regex_search import compile_pattern, regex_search
from toolsearch.retrieval.searchers import BM25Searcher, RegexSearcher, searched_tools


def tool(
    name: str, description: str = "", defer: bool | None = None, **props: Any
) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": name,
        "description": description,
        "input_schema": {"type": "object", "properties": props},
    }
    if defer is not None:
        entry["defer_loading"] = defer
    return entry


def tools_of(*entries: dict[str, Any]) -> tuple[Tool, ...]:
    return as_catalog(list(entries)).scopes[0].tools


def names(results: list[Any]) -> list[str]:
    return [r.name for r in results]


WEATHER = tool("get_weather", "Current weather for a city.", city={"type": "string"})
STOCKS = tool("get_stock_price", "Latest stock price for a ticker symbol.")
EMAIL = tool("send_email", "Send an email message to a recipient.")


def test_two_tool_catalog_ranks() -> None:
    # rank-bm25's Okapi IDF is 0 for a term in half the documents: with two tools nothing
    # would rank. The fixed IDF keeps every IDF positive.
    two = tools_of(WEATHER, STOCKS)
    okapi = BM25Okapi([tool_document(t) for t in two])
    assert list(okapi.get_scores(["weather"])) == [0.0, 0.0]
    results = BM25Searcher(two).search("weather in Paris")
    assert names(results) == ["get_weather"]
    assert results[0].score is not None and results[0].score > 0


def test_three_tool_catalog_ranks_and_shared_words_still_count() -> None:
    three = tools_of(WEATHER, STOCKS, EMAIL)
    searcher = BM25Searcher(three)
    assert names(searcher.search("send an email")) == ["send_email"]
    # "get" is in two of three names: still positive, and the better match wins
    results = searcher.search("get stock price")
    assert names(results) == ["get_stock_price", "get_weather"]
    assert results[0].score > results[1].score > 0  # type: ignore[operator]
    assert searcher.index.model is not None
    assert all(v > 0 for v in searcher.index.model.idf.values())


def test_tools_matching_no_word_are_not_results() -> None:
    searcher = BM25Searcher(tools_of(WEATHER, STOCKS, EMAIL))
    assert searcher.search("kubernetes pods") == []
    assert searcher.search("the of and") == []  # only stopwords: no terms


def dense_scores(index: SparseBM25, query: list[str]) -> list[float]:
    """One score per document, 0.0 where no query term occurs: rank-bm25's shape."""
    scores = index.sparse_scores(query)
    return [scores.get(i, 0.0) for i in range(index.corpus_size)]


def test_sparse_scores_equal_rank_bm25_formula() -> None:
    corpus = [["a", "b", "b"], ["b", "c"], ["c", "c", "c", "d"], ["e"]]
    queries = (["b"], ["c", "c", "d"], ["a", "e", "zzz"])
    lazy = SparseBM25(corpus)  # postings counted per query term
    lazy_scores = [dense_scores(lazy, q) for q in queries]
    assert not lazy._complete
    full = SparseBM25(corpus)
    full.LAZY_TERMS = 0  # the whole inverted index at the first term
    dense = BM25Okapi(corpus)
    dense.idf = dict(full.idf)  # same IDF, rank-bm25's own scoring loop
    assert dense.doc_freqs == full.doc_freqs and dense.avgdl == full.avgdl
    for query, scores in zip(queries, lazy_scores, strict=True):
        assert np.allclose(scores, dense.get_scores(query))
        assert np.allclose(dense_scores(full, query), dense.get_scores(query))
    n = 4
    assert full.idf["b"] == pytest.approx(np.log(1 + (n - 2 + 0.5) / (2 + 0.5)))


def test_sparse_scores_equal_rank_bm25_on_a_random_corpus() -> None:
    rng = np.random.default_rng(7)
    vocabulary = [f"w{i}" for i in range(60)]
    corpus = [
        [str(w) for w in rng.choice(vocabulary, size=int(rng.integers(1, 30)))] for _ in range(300)
    ]
    ours = SparseBM25(corpus)
    dense = BM25Okapi(corpus)
    dense.idf = dict(ours.idf)
    for _ in range(40):
        query = [str(w) for w in rng.choice([*vocabulary, "unseen"], size=int(rng.integers(1, 6)))]
        expected = dense.get_scores(query)
        got = dense_scores(ours, query)
        assert np.allclose(got, expected, rtol=1e-12, atol=0)
        sparse = ours.sparse_scores(query)
        assert set(sparse) == {i for i, score in enumerate(expected) if score > 0}


def test_name_weighs_more_than_description() -> None:
    found = BM25Searcher(
        tools_of(tool("notes_tool", "Also handles calendar entries."), tool("calendar", "Entries."))
    ).search("calendar")
    assert names(found) == ["calendar", "notes_tool"]


def test_ties_keep_catalog_order_and_limit() -> None:
    same = [tool(f"tool_{c}", "Find records.") for c in "abcdefg"]
    found = BM25Searcher(tools_of(*same)).search("records", limit=3)
    assert names(found) == ["tool_a", "tool_b", "tool_c"]
    assert [r.rank for r in found] == [1, 2, 3]
    assert len(BM25Searcher(tools_of(*same)).search("records", limit=None)) == 7


def test_matched_words_per_field_as_written() -> None:
    found = BM25Searcher(tools_of(WEATHER, STOCKS)).search("cities weather")
    assert found[0].matched == {
        "name": ["weather"],
        "description": ["weather", "city"],
        "args.city": ["city"],
    }


def test_nested_arguments_are_searched() -> None:
    nested = tool(
        "create_order",
        "Place an order.",
        address={
            "type": "object",
            "properties": {"postcode": {"type": "string", "description": "ZIP or postal code"}},
        },
        items={
            "type": "array",
            "items": {"type": "object", "properties": {"sku": {"type": "string"}}},
        },
    )
    fields = dict(tool_fields(tools_of(nested)[0]))
    assert fields["args.address.postcode"] == "postcode"
    assert fields["args.address.postcode.description"] == "ZIP or postal code"
    assert fields["args.items[].sku"] == "sku"
    found = BM25Searcher(tools_of(nested, WEATHER)).search("postal code")
    assert names(found) == ["create_order"]
    assert found[0].matched == {"args.address.postcode.description": ["postal", "code"]}
    regex = RegexSearcher(tools_of(nested, WEATHER)).search("^sku$")
    assert regex[0].matched == {"args.items[].sku": ["sku"]}


def test_select_fetches_exact_tools_in_the_order_named() -> None:
    searcher = BM25Searcher(tools_of(WEATHER, STOCKS, EMAIL))
    found = searcher.search("select:send_email, get_weather")
    assert names(found) == ["send_email", "get_weather"]
    assert found[0].score is None and found[0].matched == {"name": ["send_email"]}
    assert names(searcher.search("SELECT:get_stock_price", limit=1)) == ["get_stock_price"]
    with pytest.raises(SearchInputError) as error:
        searcher.search("select:send_mail")
    assert error.value.code == "invalid_tool_input"
    assert 'did you mean "send_email"' in str(error.value)


def test_plus_term_requires_the_term_in_the_name() -> None:
    slackish = tools_of(
        tool("slack_post_message", "Post a message to a channel."),
        tool("slack_list_channels", "List channels."),
        tool("email_send_message", "Send a message by email."),
    )
    searcher = BM25Searcher(slackish)
    found = searcher.search("+slack message")
    assert names(found) == ["slack_post_message", "slack_list_channels"]
    assert found[1].score == 0.0  # kept by the name, ranked by the rest
    assert "slack" in found[0].matched["name"]
    assert names(searcher.search("+email")) == ["email_send_message"]
    assert searcher.search("+github issue") == []


def test_bm25_query_over_500_characters_is_refused() -> None:
    searcher = BM25Searcher(tools_of(WEATHER))
    assert searcher.search("weather " + "x" * 492)  # exactly 500: accepted
    with pytest.raises(SearchInputError) as error:
        searcher.search("weather " + "x" * 493)
    assert error.value.code == "invalid_tool_input" and "at most 500" in str(error.value)


def test_regex_searches_each_field_on_its_own() -> None:
    found = RegexSearcher(tools_of(WEATHER, STOCKS, EMAIL)).search("city")
    assert names(found) == ["get_weather"]
    assert found[0].score == 2.0  # the description and the argument's name
    assert found[0].matched == {"description": ["city"], "args.city": ["city"]}
    # a pattern spanning two fields matches nothing: fields are not joined
    assert RegexSearcher(tools_of(WEATHER)).search("get_weather.*Current") == []


def test_regex_order_is_fields_matched_then_catalog_order() -> None:
    catalog = tools_of(
        tool("alpha", "mentions data once"),
        tool("beta_data", "data data", data={"type": "string", "description": "the data"}),
        tool("gamma", "data too"),
    )
    found = RegexSearcher(catalog).search("data")
    assert names(found) == ["beta_data", "alpha", "gamma"]
    assert [r.score for r in found] == [4.0, 1.0, 1.0]


def test_regex_is_case_sensitive_unless_asked() -> None:
    catalog = tools_of(tool("Weather_Report", "Weather."))
    assert RegexSearcher(catalog).search("weather") == []
    assert names(RegexSearcher(catalog).search("(?i)weather")) == ["Weather_Report"]


def test_regex_pattern_limit_and_invalid_pattern_position() -> None:
    compile_pattern("a" * 200)
    with pytest.raises(SearchInputError) as too_long:
        compile_pattern("a" * 201)
    assert too_long.value.code == "invalid_tool_input" and "201 characters" in str(too_long.value)
    with pytest.raises(SearchInputError) as invalid:
        compile_pattern("get_(weather")
    assert invalid.value.code == "invalid_tool_input"
    assert "missing ), unterminated subpattern at position 4" in str(invalid.value)
    with pytest.raises(SearchInputError):
        compile_pattern(r"\p{L}")  # the regex module knows it, Python's re does not


@pytest.mark.parametrize(
    "pattern",
    ["a{1000000000}", "(a{200}){200}", "(?:ab|cd){6000}", "(?=x{20000})", "(?>y{5000,}){2}"],
)
def test_patterns_whose_repeats_expand_too_far_are_refused_before_compiling(
    pattern: str,
) -> None:
    # the regex module builds a repeat's minimum count as copies of its body: a{1000000000}
    # would take minutes and gigabytes to compile, before any time limit applies
    with pytest.raises(SearchInputError, match="repeats too much"):
        compile_pattern(pattern)


@pytest.mark.parametrize("pattern", ["a{3}", "[a-z]{2,40}", "(?:ab){1,100000}", "x{9000}"])
def test_ordinary_repeat_counts_still_compile(pattern: str) -> None:
    assert compile_pattern(pattern).search("aaa" + "ab" * 3 + "x" * 9000)


def test_runaway_regex_is_stopped_by_the_time_limit() -> None:
    # Python's re would run (a|aa)+$ on this text for longer than the universe has existed
    catalog = tools_of(tool("slow", "a" * 60 + "!"))
    with pytest.raises(SearchInputError) as error:
        regex_search(catalog, "(a|aa)+$", time_limit=0.2)
    assert error.value.code == "execution_time_exceeded"
    assert "(catastrophic backtracking?)" in str(error.value)


def test_scope_rule_deferred_else_all() -> None:
    mixed = as_catalog([tool("loaded_one", "x"), tool("deferred_one", "x", defer=True)])
    tools, which = searched_tools(mixed.scopes[0])
    assert [t.name for t in tools] == ["deferred_one"] and which == "deferred"
    tools, which = searched_tools(mixed.scopes[0], all_tools=True)
    assert len(tools) == 2 and which == "all"
    plain = as_catalog([tool("a", "x"), tool("b", "y")])
    assert searched_tools(plain.scopes[0])[1] == "all"


def test_library_search_and_tool_references() -> None:
    request = {
        "model": "claude-sonnet-4-5",
        "tools": [
            {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
            tool("get_weather", "Current weather for a city.", defer=True),
            tool("get_time", "Current time in a time zone.", defer=True),
            tool("search_docs", "Search the weather docs."),  # loaded: not searched
        ],
    }
    results = toolsearch.search(request, "weather")
    assert names(results) == ["get_weather"]
    assert toolsearch.tool_references(results) == [
        {"type": "tool_reference", "tool_name": "get_weather"}
    ]
    assert names(toolsearch.search(request, "weather", all_tools=True)) == [
        "get_weather",
        "search_docs",
    ]
    assert names(toolsearch.search(request, "^get_", mode="regex")) == ["get_weather", "get_time"]
    with pytest.raises(SearchInputError):
        toolsearch.search(request, "(", mode="regex")


@needs_shared
def test_real_catalog_finds_the_obvious_tool() -> None:
    slack = CATALOGS / "slack.json"
    assert names(toolsearch.search(slack, "post a message to a channel"))[0] == "slack_post_message"
    assert names(toolsearch.search(slack, "reply in a thread"))[0] == "slack_reply_to_thread"
    github = CATALOGS / "github.json"
    assert names(toolsearch.search(github, "merge a pull request"))[0] == "merge_pull_request"
    assert names(toolsearch.search(github, "+gist create"))[0] == "create_gist"


@pytest.mark.parametrize("keep", [None, [3, 0, 7, 250, 120]])
def test_python_and_numpy_rankings_are_identical(keep: list[int] | None) -> None:
    rng = np.random.default_rng(11)
    vocabulary = [f"w{i}" for i in range(40)]
    corpus = [
        [str(w) for w in rng.choice(vocabulary, size=int(rng.integers(1, 25)))] for _ in range(260)
    ]
    python, vectorised = SparseBM25(corpus), SparseBM25(corpus)
    python.vectorised, vectorised.vectorised = False, True
    for _ in range(30):
        query = [str(w) for w in rng.choice(vocabulary, size=int(rng.integers(1, 8)))]
        expected = python.ranked(query, keep)
        assert vectorised.ranked(query, keep) == expected  # same floats, same order
        assert [s for _, s in expected] == sorted((s for _, s in expected), reverse=True)


@pytest.mark.parametrize("vectorised", [False, True])
def test_ranks_and_top_agree_with_the_full_ranking(vectorised: bool) -> None:
    rng = np.random.default_rng(5)
    vocabulary = [f"w{i}" for i in range(15)]  # a small vocabulary: many tied scores
    corpus = [
        [str(w) for w in rng.choice(vocabulary, size=int(rng.integers(1, 6)))] for _ in range(230)
    ]
    index = SparseBM25(corpus)
    index.vectorised = vectorised
    for _ in range(40):
        query = [str(w) for w in rng.choice(vocabulary, size=int(rng.integers(1, 4)))]
        full = [i for i, _ in index.ranked(query)]
        docs = [int(d) for d in rng.choice(len(corpus), size=4)]
        for k in (0, 1, 5, 10, 500):
            ranks, top = index.ranks_and_top(query, docs, k)
            assert top == full[:k]
            assert ranks == [full.index(d) + 1 if d in full else None for d in docs]
