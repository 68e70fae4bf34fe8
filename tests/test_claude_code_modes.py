"""Claude Code's tool-search modes (ENABLE_TOOL_SEARCH), the Haiku case and the budget note."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from toolsearch.app import app
from toolsearch.catalog.claude_code_versions import ClaudeCode
from toolsearch.catalog.tool_search_mode import choose_mode, decide, parse_mode
from toolsearch.errors import UsageError
from toolsearch.schemas import load_schema

OLD = ("--claude-code-version", "2.1.331")  # the last version that turns Haiku's search off


def write_server(folder: Path, name: str, count: int, words: int = 5) -> str:
    """An MCP tools/list of ``count`` tools whose descriptions have about ``words`` words."""
    tools = [
        {
            "name": f"tool_{i}",
            "description": f"Do thing {i} with the widget service." + " More words." * words,
            "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}},
        }
        for i in range(count)
    ]
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("text", "kind", "percent"),
    [
        ("", "always", 0),
        ("true", "always", 0),
        ("auto:0", "always", 0),
        ("false", "never", 0),
        ("auto:100", "never", 0),
        ("auto", "auto", 10),
        ("AUTO:5", "auto", 5),
        ("auto:99", "auto", 99),
    ],
)
def test_modes_read_as_claude_code_reads_them(text: str, kind: str, percent: int) -> None:
    mode = parse_mode(text, "test")
    assert (mode.kind, mode.percent) == (kind, percent)


@pytest.mark.parametrize("text", ["auto:101", "auto:x", "yes", "auto:-1"])
def test_unknown_modes_are_usage_errors(text: str) -> None:
    with pytest.raises(UsageError):
        parse_mode(text, "test")


def test_option_beats_config_beats_environment_beats_default() -> None:
    env = {"ENABLE_TOOL_SEARCH": "false"}
    assert choose_mode("auto", "true", env).origin == "--claude-code-tool-search"
    assert choose_mode(None, "true", env).origin == "config claude-code.tool-search"
    assert choose_mode(None, None, env).kind == "never"
    assert choose_mode(None, None, {}).kind == "always"


def test_threshold_worked_out_by_hand() -> None:
    auto = parse_mode("auto", "test")  # 10% of 200,000 = 20,000
    under = decide(auto, "claude-sonnet-4-5", 20_000, 100, 200_000)
    over = decide(auto, "claude-sonnet-4-5", 20_001, 100, 200_000)
    assert (under.defers, under.threshold, under.reason) == (False, 20_000, "under-threshold")
    assert (over.defers, over.reason) == (True, "over-threshold")
    # On a 1M-token window auto waits for 100K tokens of deferred tools (claude-code #39279).
    assert decide(auto, "claude-sonnet-4-5", 99_000, 0, 1_000_000).defers is False
    assert "crosses the threshold of 10% of 200,000 = 20,000 tokens" in over.summary()
    assert "about 600 tokens of tools upfront" in over.summary()  # 100 loaded + 500 ToolSearch
    assert "all loaded: about 20,101" in over.summary()
    # Claude Code's list of deferred names is upfront too (issue 26)
    listed = decide(auto, "claude-sonnet-4-5", 20_001, 100, 200_000, listed_tokens=40)
    assert "about 640 tokens of tools upfront, ToolSearch and the listed names" in listed.summary()


def test_haiku_defers_nothing_in_every_mode_before_2_1_332() -> None:
    old, new = ClaudeCode("2.1.331"), ClaudeCode("2.1.332")
    for text in ("true", "auto:1"):
        mode = parse_mode(text, "t")
        decision = decide(mode, "claude-haiku-4-5-20251001", 10**6, 0, 200_000, old)
        assert (decision.defers, decision.reason) == (False, "haiku")
        assert decide(mode, "claude-haiku-4-5-20251001", 10**6, 0, 200_000, new).defers
        claude_3 = decide(mode, "claude-3-5-haiku-20241022", 10**6, 0, 200_000, new)
        assert (claude_3.defers, claude_3.reason) == (False, "model")
        assert "turns tool search off for claude-3-5-haiku" in claude_3.summary()


def budget(runner: CliRunner, *args: str) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, ["budget", "-f", "json", "--target", "claude-code", *args])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("budget"))
    return data  # type: ignore[no-any-return]


def test_budget_under_auto_says_which_side_and_loads_everything(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ENABLE_TOOL_SEARCH", raising=False)
    source = write_server(tmp_path, "srv", 4)
    deferred = budget(runner, source)
    assert all(row["deferred"] for row in deferred["tools"])
    assert any("not counted" in note for note in deferred["scopes"][0]["notes"])
    loaded = budget(runner, "--claude-code-tool-search", "auto", source)
    assert not any(row["deferred"] for row in loaded["tools"])
    totals = loaded["scopes"][0]["totals"]
    assert totals["search_tool"] == 0 and totals["upfront"] == totals["all_loaded"]
    (note,) = [n for n in loaded["scopes"][0]["notes"] if "threshold" in n]
    assert "does not cross the threshold of 10% of 200,000 = 20,000 tokens" in note
    crossed = budget(runner, "--claude-code-tool-search", "auto:1", "--context-window", "1000",
                     source)  # fmt: skip
    assert all(row["deferred"] for row in crossed["tools"])
    assert any("crosses the threshold of 1% of 1,000 = 10 tokens" in n
               for n in crossed["scopes"][0]["notes"])  # fmt: skip


def test_environment_and_config_choose_the_mode(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write_server(tmp_path, "srv", 3)
    monkeypatch.setenv("ENABLE_TOOL_SEARCH", "false")
    assert not any(row["deferred"] for row in budget(runner, source)["tools"])
    config = tmp_path / "cfg.yaml"
    config.write_text("claude-code: {tool-search: true}\n", encoding="utf-8")
    assert all(row["deferred"] for row in budget(runner, "--config", str(config), source)["tools"])
    bad = runner.invoke(app, ["budget", "--claude-code-tool-search", "auto:x", source])
    assert bad.exit_code == 2 and "auto:N" in bad.stderr


def test_haiku_lint_note_and_query_over_every_tool(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ENABLE_TOOL_SEARCH", raising=False)
    source = write_server(tmp_path, "srv", 3)
    args = ["--target", "claude-code", "--model", "claude-haiku-4-5", source, *OLD]
    lint = runner.invoke(
        app, ["lint", "--select", "claude-code-loads-all-tools", "-f", "json", *args]
    )
    (finding,) = json.loads(lint.stdout)["diagnostics"]
    assert finding["message"].startswith("server 'srv': all 3 of its tools are loaded upfront")
    assert "Claude Code 2.1.331 does not search with claude-haiku-4-5" in finding["message"]
    sonnet = runner.invoke(
        app, ["lint", "--select", "claude-code-loads-all-tools", "--target", "claude-code", source]
    )
    assert sonnet.exit_code == 0
    query = runner.invoke(app, ["query", "thing 1", "-f", "json", *args])
    assert query.exit_code == 0, query.stderr
    scope = json.loads(query.stdout)["scopes"][0]
    assert (scope["searched"], scope["searched_set"]) == (3, "all")
    evaluated = runner.invoke(app, ["eval", "--self", "-f", "json", *args])
    assert evaluated.exit_code == 0, evaluated.stderr


@pytest.mark.parametrize(
    "args",
    [("--model", "claude-haiku-4-5", *OLD), ("--claude-code-tool-search", "false")],
    ids=["haiku", "off"],
)
def test_recommend_keeps_everything_where_claude_code_defers_nothing(
    runner: CliRunner, tmp_path: Path, args: tuple[str, ...]
) -> None:
    server = write_server(tmp_path, "docs", 12)
    base = ["recommend", "--target", "claude-code", server, "-f", "json"]
    deferring = json.loads(runner.invoke(app, base).stdout)
    assert len(deferring["keep"]) < 12  # the default mode defers: a choice is made
    result = runner.invoke(app, [*base, *args])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["keep"]) == 12
    (note,) = [n for n in data["scopes"][0]["notes"] if "nothing to choose" in n]
    assert "every MCP tool is loaded" in note
