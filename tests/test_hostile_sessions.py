"""``toolsearch sessions`` against hostile transcripts: sizes once quadratic, dates out of range."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.transcripts import Session, write_sessions
from toolsearch.app import app
from toolsearch.sessions.activity import SearchOutcome

SESSION = "e1b2c3d4-0000-4000-8000-00000000000e"


def _entry(kind: str, message: dict[str, Any], **extra: Any) -> str:
    return json.dumps({"sessionId": SESSION, "uuid": f"u{len(extra)}", "type": kind,
                       "message": message, **extra}) + "\n"  # fmt: skip


def _calls(names: list[str]) -> str:
    """One assistant entry calling every tool of ``names``."""
    blocks = [
        {"type": "tool_use", "id": f"c{i}", "name": n, "input": {}} for i, n in enumerate(names)
    ]
    return _entry("assistant", {"role": "assistant", "content": blocks})


def one_search_then_all_called(count: int) -> str:
    """A ToolSearch result naming ``count`` tools, then one entry calling all of them."""
    names = [f"mcp__s__tool_{i}" for i in range(count)]
    search = {"type": "tool_use", "id": "search", "name": "ToolSearch", "input": {"query": "x"}}
    refs = [{"type": "tool_reference", "tool_name": n} for n in names]
    result = {"type": "tool_result", "tool_use_id": "search", "content": refs}
    return (
        _entry("assistant", {"role": "assistant", "content": [search]})
        + _entry("user", {"role": "user", "content": [result]})
        + _calls(names)
    )


def one_line_on_many_servers(count: int) -> str:
    """One assistant entry with ``count`` tool_use blocks, each on its own server."""
    return _calls([f"mcp__server{i}__tool" for i in range(count)])


def _cpu_of_sessions(runner: CliRunner, path: Path, text: str) -> tuple[float, dict[str, Any]]:
    path.write_text(text)
    start = time.process_time()
    result = runner.invoke(app, ["sessions", "-f", "json", str(path)])
    cost = time.process_time() - start
    assert result.exit_code == 0, result.output
    return cost, json.loads(result.stdout)


@pytest.mark.parametrize(
    ("build", "small", "large"),
    [(one_search_then_all_called, 2_000, 32_000), (one_line_on_many_servers, 1_000, 8_000)],
)
def test_sessions_is_linear_in_what_one_entry_names(
    runner: CliRunner, tmp_path: Path, build: Any, small: int, large: int
) -> None:
    """N times the tools cost about N times the CPU (quadratic: N squared times), measured in one
    process one after the other, so a loaded machine slows both alike. The work is the bound:
    the ratio, not the seconds."""
    small_cost, _ = _cpu_of_sessions(runner, tmp_path / "small.jsonl", build(small))
    large_cost, data = _cpu_of_sessions(runner, tmp_path / "large.jsonl", build(large))
    calls = sum(t["calls"] for s in data["servers"] for t in s["tools"])
    assert calls == large
    if build is one_search_then_all_called:
        assert data["tool_search"]["loads"] == large and data["tool_search"]["unused_loads"] == 0
    else:
        assert len(data["servers"]) == large
        assert all(s["sessions"] == 1 for s in data["servers"])
    factor = large // small
    assert large_cost < 3 * factor * max(small_cost, 0.05), (small_cost, large_cost)


def test_unused_loads_are_linear_in_the_tools_one_search_loaded() -> None:
    """The same check on the core alone, where no fixed cost hides a square: eight times the
    tools, about eight times the CPU (it was 64 times: a scan of the used tools per tool)."""
    costs = []
    for count in (4_000, 32_000):
        names = tuple(f"mcp__s__tool_{i}" for i in range(count))
        outcome = SearchOutcome("s", "q", "f:1", names, names[::-1], False)
        start = time.process_time()
        assert outcome.speculative == ()
        costs.append(time.process_time() - start)
    assert costs[1] < 24 * max(costs[0], 0.001), costs


@pytest.mark.parametrize(
    "stamp", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00", "not a time", 12]
)
def test_a_bad_timestamp_is_a_missing_one_counted_in_a_note(
    runner: CliRunner, tmp_path: Path, stamp: Any
) -> None:
    session = Session("f1b2c3d4-0000-4000-8000-00000000000f")
    session.call("mcp__github__create_issue")
    session.call("mcp__github__list_issues")
    session.entries[0]["timestamp"] = stamp
    path = write_sessions(tmp_path / "projects", "-x", session)[0]
    result = runner.invoke(app, ["sessions", "-f", "json", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["notes"] == [
        "1 entry has a timestamp that is not an ISO 8601 time within the years 1-9999 in UTC "
        f"({path}:1): read as entries without a time"
    ]
    assert sum(t["calls"] for s in data["servers"] for t in s["tools"]) == 2
    text = runner.invoke(app, ["sessions", str(path)])
    assert text.exit_code == 0 and "read as entries without a time" in text.stdout


@pytest.mark.parametrize(
    "since", ["99999999d", "999999999999999999999d", "9" * 5000 + "d", "0001-01-01T00:00:00+14:00"]
)
def test_a_since_out_of_range_is_one_line(runner: CliRunner, tmp_path: Path, since: str) -> None:
    session = Session("a1b2c3d4-0000-4000-8000-00000000000a")
    session.call("mcp__github__create_issue")
    path = write_sessions(tmp_path / "projects", "-x", session)[0]
    result = runner.invoke(app, ["sessions", "--since", since, str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"toolsearch: error: --since {since!r}: before the year 1 or after the year 9999 in UTC; "
        "give a date within them (2026-11-01) or fewer days back (7d)\n"
    )
