"""Usage evidence: Claude Code transcripts, Messages API logs, count tables, and matching."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SHARED
from toolsearch.catalog.inputs import load_inputs
from toolsearch.config import Config
from toolsearch.errors import InputError
from toolsearch.recommend.usage import match_usage
from toolsearch.recommend.usage_read import read_usage


def _tool(name: str) -> dict[str, Any]:
    return {"name": name, "description": f"{name} tool", "inputSchema": {"type": "object"}}


@pytest.fixture
def catalog(tmp_path: Path) -> Any:
    """Two MCP sources, github and slack, and a request with a custom tool."""
    (tmp_path / "github.json").write_text(
        json.dumps({"tools": [_tool(n) for n in ("search_issues", "get_me", "create_issue")]})
    )
    (tmp_path / "slack.json").write_text(json.dumps({"tools": [_tool("post.message")]}))
    (tmp_path / "tools.json").write_text(
        json.dumps([{"name": "lookup", "input_schema": {"type": "object"}}])
    )
    return load_inputs(
        [str(tmp_path / n) for n in ("github.json", "slack.json", "tools.json")], Config()
    ).catalog


def _entry(session: str, *blocks: dict[str, Any], role: str = "assistant") -> str:
    return json.dumps(
        {
            "type": role,
            "sessionId": session,
            "uuid": f"u-{session}-{len(blocks)}",
            "message": {"role": role, "content": list(blocks)},
        }
    )


def _use(name: str, block_id: str, kind: str = "tool_use", **extra: Any) -> dict[str, Any]:
    return {"type": kind, "id": block_id, "name": name, "input": {}, **extra}


def test_claude_code_transcript(tmp_path: Path, catalog: Any) -> None:
    lines = [
        json.dumps({"type": "summary", "summary": "a session", "leafUuid": "x"}),
        _entry("s1", {"type": "text", "text": "looking"}, _use("ToolSearch", "toolu_0")),
        _entry("s1", _use("mcp__github__search_issues", "toolu_1")),
        _entry("s1", _use("mcp__github__search_issues", "toolu_1")),  # the same block again
        _entry("s1", {"type": "tool_result", "tool_use_id": "toolu_1"}, role="user"),
        _entry("s2", _use("mcp__github__search_issues", "toolu_2"), _use("Bash", "toolu_3")),
        _entry("s2", _use("mcp__plugin_tools_slack__post_message", "toolu_4")),
        _entry("s3", _use("mcp__github__get_me", "toolu_5")),
        _entry("s3", _use("mcp__github__get_me", "toolu_6")),
    ]
    path = tmp_path / "session.jsonl"
    path.write_text("\n".join(lines) + "\n")
    evidence = read_usage([str(path)])
    assert [f.kind for f in evidence.files] == ["transcript"]
    report = match_usage(evidence, catalog.tools)
    by_name = {name: u for (_, name), u in report.by_tool.items()}
    assert (by_name["search_issues"].calls, by_name["search_issues"].sessions) == (2, 2)
    assert (by_name["get_me"].calls, by_name["get_me"].sessions) == (2, 1)
    assert by_name["post.message"].calls == 1  # plugin form, Claude Code's sanitised name
    assert report.search_calls == 1
    assert report.unknown == {"Bash": 1}
    assert report.sessions == 3
    assert report.total_calls == 7


def test_api_log_of_responses(tmp_path: Path, catalog: Any) -> None:
    responses = [
        {
            "type": "message",
            "role": "assistant",
            "content": [
                _use("tool_search_tool_bm25", "srvtoolu_1", "server_tool_use"),
                _use("web_search", "srvtoolu_2", "server_tool_use"),
                _use("lookup", "toolu_1"),
            ],
        },
        {
            "type": "message",
            "role": "assistant",
            "content": [
                _use("create_issue", "mcptoolu_1", "mcp_tool_use", server_name="github"),
                _use("get_me", "mcptoolu_2", "mcp_tool_use", server_name="elsewhere"),
                _use("no_such_tool", "toolu_2"),
            ],
        },
    ]
    path = tmp_path / "responses.json"
    path.write_text(json.dumps(responses))
    report = match_usage(read_usage([str(path)]), catalog.tools)
    calls = {name: u.calls for (_, name), u in report.by_tool.items()}
    assert calls == {"lookup": 1, "create_issue": 1, "get_me": 1}
    assert report.search_calls == 1
    assert report.server_calls == {"web_search": 1}
    assert report.unknown == {"no_such_tool": 1}
    assert report.by_name_only == 1  # server "elsewhere" is no source: matched by name
    assert report.evidence.files[0].kind == "api-log"


def test_request_response_pairs_count_each_block_once(tmp_path: Path, catalog: Any) -> None:
    first_turn = {"role": "assistant", "content": [_use("lookup", "toolu_1")]}
    pairs = [
        {
            "request": {"model": "m", "messages": [{"role": "user", "content": "hi"}]},
            "response": {"role": "assistant", "content": [_use("lookup", "toolu_1")]},
        },
        {
            "request": {"model": "m", "messages": [first_turn, {"role": "user", "content": []}]},
            "response": {"role": "assistant", "content": [_use("mcp__github__get_me", "toolu_2")]},
        },
    ]
    path = tmp_path / "pairs.jsonl"
    path.write_text("\n".join(json.dumps(p) for p in pairs))
    report = match_usage(read_usage([str(path)]), catalog.tools)
    calls = {name: u.calls for (_, name), u in report.by_tool.items()}
    assert calls == {"lookup": 1, "get_me": 1}


def test_tables_csv_yaml_json(tmp_path: Path, catalog: Any) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "a.csv").write_text("name,count\nsearch_issues,14\ngithub/get_me,3\n")
    (logs / "b.yaml").write_text("mcp__github__create_issue: 2\ntool_search_tool_regex: 5\n")
    (logs / "c.json").write_text(json.dumps([{"name": "lookup", "count": 4}]))
    report = match_usage(read_usage([str(logs / "*.*sv"), str(logs)]), catalog.tools)
    calls = {name: (u.calls, u.sessions, u.from_table) for (_, name), u in report.by_tool.items()}
    assert calls["search_issues"] == (14, 0, True)
    assert calls["get_me"] == (3, 0, True)
    assert calls["create_issue"] == (2, 0, True)
    assert calls["lookup"] == (4, 0, True)
    assert report.search_calls == 5
    assert {f.kind for f in report.evidence.files} == {"table"}
    assert len(report.evidence.files) == 3  # the glob and the directory name a.csv once


def test_tables_with_runs(tmp_path: Path, catalog: Any) -> None:
    """``name,count,runs`` wherever ``name,count`` is read; runs add up with sessions."""
    (tmp_path / "a.csv").write_text("name,count,runs\nsearch_issues,14,5\nget_me,3,3\n")
    (tmp_path / "b.json").write_text(
        json.dumps(
            [{"name": "search_issues", "count": 2, "runs": 1}, {"name": "lookup", "count": 4}]
        )
    )
    (tmp_path / "c.jsonl").write_text(_entry("s9", _use("mcp__github__search_issues", "t1")) + "\n")
    report = match_usage(
        read_usage([str(tmp_path / n) for n in ("a.csv", "b.json", "c.jsonl")]), catalog.tools
    )
    by_name = {name: u for (_, name), u in report.by_tool.items()}
    assert (by_name["search_issues"].calls, by_name["search_issues"].runs) == (17, 7)
    assert by_name["get_me"].runs == 3
    assert by_name["lookup"].runs is None  # a table without runs: unknown
    assert not report.runs_known
    assert match_usage(read_usage([str(tmp_path / "c.jsonl")]), catalog.tools).runs_known


def test_shared_usage_tables_are_read() -> None:
    """The shared development tables (``name,count,runs``) were refused before: "expected two
    columns"."""
    shared = SHARED / "usage" / "filesystem.csv"
    if not shared.exists():
        pytest.skip("../shared/usage is absent")
    calls = read_usage([str(shared)]).calls
    assert calls[0].name == "read_file"
    assert (calls[0].count, calls[0].runs) == (281, 109)


