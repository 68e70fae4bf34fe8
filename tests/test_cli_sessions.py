"""``toolsearch sessions`` as a user runs it, on transcripts written the way Claude Code writes
them into a temporary home: calls per tool, ToolSearch's misses and unused loads, what to keep,
both exports, and the round trips into ``recommend --usage`` and ``eval``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.catalogs import mcp_tools, write_json
from tests.conftest import HANG_LIMIT
from tests.transcripts import Session, write_sessions
from toolsearch.app import app
from toolsearch.schemas import load_schema

GITHUB = ["create_issue", "list_issues", "create_pull_request", "get_pull_request", "search_code"]
SLACK = ["post_message", "list_channels"]
PLUGIN_SLACK = "mcp__plugin_tools_slack__post_message"
PRIVATE = ("PRIVATE-PROMPT", "PRIVATE-ARG", "PRIVATE-REPLY", "done")


def shop_session() -> Session:
    """A search that loads two tools (one used), one that finds nothing, a plugin select:."""
    session = Session("a1b2c3d4-0000-4000-8000-00000000000a")
    session.prompt("PRIVATE-PROMPT: file an issue about the login bug")
    session.search("github issue create", ["mcp__github__create_issue", "mcp__github__list_issues"])
    session.call("mcp__github__create_issue", {"title": "PRIVATE-ARG"})
    session.search("calendar meeting", [])
    session.search(f"select:{PLUGIN_SLACK}", [PLUGIN_SLACK])
    session.call(PLUGIN_SLACK, {"text": "PRIVATE-ARG"})
    session.call("Read", {"file_path": "/home/dev/shop/PRIVATE-ARG.txt"})
    session.say("PRIVATE-REPLY: filed it and told the team.")
    return session


def blog_session() -> Session:
    session = Session(
        "b1b2c3d4-0000-4000-8000-00000000000b",
        cwd="/home/dev/blog",
        start=datetime(2026, 11, 10, 14, 0, tzinfo=UTC),
    )
    session.search(
        "github pull request",
        ["mcp__github__create_pull_request", "mcp__github__get_pull_request"],
    )
    session.call("mcp__github__get_pull_request")
    session.call("mcp__github__create_issue")
    return session


def old_session() -> Session:
    session = Session(
        "c1b2c3d4-0000-4000-8000-00000000000c", start=datetime(2026, 10, 1, 8, 0, tzinfo=UTC)
    )
    session.call("mcp__github__list_issues")
    session.call("mcp__github__list_issues")
    return session


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home whose ~/.claude/projects holds three sessions in two projects."""
    home = tmp_path / "home"
    projects = home / ".claude" / "projects"
    write_sessions(projects, "-home-dev-shop", shop_session(), old_session())
    write_sessions(projects, "-home-dev-blog", blog_session())
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    return home


@pytest.fixture
def catalogs(tmp_path: Path) -> tuple[str, str]:
    github = write_json(tmp_path / "github.json", mcp_tools(GITHUB))
    slack = write_json(tmp_path / "slack-tools.json", mcp_tools(SLACK))
    return f"github={github}", f"slack={slack}"


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "10000"})
    return result.exit_code, result.stdout, result.stderr


def as_json(runner: CliRunner, *args: str) -> dict[str, Any]:
    code, out, err = run(runner, "sessions", "-f", "json", *args)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    jsonschema.validate(data, load_schema("sessions"))
    return data


def export_cases(runner: CliRunner, cases: Path, *args: str) -> tuple[str, list[Any]]:
    """Run ``sessions --export-cases``; its report and the cases written."""
    code, out, err = run(runner, "sessions", "--export-cases", str(cases), *args)
    assert code == 0, err
    return out, [json.loads(line) for line in cases.read_text().splitlines()]


