"""What a new user tripped on (issue 32): output that leads with the answer, lint's file count,
and the baseline identity that survives reworded messages."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import CATALOGS, FIXTURES, docs_text
from tests.live_helpers import RAW_SERVER
from tests.test_cli_figures import mcp_server, run
from toolsearch.catalog.model import Location
from toolsearch.lint.baseline import Entry, compare
from toolsearch.lint.findings import Diagnostic, Severity, subject_of


def servers_folder(in_tmp: Path) -> None:
    """Three MCP servers and a SOURCES.json that is not a catalog, as in ../shared/catalogs."""
    for name, count in (("alpha", 2), ("beta", 1), ("gamma", 3)):
        mcp_server(in_tmp, name, count)
    (in_tmp / "servers" / "SOURCES.json").write_text(json.dumps({"alpha": "npm alpha@1"}))


def test_budget_of_many_scopes_leads_with_the_total_and_the_advice(
    runner: CliRunner, in_tmp: Path
) -> None:
    servers_folder(in_tmp)
    code, out, _ = run(runner, "budget", "servers")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("All 3 scopes (3 separate requests, summed;")
    assert lines[1].startswith("note (every scope): nothing is deferred")
    assert "--target claude-code" in lines[1]
    # one row per scope, the method once, no per-scope block
    rows = [line.split() for line in lines if line.split()[:1] in (["alpha"], ["beta"], ["gamma"])]
    assert [r[:3] for r in rows] == [
        ["alpha", "mcp", "2"],
        ["beta", "mcp", "1"],
        ["gamma", "mcp", "3"],
    ]
    assert sum(line.startswith("estimate: ") for line in lines) == 1
    assert "Scope alpha" not in out and "saved by deferral" not in out
    assert "--per-scope shows each scope's tools and totals" in out
    assert "gamma_tool_2" in out  # the costliest tools of the run
    # per-scope detail on request: a block per scope, the shared lines still said once
    code, detail, _ = run(runner, "budget", "--per-scope", "servers")
    assert code == 0
    assert [line.split()[1] for line in detail.splitlines() if line.startswith("Scope ")] == [
        "alpha",
        "beta",
        "gamma",
    ]
    assert detail.count("saved by deferral") == 3
    assert sum(line.startswith("estimate: ") for line in detail.splitlines()) == 1
    assert detail.count("nothing is deferred") == 1
    # JSON stays complete: every scope with its method, totals and notes
    code, text, _ = run(runner, "budget", "-f", "json", "servers")
    data: dict[str, Any] = json.loads(text)
    assert [s["scope"] for s in data["scopes"]] == ["alpha", "beta", "gamma"]
    assert all(s["method"] and s["totals"]["upfront"] > 0 and s["notes"] for s in data["scopes"])


def test_one_scope_keeps_its_block(runner: CliRunner, in_tmp: Path) -> None:
    mcp_server(in_tmp, "alpha", 2)
    code, out, _ = run(runner, "budget", "servers/alpha.json")
    assert code == 0
    assert out.startswith("Scope alpha (mcp, 2 tools")
    assert "--per-scope" not in out


def test_lint_counts_only_the_catalog_files(runner: CliRunner, in_tmp: Path) -> None:
    servers_folder(in_tmp)
    code, out, _ = run(runner, "lint", "servers")
    assert code in (0, 1)
    assert out.splitlines()[-1].endswith(" in 6 tools in 3 files")
    assert "note: skipped servers/SOURCES.json: not a tool catalog" in out
    code, out, _ = run(runner, "lint", "-f", "json", "servers")
    assert json.loads(out)["files"] == [
        "servers/alpha.json",
        "servers/beta.json",
        "servers/gamma.json",
    ]


def finding(
    message: str, pointer: str = "/tools/2/input_schema", tool: str | None = "t"
) -> Diagnostic:
    subject = subject_of(pointer, "/tools/2") if tool else None
    return Diagnostic(
        "undescribed-parameter",
        Severity.WARNING,
        message,
        Location("req.json", pointer),
        "req",
        tool,
        "req",
        subject,
    )


def test_identity_v3_is_the_place_below_the_tool() -> None:
    assert (
        subject_of("/tools/2/input_schema/properties/q", "/tools/2") == "/input_schema/properties/q"
    )
    assert subject_of("/tools/12", "/tools/1") == "/tools/#"  # not below it: no tool prefix
    assert subject_of("/mcp_servers/3/name", None) == "/mcp_servers/#/name"
    a, b = finding("short message"), finding("a much longer, older wording of it")
    assert a.fingerprint == b.fingerprint  # the wording is not part of it
    assert a.legacy_fingerprint != b.legacy_fingerprint


def test_legacy_entries_match_by_wording_then_by_rule_source_and_tool() -> None:
    found = [finding("parameter 'q' has no description"), finding("parameter 'r' has none")]
    old = "the only parameter of 't' has no description: 'q'; search and Claude read them"
    legacy = [Entry("undescribed-parameter", "req", "t", old, count=1)]
    result = compare(found, legacy, {"req"})  # reworded, and it quotes 'q': the same finding
    assert result.known == 1 and [d.message for d in result.new] == ["parameter 'r' has none"]
    assert result.stale == ()
    unchanged = [Entry("undescribed-parameter", "req", "t", "parameter 'q' has no description")]
    result = compare(found[:1], [*unchanged, *legacy], {"req"})
    assert result.known == 1 and result.new == ()
    assert [e.message for e in result.stale] == [old]
    # a finding of no tool matches only a reworded entry that quoted the names it quotes
    nameless = finding("input_schema of 'lookup' is a string, not an object", "/tools/0", None)
    other = Entry("undescribed-parameter", "req", None, "tool 'no_schema' has no input_schema; x")
    result = compare([nameless], [other], {"req"})
    assert len(result.new) == 1 and [e.message for e in result.stale] == [other.message]
    v3 = [Entry("undescribed-parameter", "req", "t", "anything", subject="/input_schema")]
    result = compare(found, v3, {"req"})
    assert result.known == 1 and len(result.new) == 1  # two findings, one accepted


def console_examples(heading: str) -> list[tuple[str, list[str]]]:
    """The ``$ command`` lines of a README section's console blocks, with the lines after each."""
    text = docs_text()
    start = text.index(f"\n{heading}\n")
    section = text[start : text.find("\n## ", start + 1)]
    examples: list[tuple[str, list[str]]] = []
    for block in re.findall(r"^```console\n(.*?)^```", section, re.MULTILINE | re.DOTALL):
        for line in block.splitlines():
            if line.startswith("$ "):
                examples.append((line[2:], []))
            elif examples:
                examples[-1][1].append(line)
    return examples


