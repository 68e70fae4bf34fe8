"""Catalog text is untrusted: no format lets it drive the terminal, and markup stays literal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolsearch.app import app
from toolsearch.sanitize import has_unsafe

HOSTILE = (
    "[bold red]markup[/] \x1b[2J\x1b[31mred\x1b[0m "
    "\x1b]8;;https://evil.example\x07click\x1b]8;;\x07 "
    "rtl\u202eoverride zero\u200bwidth tag\U000e0041s c1\x9bcsi del\x7f bell\x07"
)


def hostile_catalog(folder: Path) -> Path:
    tools = [
        {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
        {
            "name": "send_message",
            "description": "Send a message to a channel. " + HOSTILE,
            "input_schema": {
                "type": "object",
                "properties": {"text": {"type": "string", "description": HOSTILE}},
            },
        },
    ]
    for index in range(10):
        tools.append(
            {
                "name": f"tool_{index}[bold]x\u202e",
                "description": f"Find message number {index}. {HOSTILE}",
                "defer_loading": True,
                "input_schema": {"type": "object", "properties": {}},
            }
        )
    path = folder / "hostile.json"
    path.write_text(json.dumps(tools), encoding="utf-8")
    return path


RUNS = [
    (["budget"], "text"),
    (["budget", "-f", "json"], "json"),
    (["budget", "-f", "markdown"], "text"),
    (["budget", "-f", "github"], "text"),
    (["lint", "--fail-on", "info"], "text"),
    (["lint", "-f", "json"], "json"),
    (["lint", "-f", "sarif"], "json"),
    (["lint", "-f", "gitlab"], "json"),
    (["lint", "-f", "github"], "text"),
    (["lint", "-f", "markdown"], "text"),
    (["lint", "-f", "concise", "--fail-on", "info"], "text"),
    (["lint", "--statistics", "--fail-on", "info"], "stats"),
    (["lint", "--diff"], "diff"),
    (["query", "message"], "text"),
    (["query", "message", "-f", "json"], "json"),
    (["query", "message", "-f", "tool-reference"], "json"),
    (["query", "--mode", "regex", "(?i)message"], "text"),
    (["eval", "--self"], "text"),
    (["eval", "--self", "-f", "json"], "json"),
    (["recommend", "--all"], "text"),
    (["recommend", "--all", "-f", "json"], "json"),
    (["recommend", "--diff"], "text"),
    (["report", "-o", "-"], "html"),
]


@pytest.mark.parametrize(
    ("args", "kind"), RUNS, ids=lambda v: " ".join(v) if isinstance(v, list) else v
)
def test_no_terminal_control_reaches_stdout(args: list[str], kind: str, tmp_path: Path) -> None:
    path = hostile_catalog(tmp_path)
    result = CliRunner().invoke(app, [*args, str(path)])
    assert result.exit_code in (0, 1), result.stderr
    out = result.stdout
    assert "\x1b" not in out and "\x07" not in out
    assert not has_unsafe(out.replace("\n", "").replace("\t", ""))
    if kind == "json":
        json.loads(out)  # stays valid whatever the text holds
    elif kind in ("stats", "diff"):
        pass  # rule ids and counts, or nothing to fix: no catalog text
    else:
        assert "[bold" in out or args[0] in ("eval",), "markup must be shown literally"


def test_json_keeps_the_text_recoverable(tmp_path: Path) -> None:
    path = hostile_catalog(tmp_path)
    out = CliRunner().invoke(app, ["query", "message", "-f", "json", "--all", str(path)]).stdout
    names = [r["name"] for r in json.loads(out)["results"]]
    assert "tool_0[bold]x\u202e" in names  # escaped in the text, exact once parsed


LOOK_ALIKE = "send_\u200bemail"
TEXT_RUNS = [
    ["budget"],
    ["budget", "-f", "markdown"],
    ["budget", "-f", "github"],
    ["lint", "--fail-on", "info"],
    ["lint", "-f", "github"],
    ["lint", "-f", "markdown"],
    ["query", "send email", "--all"],
    ["recommend", "--all"],
]


@pytest.mark.parametrize("args", TEXT_RUNS, ids=" ".join)
def test_a_look_alike_name_shows_its_invisible_character(args: list[str], tmp_path: Path) -> None:
    tools = [
        {"name": name, "description": "Send an email.", "input_schema": {"type": "object"}}
        for name in ("send_email", LOOK_ALIKE)
    ]
    path = tmp_path / "look.json"
    path.write_text(json.dumps(tools), encoding="utf-8")
    result = CliRunner().invoke(app, [*args, str(path)])
    assert result.exit_code in (0, 1), result.stderr
    shown = result.stdout.replace("\\_", "_").replace("\\\\", "\\")  # markdown's escapes undone
    assert "send_\\u200bemail" in shown
    assert "\u200b" not in result.stdout


def test_json_keeps_a_look_alike_name_exact(tmp_path: Path) -> None:
    tools = [{"name": LOOK_ALIKE, "description": "Send.", "input_schema": {"type": "object"}}]
    path = tmp_path / "look.json"
    path.write_text(json.dumps(tools), encoding="utf-8")
    out = CliRunner().invoke(app, ["budget", "-f", "json", str(path)]).stdout
    assert '"send_\\u200bemail"' in out  # JSON-escaped in the file ...
    assert LOOK_ALIKE in out.encode().decode("unicode_escape")  # ... and the name once parsed


def test_control_characters_in_usage_names_show_escaped(tmp_path: Path) -> None:
    tools = [{"name": "send_email", "description": "Send.", "input_schema": {"type": "object"}}]
    (tmp_path / "t.json").write_text(json.dumps(tools), encoding="utf-8")
    (tmp_path / "u.csv").write_text("name,count\nsend_email,5\nbell\x07tool,3\n", encoding="utf-8")
    args = ["recommend", str(tmp_path / "t.json"), "--usage", str(tmp_path / "u.csv")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert "unknown tools: bell\\u0007tool (3)" in result.stdout
    assert "\x07" not in result.stdout