def tools_of(data: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {t["name"]: (t["calls"], t["sessions"]) for s in data["servers"] for t in s["tools"]}


def test_reads_the_users_own_transcripts_by_default(runner: CliRunner, home: Path) -> None:
    data = as_json(runner)
    assert data["origins"] == ["~/.claude/projects"]
    assert (data["transcripts"], data["sessions"], data["calls"]) == (3, 3, 7)
    assert tools_of(data) == {
        "mcp__github__create_issue": (2, 2),
        "mcp__github__list_issues": (2, 1),
        "mcp__github__get_pull_request": (1, 1),
        PLUGIN_SLACK: (1, 1),
        "Read": (1, 1),
    }
    servers = [(s["server"], s["calls"], s["sessions"]) for s in data["servers"]]
    assert servers == [("github", 5, 3), ("plugin_tools_slack", 1, 1), (None, 1, 1)]
    github = data["servers"][0]
    assert github["last_used"] == "2026-11-10T14:05:00Z"  # create_issue, its last call
    assert (data["first"], data["last"]) == ("2026-10-01T08:01:00Z", "2026-11-10T14:06:00Z")
    assert data["never_called"] is None


def test_tool_search_activity(runner: CliRunner, home: Path) -> None:
    search = as_json(runner)["tool_search"]
    assert search["queries"] == 4 and search["sessions"] == 2
    assert (search["keyword"], search["select"]) == (3, 1)
    assert search["found_nothing"] == 1
    assert search["found_nothing_queries"] == [{"query": "calendar meeting", "times": 1}]
    assert (search["loads"], search["unused_loads"]) == (5, 2)
    # list_issues is called, but in another session: its load in the shop session was unused
    assert search["unused_loads_by_tool"] == [
        {"name": "mcp__github__create_pull_request", "loads": 1, "unused": 1},
        {"name": "mcp__github__list_issues", "loads": 1, "unused": 1},
    ]
    assert search["no_result"] == 0 and search["errors"] == 0


def test_keep_serves_the_most_sessions(runner: CliRunner, home: Path) -> None:
    keep = as_json(runner, "--keep", "2")["keep"]
    assert [t["name"] for t in keep["tools"]] == [
        "mcp__github__create_issue",
        "mcp__github__list_issues",
    ]
    assert (keep["served"], keep["uses"], keep["share"]) == (3, 5, 0.6)
    assert (keep["sessions_served"], keep["sessions_with_mcp"]) == (1, 3)
    assert keep["upfront_tokens"] is None and keep["method"] is None
    assert as_json(runner)["tool_search"]["unused_load_tokens"] is None


def test_text_report(runner: CliRunner, home: Path) -> None:
    code, out, err = run(runner, "sessions", "--keep", "2")
    assert code == 0, err
    assert out.startswith(
        "sessions: 3 sessions in 3 transcripts (~/.claude/projects), 2026-10-01 to 2026-11-10; "
        "7 tool calls\n"
    )
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line.strip()}
    assert rows["github"] == ["5", "3", "2026-11-10"]
    assert rows["create_issue"] == ["2", "2", "2026-11-10"]
    assert rows["plugin_tools_slack"] == ["1", "1", "2026-11-02"]
    assert "ToolSearch: 4 searches in 2 sessions (3 by keyword, 1 select:)" in out
    assert '  found nothing: 1\n    "calendar meeting"\n' in out
    assert "loaded 5 tools; 2 of these loads never called afterwards" in out
    assert "    mcp__github__list_issues: 1 of 1 load unused" in out
    assert "serve 0.60 of session uses (3 of 5 session-tool pairs" in out
    assert "1 of 3 sessions with MCP calls call no other MCP tool" in out
    assert "upfront cost: unknown without the tools' definitions" in out


@pytest.mark.parametrize("fmt", ["text", "json", "markdown"])
def test_no_message_text_is_printed(runner: CliRunner, home: Path, fmt: str) -> None:
    code, out, err = run(runner, "sessions", "-f", fmt)
    assert code == 0, err
    for private in PRIVATE:
        assert private not in out + err


@pytest.mark.parametrize("fmt", ["text", "json", "markdown"])
def test_redact_hashes_queries(runner: CliRunner, home: Path, fmt: str) -> None:
    code, out, err = run(runner, "sessions", "-f", fmt, "--redact")
    assert code == 0, err
    assert "calendar meeting" not in out
    assert "sha256:" in out
    if fmt == "json":
        query = json.loads(out)["tool_search"]["found_nothing_queries"][0]["query"]
        assert query.startswith("sha256:") and len(query) == len("sha256:") + 12


def test_markdown(runner: CliRunner, home: Path) -> None:
    code, out, err = run(runner, "sessions", "-f", "markdown")
    assert code == 0, err
    assert out.startswith("## Claude Code sessions\n")
    assert "| **github** | | 5 | 3 | 2026-11-10 |" in out
    assert "| | create\\_issue | 2 | 2 | 2026-11-10 |" in out
    assert "| 4 | 2 | 3 | 1 | 1 | 5 | 2 |" in out
    assert '- "calendar meeting" (1 time)' in out


