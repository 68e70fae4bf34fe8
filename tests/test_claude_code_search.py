"""Claude Code 2.1.100's own ToolSearch (``--mode claude-code``), with results worked out by
hand; later versions: test_claude_code_versions.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolsearch.app import app
from toolsearch.retrieval.claude_code_index import Entry, KeywordIndex
from toolsearch.retrieval.claude_code_search import NameParts, name_parts

OLD = ["--claude-code-version", "2.1.100"]
TOOLS: list[dict[str, Any]] = [
    {"name": "send_message", "description": "Send a message to a channel."},
    {"name": "list_channels", "description": "List channels."},
    {
        "name": "message_history",
        "description": "Read the history of a channel.",
        "_meta": {"anthropic/searchHint": "  messages\n conversation   log "},
    },
    {"name": "sendmail", "description": "Mail something."},
]


def write_server(folder: Path, name: str, tools: list[dict[str, Any]]) -> Path:
    for tool in tools:
        tool.setdefault("inputSchema", {"type": "object"})
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    return path


def query(runner: CliRunner, path: Path, text: str, *extra: str) -> list[tuple[str, Any]]:
    result = runner.invoke(
        app,
        ["query", text, f"srv={path}", "--target", "claude-code", "-f", "json", *OLD, *extra],
    )
    assert result.exit_code == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["mode"] == "claude-code"
    return [(r["sent_name"], r["score"]) for r in found["results"]]


@pytest.fixture
def server(tmp_path: Path) -> Path:
    return write_server(tmp_path, "srv", [dict(t) for t in TOOLS])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a name part (12) and a whole word of the description (2); a part holding it (6)
        ("send", [("mcp__srv__send_message", 14.0), ("mcp__srv__sendmail", 6.0)]),
        # "messages" in the hint is not the whole word "message"
        ("message", [("mcp__srv__send_message", 14.0), ("mcp__srv__message_history", 12.0)]),
        # a whole word of the search hint (4), its whitespace folded
        ("conversation", [("mcp__srv__message_history", 4.0)]),
        # +channel keeps tools with it in a name part or a whole word of description or hint;
        # every term scores: list_channels 6; message_history 2 + 2 (read); send_message 2
        (
            "+channel read",
            [
                ("mcp__srv__list_channels", 6.0),
                ("mcp__srv__message_history", 4.0),
                ("mcp__srv__send_message", 2.0),
            ],
        ),
        # ties keep Claude Code's order: its tools sorted by localeCompare of their sent
        # names (every version driven, 2.1.100 too: tests/test_claude_code_client.py)
        (
            "srv",
            [
                ("mcp__srv__list_channels", 12.0),
                ("mcp__srv__message_history", 12.0),
                ("mcp__srv__send_message", 12.0),
                ("mcp__srv__sendmail", 12.0),
            ],
        ),
        # an exact sent name (any case) is the one result
        ("  MCP__SRV__List_Channels ", [("mcp__srv__list_channels", None)]),
        # an mcp__ prefix: the deferred tools whose names start with it, in that order
        ("mcp__srv__send", [("mcp__srv__send_message", None), ("mcp__srv__sendmail", None)]),
        # a prefix nothing has goes on as a keyword search (it is one term)
        ("mcp__srv__zzz", []),
        # select: names in the order asked, each once, unknown ones dropped
        (
            "SELECT: mcp__srv__sendmail , nope, mcp__srv__send_message,mcp__srv__sendmail",
            [("mcp__srv__sendmail", None), ("mcp__srv__send_message", None)],
        ),
        # toolsearch's own source/name form works in select: as well
        ("select:srv/list_channels", [("mcp__srv__list_channels", None)]),
        ("nothing-like-it", []),
    ],
)
def test_searches_worked_out_by_hand(
    runner: CliRunner, server: Path, text: str, expected: list[tuple[str, Any]]
) -> None:
    assert query(runner, server, text) == expected


def test_limit_cuts_keyword_and_prefix_results(runner: CliRunner, server: Path) -> None:
    assert [n for n, _ in query(runner, server, "srv", "--limit", "2")] == [
        "mcp__srv__list_channels",
        "mcp__srv__message_history",
    ]
    first = [("mcp__srv__list_channels", None)]
    assert query(runner, server, "mcp__srv__", "--limit", "1") == first


def test_loaded_tools_are_not_searched_but_exact_names_reach_them(
    runner: CliRunner, tmp_path: Path
) -> None:
    tools = [dict(t) for t in TOOLS]
    tools[1]["_meta"] = {"anthropic/alwaysLoad": True}
    path = write_server(tmp_path, "srv", tools)
    assert "mcp__srv__list_channels" not in [n for n, _ in query(runner, path, "channels")]
    assert query(runner, path, "mcp__srv__list_channels") == [("mcp__srv__list_channels", None)]
    assert query(runner, path, "select:mcp__srv__list_channels") == [
        ("mcp__srv__list_channels", None)
    ]


def test_names_with_other_characters_are_sent_with_underscores(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = write_server(tmp_path, "x", [{"name": "get.page", "description": "Get a page."}])
    result = runner.invoke(
        app,
        ["query", "page", f"my.server={path}", "--target", "claude-code", "-f", "json", *OLD],
    )
    assert result.exit_code == 0, result.stderr
    (found,) = json.loads(result.stdout)["results"]
    assert found["sent_name"] == "mcp__my_server__get_page"
    assert found["score"] == 12.0 + 2.0


def test_descriptions_are_cut_at_2048_characters(runner: CliRunner, tmp_path: Path) -> None:
    long = "word " * 400 + "early " + "x" * 100 + " lateword"  # 2,115 characters
    path = write_server(tmp_path, "srv", [{"name": "t", "description": long}])
    assert query(runner, path, "early") == [("mcp__srv__t", 2.0)]
    assert query(runner, path, "lateword") == []  # beyond what Claude Code sends
    result = runner.invoke(
        app, ["budget", f"srv={path}", "--target", "claude-code", "-f", "json", "--all"]
    )
    assert result.exit_code == 0, result.stderr


def test_no_result_is_claude_codes_text(runner: CliRunner, server: Path) -> None:
    base = ["query", "zzz", f"srv={server}", "--target", "claude-code"]
    result = runner.invoke(app, [*base, "-f", "tool-reference"])
    assert json.loads(result.stdout) == [
        {"type": "text", "text": "No matching deferred tools found"}
    ]
    assert "No matching deferred tools found" in runner.invoke(app, base).stdout


def test_the_mode_follows_the_target_unless_chosen(runner: CliRunner, server: Path) -> None:
    api = runner.invoke(app, ["query", "send", f"srv={server}", "-f", "json"])
    assert json.loads(api.stdout)["mode"] == "bm25"
    chosen = runner.invoke(
        app, ["query", "send", f"srv={server}", "-m", "claude-code", "-f", "json"]
    )
    assert json.loads(chosen.stdout)["mode"] == "claude-code"
    bm25 = runner.invoke(
        app,
        ["query", "send", f"srv={server}", "--target", "claude-code", "-m", "bm25", "-f", "json"],
    )
    assert json.loads(bm25.stdout)["mode"] == "bm25"


def test_name_parts() -> None:
    assert name_parts("mcp__my-srv__Read__text_file") == NameParts(
        ("my-srv", "read", "text", "file"), "my-srv read text file", True
    )
    camel = NameParts(("get", "user", "id", "now"), "get user id now", False)
    assert name_parts("getUserID_now") == camel


def score(entry: Entry, terms: list[str]) -> int:
    ranked = KeywordIndex([entry]).ranked(terms, [])
    return ranked[0][1] if ranked else 0


def test_scores_of_tools_that_are_not_mcp_and_the_full_name_fallback() -> None:
    plain = name_parts("sendMessage")
    entry = Entry(plain.parts, plain.full, plain.is_mcp, "sends one.", "")
    assert score(entry, ["send"]) == 10  # a name part, not MCP
    assert score(entry, ["mess"]) == 5  # a part holds it, not MCP
    # the full form holds the term while no part does: 3, and only while nothing scored
    crafted = Entry(("ab", "cd"), "abxcd", True, "", "")
    assert score(crafted, ["bxc"]) == 3
    assert score(crafted, ["ab", "bxc"]) == 12
