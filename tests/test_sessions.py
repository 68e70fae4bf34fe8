"""The core of ``sessions``: streaming, which loads count as used, --since and --project."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.transcripts import NO_MATCH, Session, write_sessions
from toolsearch.errors import UsageError
from toolsearch.sessions import transcripts
from toolsearch.sessions.activity import (
    Activity,
    ActivityReader,
    project_matches,
    server_of,
    tool_part,
)
from toolsearch.sessions.sessions_run import SessionsOptions, parse_since, read_activity
from toolsearch.sessions.transcripts import Transcript, Unreadable, read_entries

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def read(path: Path, **options: Any) -> tuple[Activity, Unreadable]:
    activity, _, _, problems = read_activity(SessionsOptions(paths=(str(path),), **options))
    return activity, problems


def entry(role: str, content: Any, **extra: Any) -> str:
    data = {"sessionId": "s1", "uuid": "u", "message": {"role": role, "content": content}}
    return json.dumps({**data, **extra}) + "\n"


def tool_use(block_id: str, name: str, **arguments: Any) -> dict[str, Any]:
    return {"type": "tool_use", "id": block_id, "name": name, "input": arguments}


def result(block_id: str, content: Any, **extra: Any) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": block_id, "content": content, **extra}


def test_a_line_over_the_limit_is_skipped_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transcripts, "MAX_LINE", 2000)
    monkeypatch.setattr(transcripts, "_CHUNK", 16)
    session = Session("s-long")
    session.call("mcp__a__first")
    huge = entry("user", [result("x", "y" * 5000)])
    session.call("mcp__a__second")
    lines = session.lines().splitlines(keepends=True)
    path = tmp_path / "long.jsonl"
    path.write_text("".join(lines[:2]) + huge + "".join(lines[2:]))
    problems = Unreadable()
    shown = Transcript(path, "long.jsonl", "p")
    with_short_lines = list(read_entries(shown, problems))
    assert problems.malformed == ["long.jsonl:3"]
    assert [e.line for e in with_short_lines] == [1, 2, 4, 5]  # the line after is read


def test_read_entries_streams(tmp_path: Path) -> None:
    """Entries come one at a time: the first is yielded before the file is read to its end."""
    path = tmp_path / "s.jsonl"
    path.write_text(entry("user", "hi") * 3)
    problems = Unreadable()
    entries = read_entries(Transcript(path, "s.jsonl", "p"), problems)
    first = next(entries)
    with path.open("a") as handle:  # appended after the first entry was read
        handle.write(entry("user", "later"))
    assert first.line == 1 and len(list(entries)) == 3


def test_order_decides_when_entries_have_no_timestamp(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(
        entry("assistant", [tool_use("t0", "mcp__a__early")])
        + entry("assistant", [tool_use("t1", "ToolSearch", query="a tools")])
        + entry("user", [result("t1", [{"type": "tool_reference", "tool_name": n} for n in
                                       ("mcp__a__early", "mcp__a__late")])])
        + entry("assistant", [tool_use("t2", "mcp__a__late")])
    )  # fmt: skip
    activity, _ = read(path)
    (search,) = activity.searches
    assert search.used == ("mcp__a__late",)
    assert search.speculative == ("mcp__a__early",)  # called only before it was loaded


def test_results_by_tool_use_result_errors_and_missing_results(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(
        entry("assistant", [tool_use("t1", "ToolSearch", query="slack")])
        + entry("user", [result("t1", "Found 1 tool")], toolUseResult={"matches": ["mcp__s__post"]})
        + entry("assistant", [tool_use("t2", "ToolSearch", query="+bad")])
        + entry("user", [result("t2", "InputValidationError", is_error=True)])
        + entry("assistant", [tool_use("t3", "ToolSearch", query="never answered")])
        + entry("assistant", [tool_use("t4", "ToolSearch", query="select:mcp__s__nothing")])
        + entry("user", [result("t4", [{"type": "text", "text": NO_MATCH}])])
    )  # fmt: skip
    activity, _ = read(path)
    one, error, unanswered, select = activity.searches
    assert one.returned == ("mcp__s__post",) and one.speculative == ("mcp__s__post",)
    assert error.error and not error.found_nothing
    assert unanswered.returned is None and not unanswered.found_nothing
    assert select.is_select and select.found_nothing


def test_since_reads_entries_and_files_from_that_moment(tmp_path: Path) -> None:
    early = Session("s-early", start=datetime(2026, 11, 1, tzinfo=UTC))
    early.call("mcp__a__old")
    late = Session("s-late", start=datetime(2026, 11, 20, tzinfo=UTC))
    late.call("mcp__a__new")
    old, _ = write_sessions(tmp_path, "p", early, late)
    a_month_ago = (NOW - timedelta(days=30)).timestamp()
    os.utime(old, (a_month_ago, a_month_ago))
    activity, _ = read(tmp_path, since=datetime(2026, 11, 10, tzinfo=UTC))
    assert [t.name for t in activity.tools] == ["mcp__a__new"]
    _, _, files, _ = read_activity(
        SessionsOptions(paths=(str(tmp_path),), since=datetime(2026, 11, 10, tzinfo=UTC))
    )
    assert files == 1  # the older file was not opened


def test_parse_since() -> None:
    assert parse_since("7d", NOW) == NOW - timedelta(days=7)
    assert parse_since("2026-11-01", NOW) == datetime(2026, 11, 1, tzinfo=UTC)
    assert parse_since("2026-11-01T10:00:00+02:00", NOW) == datetime(2026, 11, 1, 8, tzinfo=UTC)
    with pytest.raises(UsageError, match="expected a date"):
        parse_since("yesterday", NOW)


def test_project_matches() -> None:
    assert project_matches("shop", "-home-dev-shop", None)
    assert project_matches("-home-dev-shop", "-home-dev-shop", None)
    assert project_matches("dev/shop", "-home-dev-shop", None)
    assert project_matches("shop", "elsewhere", "/home/dev/shop/")
    assert project_matches("/home/dev/shop", "elsewhere", "/home/dev/shop")
    assert not project_matches("shop", "-home-dev-workshop", "/home/dev/workshop")


def test_mcp_names() -> None:
    assert server_of("mcp__github__create_issue") == "github"
    assert server_of("mcp__plugin_tools_slack__post_message") == "plugin_tools_slack"
    assert server_of("Read") is None and server_of("mcp__broken") is None
    assert tool_part("mcp__github__create__issue") == "create__issue"
    assert tool_part("Bash") == "Bash"


def test_summaries_and_sessions_without_calls(tmp_path: Path) -> None:
    session = Session("s-talk")
    session.prompt("hello")
    session.say("hi")
    path = write_sessions(tmp_path, "p", session)[0]
    with path.open("a") as handle:
        handle.write(json.dumps({"type": "summary", "summary": "x", "leafUuid": "u"}) + "\n")
    reader = ActivityReader()
    for found in read_entries(Transcript(path, "s", "p"), Unreadable()):
        reader.add(found)
    activity = reader.finish()
    assert (activity.sessions, activity.calls, activity.entries) == (1, 0, 3)
