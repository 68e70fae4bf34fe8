"""Codex's tool_search, offline: the bm25 crate's tokens and f32 scores, Codex's documents."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import snowballstemmer

from toolsearch.catalog.codex_names import namespace_of, sanitized
from toolsearch.catalog.model import Tool
from toolsearch.errors import SearchInputError
from toolsearch.retrieval.codex_bm25 import (
    STOP_WORDS,
    CodexBM25,
    f32,
    tokenize,
    transliterate,
    unicode_words,
)
from toolsearch.retrieval.codex_search import (
    CodexSearcher,
    is_searched,
    mcp_fields,
    own_tools,
)
from toolsearch.retrieval.library import as_catalog
from toolsearch.retrieval.searchers import tie_spans

STEMS = Path(__file__).parent / "codex_stems.json"


def mcp_tools(*tools: dict[str, Any]) -> list[Tool]:
    catalog = as_catalog({"tools": list(tools)})
    return [tool for scope in catalog.scopes for tool in scope.tools]


def tool(name: str, description: str = "", **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": description, "inputSchema": {"type": "object"}, **extra}


def test_words_join_at_underscore_dot_apostrophe_colon_and_split_at_dash_slash() -> None:
    text = "create_pull_request a.b 3.14 1,000 a:b can't a-b x/y a:1 1.a __init__ _ mcp__github"
    assert unicode_words(text) == [
        "create_pull_request", "a.b", "3.14", "1,000", "a:b", "can't", "a", "b", "x", "y",
        "a", "1", "1", "a", "__init__", "mcp__github",
    ]  # fmt: skip


def test_stop_words_are_nltks_179_and_dropped_before_stemming() -> None:
    assert len(STOP_WORDS) == 179
    assert {"the", "don't", "won't", "should've", "y", "ain"} <= STOP_WORDS
    assert tokenize("The organization doesn't create ANY Pull-Requests") == [
        "organ", "creat", "pull", "request",
    ]  # fmt: skip


def test_text_is_transliterated_before_it_is_split() -> None:
    assert transliterate("Réviser le dépôt — straße") == "Reviser le depot -- strasse"
    assert tokenize("don\u2019t") == []  # the typographic apostrophe becomes ', a stop word


def test_stems_match_the_groups_recorded_from_codex() -> None:
    groups = json.loads(STEMS.read_text())["groups"]
    for word, group in groups.items():
        assert sorted(w for w in groups if tokenize(w) == tokenize(word)) == group, word


def test_stems_are_the_2017_release_not_the_pinned_3x() -> None:
    assert tokenize("organization") == ["organ"]
    assert tokenize("added") == ["ad"]
    assert snowballstemmer.stemmer("english").stemWord("organization") == "organiz"


def test_weights_are_the_crates_f32_values() -> None:
    engine = CodexBM25(["space station station"])
    assert engine.avgdl == 3.0
    assert engine.weights[0] == {"space": 1.0, "station": 1.375}
    pair = CodexBM25(["alpha", "beta"])
    assert pair.ranked("alpha")[0].score == f32(0.6931472)  # ln 2: the crate's own test


def test_a_repeated_query_word_counts_again_and_only_sharing_documents_return() -> None:
    engine = CodexBM25(["alpha beta", "beta gamma", "delta"])
    once = engine.ranked("alpha")
    twice = engine.ranked("alpha alpha")
    assert [s.index for s in once] == [0]
    assert twice[0].score == f32(once[0].score * 2)
    assert [s.index for s in engine.ranked("beta")] == [0, 1]
    assert engine.ranked("the of") == []


def test_scores_round_every_step_to_32_bits() -> None:
    engine = CodexBM25(["fetch the weather for a city", "weather", "city map tiles"])
    for scored in engine.ranked("weather city"):
        assert scored.score == f32(scored.score)


def test_an_mcp_tools_document_holds_names_server_title_description_and_properties() -> None:
    (found,) = mcp_tools(
        tool(
            "get-user.profile",
            "  Fetch a profile.  ",
            title="Profile Finder",
            inputSchema={
                "type": "object",
                "properties": {
                    "zeta": {"type": "string", "description": "never indexed"},
                    "alpha": {"type": "object", "properties": {"nested": {"type": "string"}}},
                },
            },
        )
    )
    assert mcp_fields(found) == [
        ("name", "mcp__toolsget_user_profile"),
        ("name", "get_user_profile"),
        ("name", "get-user.profile"),
        ("server", "tools"),
        ("title", "Profile Finder"),
        ("description", "Fetch a profile."),
        ("arguments", "alpha"),
        ("arguments", "zeta"),
    ]


def test_names_are_sanitised_to_word_characters() -> None:
    assert namespace_of("my-server.x") == "mcp__my_server_x"
    assert sanitized("") == "_"


def test_tools_hidden_from_the_model_are_not_searched() -> None:
    hidden, shown, listed = mcp_tools(
        tool("a", "zebra", _meta={"ui": {"visibility": ["app"]}}),
        tool("b", "zebra", _meta={"ui": {"visibility": ["app", "model"]}}),
        tool("c", "zebra", _meta={"ui": {"visibility": "app"}}),
    )
    assert not is_searched(hidden) and is_searched(shown) and is_searched(listed)
    searcher = CodexSearcher([hidden, shown, listed], with_own=False)
    assert [searcher.tool_at(p).name for p, _ in searcher.ranking("zebra")] == ["b", "c"]


def test_codexs_own_tools_compete_unless_the_feature_is_off() -> None:
    assert [t.name for t in own_tools()] == [
        "spawn_agent", "send_input", "resume_agent", "wait_agent", "close_agent",
    ]  # fmt: skip
    catalog = mcp_tools(tool("fork_repository", "Fork a repository"))
    on = CodexSearcher(catalog).find("fork repository")
    off = CodexSearcher(catalog, with_own=False).find("fork repository")
    assert [r.name for r in on.results] == ["fork_repository", "spawn_agent"]
    assert on.results[1].source == "codex" and on.results[1].matched == {"keywords": ["fork"]}
    assert [r.name for r in off.results] == ["fork_repository"]


def test_the_default_limit_is_eight_and_empty_queries_or_limits_are_refused() -> None:
    catalog = mcp_tools(*(tool(f"t{i}", "zebra") for i in range(12)))
    searcher = CodexSearcher(catalog, with_own=False)
    found = searcher.find("zebra")
    assert len(found.results) == 8 and found.total == 12
    with pytest.raises(SearchInputError, match="query must not be empty"):
        searcher.find("   ")
    with pytest.raises(SearchInputError, match="limit must be greater than zero"):
        searcher.find("zebra", limit=0)


def test_equal_scores_share_a_tie_group() -> None:
    assert tie_spans([3.0, 2.0, 2.0, 1.0, 0.5, 0.5, None]) == [
        None,
        (2, 3),
        (2, 3),
        None,
        (5, 6),
        (5, 6),
        None,
    ]