def test_since_and_project(runner: CliRunner, home: Path) -> None:
    recent = as_json(runner, "--since", "2026-11-01")
    assert (recent["sessions"], recent["calls"]) == (2, 5)
    assert recent["since"] == "2026-11-01T00:00:00Z"
    assert "mcp__github__list_issues" not in tools_of(recent)
    blog = as_json(runner, "--project", "blog")
    assert (blog["sessions"], blog["calls"]) == (1, 2)
    shop = as_json(runner, "--project", "/home/dev/shop")
    assert (shop["sessions"], shop["calls"]) == (2, 5)
    by_folder = as_json(runner, "--project", "-home-dev-shop")
    assert by_folder["sessions"] == 2
    nowhere = as_json(runner, "--project", "nope")
    assert nowhere["sessions"] == 0
    assert any(
        n.startswith("--project 'nope' matched no session; the transcripts' project folders are ")
        and "-home-dev-shop" in n
        for n in nowhere["notes"]
    )


def test_claude_config_dir(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "empty-home"))
    config = tmp_path / "claude-config"
    write_sessions(config / "projects", "-srv-app", blog_session())
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    data = as_json(runner)
    assert data["origins"] == [str(config / "projects")]
    assert data["sessions"] == 1


def test_paths_files_folders_and_globs(runner: CliRunner, home: Path) -> None:
    projects = home / ".claude" / "projects"
    one = projects / "-home-dev-blog" / "b1b2c3d4-0000-4000-8000-00000000000b.jsonl"
    assert as_json(runner, str(one))["sessions"] == 1
    assert as_json(runner, str(projects / "-home-dev-shop"))["sessions"] == 2
    assert as_json(runner, str(projects / "*" / "*.jsonl"))["sessions"] == 3


def test_catalog_never_called_cost_and_plugin_servers(
    runner: CliRunner, home: Path, catalogs: tuple[str, str]
) -> None:
    data = as_json(runner, "--catalog", catalogs[0], "--catalog", catalogs[1], "--keep", "2")
    never = {n["source"]: (n["tools"], n["total"]) for n in data["never_called"]}
    assert never == {
        "github": (["create_pull_request", "search_code"], 5),
        "slack": (["list_channels"], 2),  # the plugin server's post_message was called
    }
    keep = data["keep"]
    assert keep["priced"] == 2 and keep["upfront_tokens"] > 0
    assert "estimate" in keep["method"]
    code, out, err = run(runner, "budget", "-f", "json", "--target", "claude-code", *catalogs)
    assert code == 0, err
    budget = {t["sent_name"]: t["tokens"] for t in json.loads(out)["tools"]}
    kept = sum(budget[t["name"]] for t in keep["tools"] if t["name"] in budget)
    assert abs(keep["upfront_tokens"] - kept) <= 1  # budget's per-tool estimates, each rounded
    search = data["tool_search"]
    unused = budget["mcp__github__create_pull_request"] + budget["mcp__github__list_issues"]
    assert abs(search["unused_load_tokens"] - unused) <= 1
    assert search["unused_loads_priced"] == 2
    code, out, _ = run(runner, "sessions", "--catalog", catalogs[0], "--catalog", catalogs[1])
    assert code == 0
    assert "  github: 3 of 5 tools called; never: create_pull_request, search_code" in out
    assert "upfront cost: ~" in out


def test_export_usage_feeds_recommend(
    runner: CliRunner, home: Path, tmp_path: Path, catalogs: tuple[str, str]
) -> None:
    table = tmp_path / "usage.csv"
    code, out, err = run(runner, "sessions", "--export-usage", str(table))
    assert code == 0, err
    assert f"wrote {table}: 5 tools" in out
    assert table.read_text().splitlines() == [
        "name,count,runs",
        "mcp__github__create_issue,2,2",
        "mcp__github__list_issues,2,1",
        "Read,1,1",
        "mcp__github__get_pull_request,1,1",
        f"{PLUGIN_SLACK},1,1",
    ]
    code, out, err = run(
        runner, "recommend", "-f", "json", "--target", "claude-code", catalogs[0], catalogs[1],
        "--usage", str(table),
    )  # fmt: skip
    assert code == 0, err
    usage = json.loads(out)["usage"]
    assert (usage["calls"], usage["matched"], usage["unknown"]) == (7, 6, {"Read": 1})


