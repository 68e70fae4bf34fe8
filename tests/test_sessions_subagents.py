"""sessions counts MCPSearch (ToolSearch's old name) and subagents' calls (issue 26)."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tests.transcripts import Session, write_sessions
from toolsearch.app import app


def sessions(runner: CliRunner, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["sessions", *args, "-f", "json"], env={"COLUMNS": "10000"})
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def calls_by_tool(report: dict[str, Any]) -> dict[str, int]:
    found = {t["name"]: t["calls"] for s in report["servers"] for t in s["tools"]}
    return {name: calls for name, calls in found.items() if name.startswith("mcp__")}


def test_a_subagents_mcp_calls_count_once_each(runner: CliRunner, tmp_path: Path) -> None:
    session = Session("11111111-aaaa-4aaa-8aaa-000000000001")
    session.prompt("find the bug")
    session.call("mcp__github__get_issue")
    session.subagent_calls("a6047be", ["mcp__sentry__list_issues", "mcp__sentry__get_event"])
    session.subagent_calls("b1234cd", ["mcp__sentry__list_issues"])
    paths = write_sessions(tmp_path / "projects", "-home-dev-shop", session)
    # a second file repeating the same entries (a resumed session) adds nothing
    (paths[0].parent / "copy.jsonl").write_text(paths[0].read_text(), encoding="utf-8")
    report = sessions(runner, str(tmp_path / "projects"))
    assert calls_by_tool(report) == {
        "mcp__github__get_issue": 1,
        "mcp__sentry__list_issues": 2,
        "mcp__sentry__get_event": 1,
    }
    assert {"github", "sentry"} <= {s["server"] for s in report["servers"]}
    assert report["calls"] == 4 + 2  # and the two Task calls


def test_mcpsearch_is_a_search(runner: CliRunner, tmp_path: Path) -> None:
    session = Session("22222222-aaaa-4aaa-8aaa-000000000002")
    session.search_as("MCPSearch", "slack post", ["mcp__slack__post_message"])
    session.call("mcp__slack__post_message")
    session.search("jira", ["mcp__jira__create_issue"])
    write_sessions(tmp_path / "projects", "-home-dev-shop", session)
    report = sessions(runner, str(tmp_path / "projects"))
    assert calls_by_tool(report) == {"mcp__slack__post_message": 1}  # searches are not calls
    searches = report["tool_search"]
    assert (searches["queries"], searches["loads"], searches["unused_loads"]) == (2, 2, 1)
    assert "MCPSearch" not in json.dumps(report["servers"])


def test_the_header_counts_only_transcripts_with_entries_in_range(
    runner: CliRunner, tmp_path: Path
) -> None:
    old = Session("33333333-aaaa-4aaa-8aaa-000000000003")
    old.call("mcp__github__get_issue")
    new = Session("44444444-aaaa-4aaa-8aaa-000000000004", cwd="/home/dev/other")
    new.start = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
    new.call("mcp__github__get_issue")
    projects = tmp_path / "projects"
    (path,) = write_sessions(projects, "-home-dev-shop", old)
    write_sessions(projects, "-home-dev-other", new)
    recent = datetime(2026, 11, 21, tzinfo=UTC).timestamp()
    os.utime(path, (recent, recent))  # modified late, but every entry is early
    assert sessions(runner, str(projects), "--since", "2026-11-10T00:00:00Z")["transcripts"] == 1
    assert sessions(runner, str(projects), "--project", "/home/dev/other")["transcripts"] == 1
    assert sessions(runner, str(projects))["transcripts"] == 2