def test_readme_command_line_errors_are_what_toolsearch_prints(
    runner: CliRunner, in_tmp: Path
) -> None:
    shutil.copy(FIXTURES / "example" / "request.json", in_tmp / "request.json")
    examples = console_examples("## Command line")
    assert len(examples) == 3
    for command, printed in examples:
        argv = shlex.split(command)
        assert argv[0] == "toolsearch"
        code, out, err = run(runner, *argv[1:])
        assert (code, out) == (2, ""), command
        assert err.splitlines() == printed, command


def test_readme_snapshot_drift_shows_descriptions_whole(runner: CliRunner, in_tmp: Path) -> None:
    """The README's drift example for read_media_file, replayed: the lines it shows are the
    lines ``snapshot --check`` prints (a description is shown whole, not cut)."""
    examples = dict(console_examples("# `toolsearch snapshot`"))
    (printed,) = [lines for command, lines in examples.items() if "--check" in command]
    start = printed.index("  ~ read_media_file: annotations, description, outputSchema")
    was, now = printed[start + 2], printed[start + 3]
    assert was.startswith("      description was: ") and now.startswith("      description now: ")
    assert "…" not in was + now  # under 1,000 characters: printed whole
    if (CATALOGS / "filesystem.json").is_file():  # the release the example was taken from
        tools = json.loads((CATALOGS / "filesystem.json").read_text())["tools"]
        (real,) = [t["description"] for t in tools if t["name"] == "read_media_file"]
        assert now == f"      description now: {real}"

    def listing(line: str) -> dict[str, Any]:
        description = line.split(": ", 1)[1]
        shape = {"type": "object", "properties": {"path": {"type": "string"}}}
        return {
            "tools": [{"name": "read_media_file", "description": description, "inputSchema": shape}]
        }

    (in_tmp / "snapshots").mkdir()
    (in_tmp / "snapshots" / "filesystem.json").write_text(json.dumps(listing(was)))
    (in_tmp / "live.json").write_text(json.dumps(listing(now)))
    command = f"filesystem={sys.executable} {RAW_SERVER} --mode file --file live.json"
    code, out, _ = run(runner, "snapshot", "--mcp-command", command, "--check", "snapshots")
    assert code == 1
    assert out.splitlines()[1:4] == [
        "  ~ read_media_file: description",
        was,
        now,
    ]