def test_export_cases_round_trip_through_eval(
    runner: CliRunner, home: Path, tmp_path: Path, catalogs: tuple[str, str]
) -> None:
    cases = tmp_path / "cases.jsonl"
    out, written = export_cases(
        runner, cases, "--catalog", catalogs[0], "--catalog", catalogs[1], "--redact"
    )
    assert f"wrote {cases}: 2 eval cases" in out
    # the select: is not a case; the search that found nothing has no expected tool
    assert sorted((c["query"], c["expected"], c["mode"]) for c in written) == [
        ("github issue create", ["github/create_issue"], "claude-code"),
        ("github pull request", ["github/get_pull_request"], "claude-code"),
    ]
    code, out, err = run(
        runner, "eval", "-f", "json", str(cases), catalogs[0], catalogs[1], "--target",
        "claude-code",
    )  # fmt: skip
    assert code == 0, err
    report = json.loads(out)
    assert report["cases"] == 2
    assert report["modes"]["claude-code"]["recall@5"] == 1.0


def test_export_cases_without_catalog_name_tools_as_called(
    runner: CliRunner, home: Path, tmp_path: Path, catalogs: tuple[str, str]
) -> None:
    cases = tmp_path / "cases.jsonl"
    _, written = export_cases(runner, cases)
    assert sorted(c["expected"] for c in written) == [
        ["mcp__github__create_issue"],
        ["mcp__github__get_pull_request"],
    ]
    code, out, err = run(
        runner, "eval", str(cases), catalogs[0], "--target", "claude-code", "-f", "json"
    )
    assert code == 0, err
    assert json.loads(out)["cases"] == 2


def test_cases_left_out_when_their_tool_is_not_in_the_catalog(
    runner: CliRunner, home: Path, tmp_path: Path
) -> None:
    catalog = write_json(tmp_path / "github.json", mcp_tools(["create_issue"]))
    out, written = export_cases(runner, tmp_path / "cases.jsonl", "--catalog", f"github={catalog}")
    assert "1 eval case, 1 left out (their tools are not in the catalog)" in out
    assert [c["expected"] for c in written] == [["github/create_issue"]]


def test_unreadable_files_are_counted_in_one_note(runner: CliRunner, home: Path) -> None:
    folder = home / ".claude" / "projects" / "-home-dev-shop"
    broken = folder / "broken.jsonl"
    good = blog_session().lines().splitlines()
    broken.write_text(good[0] + "\n{not json\n" + good[1] + "\n[1, 2]\n" + good[2][:40])
    (folder / "notes.jsonl").write_text('{"query": "x", "expected": "y"}\n')
    (folder / "binary.jsonl").write_bytes(b"\xff\xfe\x00garbage\n")
    code, out, err = run(runner, "sessions")
    assert code == 0, err
    shown = "home/.claude/projects/-home-dev-shop"
    notes = [line.replace(shown, "@") for line in out.splitlines() if line.startswith("note:")]
    assert notes == [
        "note: skipped 2 malformed lines (@/broken.jsonl:2, @/broken.jsonl:4); "
        "1 truncated file (@/broken.jsonl:5); "
        "2 files of another format (@/binary.jsonl, @/notes.jsonl)"
    ]
    assert "Traceback" not in err


def test_a_resumed_session_repeating_entries_counts_each_call_once(
    runner: CliRunner, home: Path
) -> None:
    folder = home / ".claude" / "projects" / "-home-dev-blog"
    copy = folder / "resumed.jsonl"
    copy.write_text(blog_session().lines())
    data = as_json(runner, "--project", "blog")
    assert data["calls"] == 2 and data["tool_search"]["queries"] == 1


def test_hostile_names_are_escaped(runner: CliRunner, tmp_path: Path) -> None:
    session = Session("d1b2c3d4-0000-4000-8000-00000000000d")
    session.call("mcp__evil__run\x1b[31m\u202e")
    session.search("find\x1b]8;;x\x07 tool", [])
    paths = write_sessions(tmp_path / "projects", "-x", session)
    code, out, err = run(runner, "sessions", str(paths[0]))
    assert code == 0, err
    assert "\x1b" not in out and "\u202e" not in out
    assert "\\u001b" in out and "\\u202e" in out