def test_unfinished_last_line_is_a_note(tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    path.write_text(_entry("s", _use("lookup", "t1")) + "\n" + '{"type": "assis')
    evidence = read_usage([str(path)])
    assert len(evidence.calls) == 1
    assert evidence.notes == (f"{path}:2: skipped an unfinished last line",)


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("bad.jsonl", '{"a": 1}\n{oops\n{"b": 2}\n', "bad.jsonl:2:2: invalid JSON in a JSONL"),
        ("bad.csv", "name,count\nx,many\n", "bad.csv:2: count 'many' is not a whole number"),
        ("runs.csv", "x,3,many\n", "runs.csv:1: runs 'many' is not a whole number"),
        ("more.csv", "x,3,4\n", "more.csv:1: runs must be a whole number of runs, 0 to the"),
        ("four.csv", "x,3,4,5\n", "four.csv:1: expected two or three columns"),
        ("bad.yaml", "x: -1\n", "count must be a whole number"),
        ("other.json", '{"name": "x", "version": 1}', "not a usage log"),
        ("plain.txt", "hello", "not a usage file"),
        ("empty.jsonl", "", "file is empty"),
        ("sup.csv", "name,count\nx,²\n", "sup.csv:2: count '²' is not a whole number"),
        ("long.csv", "x," + "9" * 5000 + "\n", "long.csv:1: count '9999"),
        ("field.csv", "x," + "a" * 140_000 + "\n", "field.csv:1: not a CSV name,count table"),
        ("long.json", '{"x": ' + "9" * 5000 + "}", "long.json:1:7: a number of 5,000 digits"),
        ("huge.json", '{"x": 1' + "0" * 400 + "}", "huge.json: x: count must be a whole"),
        ("huge.yaml", "x: 1" + "0" * 400 + "\n", "huge.yaml: x: count must be a whole"),
        ("deep.json", "[" * 100_000 + "]" * 100_000, "deep.json: nesting is too deep"),
        ("deep.jsonl", '{"type": "message"}\n' + "[" * 5000, "deep.jsonl:2: nesting is too"),
        ("inf.json", '{"x": Infinity}', "inf.json:1:7: Infinity is not a finite number"),
    ],
)
def test_bad_usage_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(text)
    with pytest.raises(InputError) as caught:
        read_usage([name])
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_missing_files_and_empty_globs(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such usage file"):
        read_usage([str(tmp_path / "nope.jsonl")])
    with pytest.raises(InputError, match="the pattern matches no file"):
        read_usage([str(tmp_path / "*.jsonl")])
    with pytest.raises(InputError, match="no usage files"):
        read_usage([str(tmp_path)])


def test_hostile_usage_through_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from tests.conftest import FIXTURES
    from toolsearch.app import app

    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.json").write_text('{"x": 1' + "0" * 400 + "}")
    catalog = str(FIXTURES / "example" / "request.json")
    result = CliRunner().invoke(app, ["recommend", catalog, "--usage", "big.json"])
    assert result.exit_code == 2
    assert result.stderr == (
        "toolsearch: error: big.json: x: count must be a whole number of calls, "
        "0 to 1,000,000,000,000,000\n"
    )
