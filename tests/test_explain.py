"""``query --explain TOOL``: one tool's rank, score and matches in each mode, and loaded tools."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES
from toolsearch.app import app
from toolsearch.retrieval.embedding import semantic_available

REQUEST = str(FIXTURES / "hybrid" / "request.json")
SMALL = str(FIXTURES / "eval" / "small.json")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def explained(*args: str) -> dict[str, Any]:
    code, out, err = run("query", "-f", "json", *args)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_rank_score_matches_and_the_tools_above() -> None:
    data = explained("--explain", "weather_alerts", "-m", "bm25", "weather for my city", SMALL)
    (mode,) = data["modes"]
    assert mode["mode"] == "bm25" and mode["rank"] == 2
    assert mode["matched"] == {"name": ["weather"], "description": ["weather"]}
    assert [t["name"] for t in mode["above"]] == ["weather_forecast"]
    assert mode["score"] < mode["above"][0]["score"]
    code, out, _ = run("query", "--explain", "weather_alerts", "-m", "bm25", "weather city", SMALL)
    assert code == 0
    assert "rank 2 of 3" in out and "above it: weather_forecast" in out


def test_a_tool_the_query_does_not_reach_says_so() -> None:
    data = explained("--explain", "stock_price", "-m", "bm25", "weather", SMALL)
    assert data["modes"][0]["rank"] is None
    code, out, _ = run("query", "--explain", "stock_price", "-m", "bm25", "weather", SMALL)
    assert code == 0 and "not reached" in out


def test_every_mode_by_default_and_loaded_tools_that_would_match() -> None:
    data = explained("--explain", "read_file", "search the tools for a text file", REQUEST)
    modes = [m["mode"] for m in data["modes"]]
    assert modes[:2] == ["bm25", "claude-code"]
    assert ("hybrid" in modes) == semantic_available()
    assert all(m["rank"] == 1 for m in data["modes"])
    assert data["searched_set"] == "deferred" and data["deferred"] is True
    assert [t["name"] for t in data["loaded"]["tools"]] == ["tool_search"]
    code, out, _ = run("query", "--explain", "read_file", "the tools for a text file", REQUEST)
    assert code == 0 and "Loaded tools the query also reaches" in out and "tool_search" in out


def test_a_loaded_tool_is_ranked_as_if_every_tool_were_searched() -> None:
    data = explained("--explain", "tool_search", "-m", "bm25", "find tools", REQUEST)
    assert data["deferred"] is False and data["searched_set"] == "all"
    assert data["modes"][0]["rank"] == 1
    assert any("is loaded, not deferred" in n for n in data["notes"])


def test_unknown_tool_and_tool_reference_format_exit_2() -> None:
    code, _, err = run("query", "--explain", "wether_alerts", "weather", SMALL)
    assert code == 2 and "unknown tool 'wether_alerts'" in err and "weather_alerts" in err
    code, _, err = run("query", "-f", "tool-reference", "--explain", "weather_alerts", "w", SMALL)
    assert code == 2 and "--explain" in err


@pytest.mark.skipif(not semantic_available(), reason="the semantic extra is not installed")
def test_hybrid_explains_a_match_by_meaning_alone() -> None:
    data = explained("--explain", "get_weather", "-m", "hybrid", "will it rain in Paris", REQUEST)
    (mode,) = data["modes"]
    assert mode["rank"] == 1 and mode["matched"] == {}
    assert mode["similarity"] > 0.1
    code, out, _ = run("query", "--explain", "get_weather", "will it rain in Paris", REQUEST)
    assert code == 0 and "no word (ranked by meaning alone)" in out