def test_errors_exit_2_with_one_line(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    code, out, err = run(runner, "sessions")
    assert code == 2 and out == ""
    assert err.startswith("toolsearch: error: no Claude Code transcripts: ~/.claude/projects")
    assert err.count("\n") == 1
    code, _, err = run(runner, "sessions", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "missing.jsonl: no such transcript file or folder" in err
    code, _, err = run(runner, "sessions", "--since", "last tuesday", str(tmp_path))
    assert code == 2 and "--since 'last tuesday': expected a date" in err
    code, _, err = run(runner, "sessions", "-f", "sarif", str(tmp_path))
    assert code == 2 and "--format must be one of text, json, markdown" in err


def test_a_real_run(home: Path, tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(home), "NO_COLOR": "1"}
    env.pop("CLAUDE_CONFIG_DIR", None)
    cases = tmp_path / "real.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "toolsearch", "sessions", "--export-cases", str(cases)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=HANG_LIMIT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("sessions: 3 sessions in 3 transcripts (~/.claude/projects)")
    assert len(cases.read_text().splitlines()) == 2


def test_mcp_config_servers_tools_never_called(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.live_helpers import stdio_entry, write_config

    session = Session("e1b2c3d4-0000-4000-8000-00000000000e")
    session.search("tool one", ["mcp__demo__tool_1", "mcp__demo__tool_2"])
    session.call("mcp__demo__tool_1")
    paths = write_sessions(tmp_path / "projects", "-srv", session)
    config = write_config(tmp_path / ".mcp.json", {"demo": stdio_entry("--plain", "--tools", "3")})
    data = as_json(runner, str(paths[0]), "--mcp-config", str(config))
    assert data["never_called"] == [{"source": "demo", "tools": ["tool_0", "tool_2"], "total": 3}]
    assert data["keep"]["priced"] == 1
    assert data["tool_search"]["unused_loads_by_tool"] == [
        {"name": "mcp__demo__tool_2", "loads": 1, "unused": 1}
    ]


def test_the_configs_catalog_is_the_default(
    runner: CliRunner, home: Path, tmp_path: Path, catalogs: tuple[str, str]
) -> None:
    (tmp_path / ".toolsearch.yaml").write_text(f"catalog: [{catalogs[0]!r}]\n")
    never = as_json(runner)["never_called"]
    assert never == [
        {"source": "github", "tools": ["create_pull_request", "search_code"], "total": 5}
    ]


values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
blocks = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["tool_use", "tool_result", "text", "tool_reference"]) | values,
        "id": st.sampled_from(["t1", "t2"]) | values,
        "tool_use_id": st.sampled_from(["t1", "t2"]) | values,
        "name": st.sampled_from(["ToolSearch", "mcp__a__b", "mcp__plugin_p_s__t", "Read"]) | values,
        "input": st.fixed_dictionaries({}, optional={"query": values}) | values,
        "content": st.lists(
            st.fixed_dictionaries({"type": st.just("tool_reference"), "tool_name": values})
        )
        | values,
        "is_error": values,
    },
)
entries = st.fixed_dictionaries(
    {},
    optional={
        "sessionId": st.sampled_from(["s1", "s2"]) | values,
        "uuid": values,
        "timestamp": st.sampled_from(["2026-11-02T09:00:00Z", "2026-13-40", ""]) | values,
        "cwd": values,
        "message": st.fixed_dictionaries(
            {},
            optional={
                "role": st.sampled_from(["assistant", "user"]) | values,
                "content": st.lists(blocks, max_size=3) | values,
            },
        )
        | values,
        "toolUseResult": st.fixed_dictionaries({}, optional={"matches": values}) | values,
    },
)


def sessions_schema_validator() -> Any:
    """A validator of sessions' JSON schema, the schema itself checked once (as
    ``jsonschema.validate`` does on every call)."""
    schema = load_schema("sessions")
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


SESSIONS_VALIDATOR = sessions_schema_validator()


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(lines=st.lists(entries | values, max_size=8), cut=st.booleans())
def test_any_transcript_gives_a_report(
    runner: CliRunner, tmp_path: Path, lines: list[Any], cut: bool
) -> None:
    path = tmp_path / "fuzz.jsonl"
    text = "".join(json.dumps(line) + "\n" for line in lines)
    path.write_text(text[:-3] if cut and text else text)
    for fmt in ("text", "json", "markdown"):
        code, out, err = run(runner, "sessions", "-f", fmt, "--project", "x/y", str(path))
        assert code == 0, err
        code, out, err = run(runner, "sessions", "-f", fmt, str(path))
        assert code == 0, err
        if fmt == "json":
            SESSIONS_VALIDATOR.validate(json.loads(out))