def breakpoint_request(search_tool: bool) -> dict[str, Any]:
    """Twelve tools, the first four loaded; a deferred one holds the cache breakpoint."""
    names = ["get_weather", "send_email", "create_issue", "list_files", "read_file", "write_file"]
    names += ["search_web", "translate_text", "get_time", "book_meeting", "query_db", "post_note"]
    tools: list[dict[str, Any]] = []
    if search_tool:
        tools.append({"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"})
    for index, name in enumerate(names):
        words = name.replace("_", " ")
        tool: dict[str, Any] = {
            "name": name,
            "description": f"Tool {words}: does {words} for the user, with a clear result.",
            "input_schema": {
                "type": "object",
                "properties": {"q": {"type": "string", "description": "The input."}},
            },
        }
        if index >= 4:
            tool["defer_loading"] = True
        if name == "write_file":
            tool["cache_control"] = {"type": "ephemeral"}
        tools.append(tool)
    return {"model": "claude-sonnet-4-5", "max_tokens": 100, "tools": tools, "messages": []}


def breakpoint_holders(path: Path) -> list[str]:
    return [
        t.get("name", "?") for t in json.loads(path.read_text())["tools"] if "cache_control" in t
    ]


@pytest.mark.parametrize("search_tool", [True, False])
def test_lint_fix_and_recommend_apply_move_the_breakpoint_to_the_same_tool(
    runner: CliRunner, in_tmp: Path, search_tool: bool
) -> None:
    """Both put cache_control on the last loaded tool of the request (list_files), whether or
    not a search tool is there already or added at the end."""
    body = json.dumps(breakpoint_request(search_tool), indent=2)
    (in_tmp / "fixed.json").write_text(body)
    (in_tmp / "applied.json").write_text(body)
    code, out, err = run(runner, "lint", "--fix", "fixed.json")
    assert code in (0, 1), err
    assert "move cache_control from write_file to list_files" in out
    keep = [
        arg
        for name in ("get_weather", "send_email", "create_issue", "list_files")
        for arg in ("--pin", name)
    ]
    code, out, err = run(runner, "recommend", "--apply", "--keep", "4", *keep, "applied.json")
    assert code == 0, err
    assert "move cache_control from write_file to list_files" in " ".join(out.split())
    assert breakpoint_holders(in_tmp / "fixed.json") == ["list_files"]
    assert breakpoint_holders(in_tmp / "applied.json") == ["list_files"]
    loaded = [
        t.get("name")
        for t in json.loads((in_tmp / "applied.json").read_text())["tools"]
        if not t.get("defer_loading")
    ]
    assert loaded[-1 if search_tool else -2] == "list_files"


QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")  # a quoted name or text
FINDING = re.compile(r"^\S+: (?:error|warning|info) (?P<message>.*) \[(?P<rule>[a-z0-9-]+)\]$")


def test_every_finding_message_is_one_short_clause() -> None:
    """As ruff's: what is wrong, with its figures and names; why and how to fix it are on the
    rule's page (``toolsearch rule ID``), not repeated in every finding."""
    checked = 0
    for expected in sorted((FIXTURES / "rules").glob("*/bad.expected")):
        for line in expected.read_text(encoding="utf-8").splitlines():
            found = FINDING.match(line)
            assert found is not None, line
            bare = QUOTED.sub("'…'", found["message"])  # names and quoted text set apart
            assert "; " not in bare, line
            assert len(bare) <= 180, line
            assert "the API rejects" not in bare, line
            checked += 1
    assert checked >= 80
