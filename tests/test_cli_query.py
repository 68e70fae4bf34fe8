"""``toolsearch query`` as a user runs it: both modes, every format, limits and error codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.conftest import CATALOGS, FIXTURES, HANG_LIMIT, env_without_cache, needs_shared
from toolsearch.app import app
from toolsearch.schemas import load_schema

SMALL = str(FIXTURES / "eval" / "small.json")
REQUEST = str(FIXTURES / "example" / "request.json")
GITHUB = str(FIXTURES / "example" / "github.json")


def run(runner: CliRunner, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def query_json(runner: CliRunner, *args: str) -> dict[str, Any]:
    code, out, err = run(runner, "query", "-f", "json", *args)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    jsonschema.validate(data, load_schema("query"))
    return data


def test_text_output_bm25(runner: CliRunner) -> None:
    code, out, _ = run(runner, "query", "weather for my city", SMALL)
    assert code == 0
    assert out == (
        'Scope small: bm25 search for "weather for my city" over 3 tools (all: nothing is '
        "deferred)\n"
        "#  tool              score  source  matched\n"
        "1  weather_forecast   2.26  small   name: weather; description: Weather, city; "
        "args.city: city\n"
        "   Weather forecast for a city.\n"
        "2  weather_alerts     0.85  small   name: weather; description: weather\n"
        "   Severe weather alerts.\n"
    )


def test_text_output_regex_and_limit(runner: CliRunner) -> None:
    code, out, _ = run(runner, "query", "--mode", "regex", "--limit", "1", "^weather_", SMALL)
    assert code == 0
    assert out.splitlines()[1:] == [
        " #  tool              score  source  matched",
        "1=  weather_forecast      1  small   name: weather_",
        "    Weather forecast for a city.",
        "1 of 2 matching tools shown (--limit 1)",
        "= ranks 1-2 have equal scores; 1 more not shown: a host may return them in any order",
    ]


def test_matched_words_are_highlighted_in_colour(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("toolsearch.output_policy.use_color", lambda: True)
    code, out, _ = run(runner, "query", "forecast", SMALL)
    assert code == 0
    assert "\x1b[1;33mforecast\x1b[0m" in out  # the name's matched word
    assert "\x1b[1;33mforecast\x1b[0m for a city" in out  # and the description's


def test_json_output_matches_schema(runner: CliRunner) -> None:
    data = query_json(runner, "weather", SMALL)
    assert data["query"] == "weather" and data["mode"] == "bm25" and data["limit"] == 5
    assert data["searched"] == 3 and data["searched_set"] == "all"
    assert [r["name"] for r in data["results"]] == ["weather_forecast", "weather_alerts"]
    first = data["results"][0]
    assert first["source"] == "small" and first["scope"] == "small" and first["rank"] == 1
    assert first["matched"] == {"name": ["weather"], "description": ["Weather"]}
    assert first["score"] >= data["results"][1]["score"] > 0  # a tie keeps catalog order


def test_deferred_tools_only_unless_all(runner: CliRunner) -> None:
    data = query_json(runner, "search issues", REQUEST, GITHUB)
    assert data["searched_set"] == "deferred" and data["searched"] == 12
    assert "search_issues" not in [r["name"] for r in data["results"]]  # loaded
    data = query_json(runner, "search issues", "--all", REQUEST, GITHUB)
    assert data["searched_set"] == "all" and data["searched"] == 16
    assert data["results"][0]["name"] == "search_issues"
    assert data["results"][0]["source"] == "github"


def test_tool_reference_format(runner: CliRunner) -> None:
    code, out, _ = run(runner, "query", "-f", "tool-reference", "weather", SMALL)
    assert code == 0
    assert json.loads(out) == [
        {"type": "tool_reference", "tool_name": "weather_forecast"},
        {"type": "tool_reference", "tool_name": "weather_alerts"},
    ]
    code, out, _ = run(runner, "query", "-f", "tool-reference", "nothing-like-it", SMALL)
    assert (code, json.loads(out)) == (0, [])


def test_tool_reference_uses_claude_code_names(runner: CliRunner, in_tmp: Path) -> None:
    code, out, err = run(
        runner, "query", "-f", "tool-reference", "--target", "claude-code", "stock", SMALL
    )
    assert code == 0, err
    assert json.loads(out) == [{"type": "tool_reference", "tool_name": "mcp__small__stock_price"}]
    data = query_json(runner, "--target", "claude-code", "stock", SMALL)
    assert data["results"][0]["name"] == "stock_price"
    assert data["results"][0]["sent_name"] == "mcp__small__stock_price"


def test_tool_reference_refuses_several_scopes(runner: CliRunner) -> None:
    code, _, err = run(runner, "query", "-f", "tool-reference", "weather", SMALL, GITHUB)
    assert code == 2 and "2 scopes (small, github)" in err


def test_select_and_plus_term(runner: CliRunner) -> None:
    data = query_json(runner, "select:stock_price,weather_alerts", SMALL)
    assert [(r["name"], r["score"]) for r in data["results"]] == [
        ("stock_price", None),
        ("weather_alerts", None),
    ]
    data = query_json(runner, "+weather severe", SMALL)
    assert [r["name"] for r in data["results"]] == ["weather_alerts", "weather_forecast"]
    code, _, err = run(runner, "query", "select:nope", SMALL)
    assert code == 2 and "invalid_tool_input" in err and "unknown tool 'nope'" in err


def test_regex_mode_takes_select_literally(runner: CliRunner) -> None:
    data = query_json(runner, "-m", "regex", "select:stock_price", SMALL)
    assert data["results"] == []


def test_no_results_exit_zero(runner: CliRunner) -> None:
    code, out, _ = run(runner, "query", "football", SMALL)
    assert code == 0 and "no tools matched" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-m", "regex", "x" * 201], "invalid_tool_input: the regex pattern is 201 characters"),
        (["x " * 251], "invalid_tool_input: the BM25 query is 502 characters"),
        (["-m", "regex", "weather_("], "missing ), unterminated subpattern at position 8"),
        (["-m", "regex", "x{2147483648}"], "the regex pattern repeats too much"),
        (["-m", "fuzzy", "weather"], "--mode must be one of bm25, regex"),
        (["-f", "yaml", "weather"], "--format must be one of text, json, tool-reference"),
    ],
)
def test_refused_input_exits_2(runner: CliRunner, args: list[str], message: str) -> None:
    code, out, err = run(runner, "query", *args, SMALL)
    assert code == 2 and out == ""
    assert message in err and err.startswith("toolsearch: error: ")


def test_missing_file_and_stdin(runner: CliRunner) -> None:
    code, _, err = run(runner, "query", "x", "missing.json")
    assert code == 2 and "missing.json" in err
    text = Path(SMALL).read_text()
    data = json.loads(run(runner, "query", "-f", "json", "stock", "-", stdin=text)[1])
    assert data["results"][0]["source"] == "stdin"


def test_config_sets_mode_and_limit(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / ".toolsearch.yaml").write_text(
        f"catalog: {SMALL}\nsearch:\n  mode: regex\n  limit: 1\n"
    )
    data = query_json(runner, "weather")
    assert data["mode"] == "regex" and data["limit"] == 1 and len(data["results"]) == 1


def test_malformed_tools_are_skipped_with_a_note(runner: CliRunner) -> None:
    data = query_json(runner, "weather", str(FIXTURES / "dialects" / "malformed.json"))
    assert any("malformed tool" in note for note in data["notes"])


def test_runaway_pattern_stops_in_a_real_run(tmp_path: Path) -> None:
    catalog = tmp_path / "slow.json"
    catalog.write_text(
        json.dumps(
            [{"name": "slow", "description": "a" * 60 + "!", "input_schema": {"type": "object"}}]
        )
    )
    result = subprocess.run(
        [sys.executable, "-m", "toolsearch", "query", "-m", "regex", "(a|aa)+$", str(catalog)],
        capture_output=True,
        text=True,
        env=env_without_cache(),
        timeout=HANG_LIMIT,
        check=False,
    )
    assert result.returncode == 2
    assert "execution_time_exceeded" in result.stderr and "Traceback" not in result.stderr
    assert "(catastrophic backtracking?)" in result.stderr  # it says why it stopped


@needs_shared
def test_real_catalogs_rank_sensibly(runner: CliRunner) -> None:
    slack = str(CATALOGS / "slack.json")
    data = query_json(runner, "send a message to a channel", slack)
    assert data["results"][0]["name"] == "slack_post_message"
    two = str(CATALOGS / "brave-search.json")  # a two-tool catalog ranks both ways
    assert query_json(runner, "web search", two)["results"][0]["name"] == "brave_web_search"
    assert query_json(runner, "local businesses", two)["results"][0]["name"] == (
        "brave_local_search"
    )
    everything = [str(p) for p in sorted(CATALOGS.glob("*.json")) if p.name != "SOURCES.json"]
    data = query_json(runner, "--target", "claude-code", "take a screenshot", *everything)
    assert data["searched_set"] == "deferred" and len(data["scopes"]) == 1
    assert {r["name"] for r in data["results"][:2]} == {
        "browser_take_screenshot",
        "puppeteer_screenshot",
    }


def test_note_when_the_request_uses_the_other_search_variant(runner: CliRunner) -> None:
    regex_request = str(FIXTURES / "rules" / "all-deferred" / "good.json")
    data = query_json(runner, "weather", regex_request)
    assert data["results"][0]["name"] == "get_weather"
    assert any("uses the regex search tool" in n for n in data["notes"])
    notes = query_json(runner, "-m", "regex", "weather", regex_request)["notes"]
    assert not any("search tool" in n for n in notes)


def test_unknown_toolset_tools_are_noted(runner: CliRunner) -> None:
    code, out, _ = run(
        runner, "query", "weather", str(FIXTURES / "rules" / "all-deferred" / "bad.json")
    )
    assert code == 0
    assert out.startswith('Scope bad: bm25 search for "weather" over 1 deferred tool\n')
    assert "MCP server 'docs' are unknown and were not searched: pass docs=PATH" in out


def test_select_source_name_across_several_scopes(tmp_path: Path) -> None:
    tool = {
        "name": "create_issue",
        "description": "Create an issue.",
        "inputSchema": {"type": "object"},
    }
    other = {"name": "get_me", "description": "Who am I.", "inputSchema": {"type": "object"}}
    (tmp_path / "github.json").write_text(json.dumps({"tools": [tool, other]}))
    (tmp_path / "gitlab.json").write_text(json.dumps({"tools": [tool]}))
    paths = [str(tmp_path / "github.json"), str(tmp_path / "gitlab.json")]
    runner = CliRunner()
    result = runner.invoke(
        app, ["query", "select:gitlab/create_issue,get_me", "-f", "json", *paths]
    )
    assert result.exit_code == 0, result.stderr
    found = [(r["source"], r["name"]) for r in json.loads(result.stdout)["results"]]
    assert found == [("github", "get_me"), ("gitlab", "create_issue")]
    result = runner.invoke(app, ["query", "select:gitlab/create_isue", *paths])
    assert result.exit_code == 2
    assert "invalid_tool_input" in result.stderr and "did you mean" in result.stderr


@pytest.mark.parametrize("mode", ["bm25", "regex", "claude-code"])
@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_query_says_so(runner: CliRunner, mode: str, text: str) -> None:
    request = str(FIXTURES / "example" / "request.json")
    result = runner.invoke(app, ["query", text, request, "-m", mode])
    assert result.exit_code == 2
    assert result.stderr == (
        "toolsearch: error: the query is empty: give words to search for "
        "(or a regex with -m regex)\n"
    )


def test_a_catalog_of_malformed_tools_names_the_file_and_what_was_skipped(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"tools": [{"name": 42, "input_schema": "nope"}, "str"]}')
    result = runner.invoke(app, ["query", "anything", str(path)])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("toolsearch: error: no tools to search: every tool entry was skipped")
    assert "bad.json#/tools/0:" in line and "(and 1 more)" in line
    assert "toolsearch lint says why" in line