def test_exports_with_nothing_to_export_and_unwritable_paths(
    runner: CliRunner, tmp_path: Path
) -> None:
    session = Session("f1b2c3d4-0000-4000-8000-00000000000f")
    session.search("select:mcp__a__b", ["mcp__a__b"])
    session.call("mcp__a__b")
    paths = write_sessions(tmp_path / "projects", "-p", session)
    cases = tmp_path / "cases.jsonl"
    code, out, err = run(runner, "sessions", str(paths[0]), "--export-cases", str(cases))
    assert code == 0, err
    assert "0 eval cases; no keyword search was followed by a call of a tool it returned" in out
    assert cases.read_text() == ""
    missing = tmp_path / "no-such-folder" / "usage.csv"
    code, out, err = run(runner, "sessions", str(paths[0]), "--export-usage", str(missing))
    assert code == 2 and out == ""
    assert err.startswith(f"toolsearch: error: --export-usage {missing}: cannot write")


def test_each_session_is_priced_at_its_transcripts_claude_code_version(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A deferred tool loaded and left unused costs its definition as the session's Claude
    Code sent it: cut at 2,048 characters by 2.1.294, whole (up to 16,384) from 2.1.295 (driven)."""
    long = "Find a page. " + "word " * 1000  # 5,013 characters
    tools = [{"name": "find", "description": long, "inputSchema": {"type": "object"}}]
    tools.append({"name": "open", "description": "Open a page.", "inputSchema": {"type": "object"}})
    catalog = f"docs={write_json(tmp_path / 'docs.json', {'tools': tools})}"
    projects = tmp_path / "projects"
    sessions = []
    for n, version in enumerate(("2.1.294", "2.1.332", "2.1.332")):
        session = Session(f"d1b2c3d4-0000-4000-8000-00000000000{n}", version=version)
        session.search("page", ["mcp__docs__find", "mcp__docs__open"])
        session.call("mcp__docs__open")
        sessions.append(session)
    write_sessions(projects, "-home-dev-docs", *sessions)

    def find_tokens(version: str) -> int:
        argv = ["budget", catalog, "--target", "claude-code", "-f", "json", "--all"]
        code, out, err = run(runner, *argv, "--claude-code-version", version)
        assert code == 0, err
        tokens: int = next(t["tokens"] for t in json.loads(out)["tools"] if t["name"] == "find")
        return tokens

    old, new = find_tokens("2.1.294"), find_tokens("2.1.332")
    assert find_tokens("2.1.295") == new
    assert new > old + 500  # 2,965 more characters of description
    data = as_json(runner, str(projects), "--catalog", catalog)
    assert data["claude_code_versions"] == [
        {"version": "2.1.332", "sessions": 2},
        {"version": "2.1.294", "sessions": 1},
    ]
    search = data["tool_search"]
    assert search["unused_loads_priced"] == 3
    assert abs(search["unused_load_tokens"] - (old + 2 * new)) <= 2
    # --claude-code-version wins over each transcript's version
    chosen = as_json(
        runner, str(projects), "--catalog", catalog, "--claude-code-version", "2.1.294"
    )
    assert abs(chosen["tool_search"]["unused_load_tokens"] - 3 * old) <= 2
    (note,) = [n for n in chosen["notes"] if n.startswith("Claude Code versions")]
    assert "2.1.332 (2 sessions), 2.1.294 (1 session)" in note
    assert "modelled as Claude Code 2.1.294 (--claude-code-version)" in note
    code, out, _ = run(runner, "sessions", str(projects))
    assert code == 0
    assert "Claude Code versions in the transcripts: 2.1.332 (2 sessions)" in out


def test_a_bad_claude_code_version_is_one_line(runner: CliRunner, home: Path) -> None:
    code, out, err = run(runner, "sessions", "--claude-code-version", "latest")
    assert (code, out) == (2, "")
    assert "--claude-code-version: 'latest' is not a Claude Code version" in err
    assert "Traceback" not in err
