"""Defects of ``recommend`` found in issue 14's trial, each through the CLI: ``--apply`` makes
no request worse, the text report says each fact once, MCP ``tools/list`` files under
``--apply``, ``--usage claude-code``, and how confident the choice is."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from tests.catalogs import mcp_tools, write_json
from tests.conftest import FIXTURES, needs_shared, shared_catalogs
from toolsearch.app import app
from toolsearch.schemas import load_schema

Findings = Counter[tuple[str, str, str, str]]


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def lint_findings(runner: CliRunner, path: Path) -> Findings:
    """Every lint finding, any level, by rule, level, source and tool."""
    code, out, err = run(runner, "lint", "-f", "json", "--fail-on", "error", str(path))
    assert code in (0, 1), err
    return Counter(
        (d["rule"], d["level"], d["source"] or "", d["tool"] or "")
        for d in json.loads(out)["diagnostics"]
    )


def _load(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    return yaml.safe_load(text) if path.suffix in (".yaml", ".yml") else json.loads(text)


def fixture_requests() -> list[Path]:
    """Every request body among the fixtures (a mapping with tools and a model or messages)."""
    found = []
    for path in sorted(FIXTURES.rglob("*")):
        if path.suffix not in (".json", ".yaml", ".yml"):
            continue
        try:
            data = _load(path)
        except (ValueError, yaml.YAMLError):
            continue
        if isinstance(data, dict) and "tools" in data and ("messages" in data or "model" in data):
            found.append(path)
    return found


def apply_and_compare(runner: CliRunner, path: Path) -> tuple[bool, Findings]:
    """Run ``recommend --apply`` on ``path``; (whether it changed the file, findings lint has
    after that it did not have before)."""
    original = path.read_bytes()
    before = lint_findings(runner, path)
    code, _, err = run(runner, "recommend", "--apply", str(path))
    if code == 2:  # a refusal (a model without tool search, input_examples): nothing written
        assert "refusing" in err and path.read_bytes() == original, err
        return False, Counter()
    assert code == 0, err
    return path.read_bytes() != original, lint_findings(runner, path) - before


# --- 1. --apply makes no request worse ------------------------------------------------------


def test_referenced_tool_stays_deferred_on_the_example(runner: CliRunner, in_tmp: Path) -> None:
    path = in_tmp / "request.json"
    shutil.copy(FIXTURES / "example" / "request.json", path)
    code, out, err = run(runner, "recommend", "-f", "json", str(path))
    assert code == 0, err
    search = next(t for t in json.loads(out)["tools"] if t["name"] == "jira_search_issues")
    assert not search["kept"]
    assert any("tool_reference" in reason for reason in search["reasons"])
    changed, new = apply_and_compare(runner, path)
    assert changed and not new
    tools = {t.get("name"): t for t in json.loads(path.read_text())["tools"]}
    assert tools["jira_search_issues"]["defer_loading"] is True


REQUESTS = fixture_requests()


def test_fixture_requests_are_found() -> None:
    assert len(REQUESTS) > 30 and FIXTURES / "example" / "request.json" in REQUESTS


@pytest.mark.parametrize("source", REQUESTS, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_apply_adds_no_finding_to_a_fixture_request(
    runner: CliRunner, in_tmp: Path, source: Path
) -> None:
    path = in_tmp / source.name
    shutil.copy(source, path)
    _, new = apply_and_compare(runner, path)
    assert not new, f"--apply made lint find {dict(new)}"


def request_from(catalog: dict[str, Any], referenced: str) -> dict[str, Any]:
    """A request with every tool of an MCP catalog loaded, a search tool, and one search result
    in messages naming ``referenced``."""
    tools = [
        {
            "name": t["name"],
            "description": t.get("description") or "",
            "input_schema": t.get("inputSchema") or {"type": "object"},
        }
        for t in catalog["tools"]
    ]
    search = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    reference = {"type": "tool_reference", "tool_name": referenced}
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 1024,
        "tools": [search, *tools],
        "messages": [
            {"role": "user", "content": "Help me with this."},
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "server_tool_use",
                        "id": "srvtoolu_01",
                        "name": "tool_search_tool_bm25",
                        "input": {"query": "help"},
                    },
                    {
                        "type": "tool_search_tool_result",
                        "tool_use_id": "srvtoolu_01",
                        "content": {
                            "type": "tool_search_tool_search_result",
                            "tool_references": [reference],
                        },
                    },
                ],
            },
        ],
    }


def large_catalogs() -> list[Path]:
    return [p for p in shared_catalogs() if len(json.loads(p.read_text())["tools"]) >= 10]


@needs_shared
@pytest.mark.parametrize("catalog_path", large_catalogs(), ids=lambda p: p.stem)
def test_apply_adds_no_finding_to_a_request_built_from_a_catalog(
    runner: CliRunner, in_tmp: Path, catalog_path: Path
) -> None:
    catalog = json.loads(catalog_path.read_text())
    path = in_tmp / f"{catalog_path.stem}.json"
    # Reference the tool the ranking puts first, the one most likely to be kept.
    path.write_text(json.dumps(request_from(catalog, catalog["tools"][0]["name"]), indent=2))
    code, out, err = run(runner, "recommend", "-f", "json", str(path))
    assert code == 0, err
    top = json.loads(out)["tools"][0]["name"]
    path.write_text(json.dumps(request_from(catalog, top), indent=2))
    changed, new = apply_and_compare(runner, path)
    assert changed, "--apply wrote no change"
    assert not new, f"--apply made lint find {dict(new)}"
    tools = {t["name"]: t for t in json.loads(path.read_text())["tools"]}
    assert tools[top].get("defer_loading") is True


# --- 2. the text report: each fact once, wrapped, only the target's advice ---------------------


def run_at(runner: CliRunner, columns: int, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": str(columns)})
    return result.exit_code, result.stdout, result.stderr


def servers(directory: Path, count: int, big: int) -> None:
    """``count`` MCP servers of 3 tools each, and one of ``big`` tools."""
    directory.mkdir()
    for index in range(count):
        names = [f"s{index}_{verb}" for verb in ("create_item", "delete_item", "archive_item")]
        write_json(directory / f"server{index:02d}.json", mcp_tools(names))
    names = [f"tool_{i:02d}" for i in range(big)]
    write_json(directory / "repo.json", mcp_tools(names, read_only=("tool_05", "tool_07")))


def test_one_scope_says_its_before_and_after_once(runner: CliRunner, in_tmp: Path) -> None:
    shutil.copy(FIXTURES / "example" / "request.json", in_tmp / "request.json")
    code, out, err = run_at(runner, 10_000, "recommend", "request.json")
    assert code == 0, err
    assert len(re.findall(r"1,352 -> [0-9,]+ tokens", out)) == 1
    assert "Confidence: heuristic, no usage: estimate" in out


def test_why_column_wraps_at_words_to_the_width(runner: CliRunner, in_tmp: Path) -> None:
    shutil.copy(FIXTURES / "example" / "request.json", in_tmp / "request.json")
    code, out, err = run_at(runner, 80, "recommend", "request.json")
    assert code == 0, err
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    words = set(" ".join(lines).split())
    # Reasons are wrapped between words, never inside one.
    for phrase in ("agents", "look", "often", "typical", "intents"):
        assert phrase in words
    header = next(i for i, line in enumerate(lines) if line.startswith("rank  state"))
    why = lines[header].index("why")
    rows = lines[header + 1 :]
    continued = [line for line in rows if line[:why].strip() == "" and line.strip()]
    assert continued, "the why column did not wrap"


def test_claude_code_directory_advice(runner: CliRunner, in_tmp: Path) -> None:
    servers(in_tmp / "servers", 6, 12)
    code, out, err = run_at(runner, 10_000, "recommend", "--target", "claude-code", "servers")
    assert code == 0, err
    assert "mcp_toolset" not in out and "defer_loading" not in out  # API advice: not here
    assert "keep none loaded" not in out
    (line,) = [line for line in out.splitlines() if line.startswith("Keep loaded: ")]
    kept = line.removeprefix("Keep loaded: ").split(", ")
    keeping = {"repo" if k.startswith("tool_") else f"server{int(k[1]):02d}" for k in kept}
    assert out.count("add _meta") == len(keeping)  # advice for the servers that keep tools
    assert '{"name": "tool_05", "_meta": {"anthropic/alwaysLoad": true}}' in out
    assert f"{7 - len(keeping)} other servers keep no tool loaded: nothing to set" in out
    code, out, err = run_at(runner, 10_000, "recommend", "servers/repo.json")
    assert code == 0, err
    assert "alwaysLoad" not in out and '"mcp_server_name": "repo",' in out


def test_keep_list_uses_one_form(runner: CliRunner, in_tmp: Path) -> None:
    names = [f"tool_{i:02d}" for i in range(12)]
    write_json(in_tmp / "a.json", mcp_tools(names, read_only=("tool_05",)))
    write_json(in_tmp / "b.json", mcp_tools([*names[:3], "other_x"], read_only=("tool_01",)))
    code, out, err = run_at(
        runner, 10_000, "recommend", "--target", "claude-code", "a.json", "b.json"
    )
    assert code == 0, err
    (line,) = [line for line in out.splitlines() if line.startswith("Keep loaded: ")]
    kept = line.removeprefix("Keep loaded: ").split(", ")
    assert len(kept) >= 2 and all(k.startswith(("a/", "b/")) for k in kept), kept
    code, out, err = run_at(runner, 10_000, "recommend", "a.json")
    (line,) = [line for line in out.splitlines() if line.startswith("Keep loaded: ")]
    assert "/" not in line


# --- 3. --apply on an MCP tools/list file -----------------------------------------------------


def test_apply_under_claude_code_sets_always_load(runner: CliRunner, in_tmp: Path) -> None:
    servers(in_tmp / "servers", 2, 12)
    path = in_tmp / "servers" / "repo.json"
    data = json.loads(path.read_text())
    data["tools"][0]["_meta"] = {"anthropic/alwaysLoad": True, "other": 1}  # to be deferred
    write_json(path, data)
    idle = (in_tmp / "servers" / "server00.json").read_bytes()
    # Pinned, so the test does not depend on the heuristic.
    pins = ("--keep", "3", "--pin", "tool_05", "--pin", "tool_07", "--pin", "tool_09")
    code, out, err = run_at(
        runner, 10_000, "recommend", "--target", "claude-code", "--apply", "servers", *pins
    )
    assert code == 0, err
    assert 'wrote servers/repo.json: _meta "anthropic/alwaysLoad": true on ' in out
    assert "add _meta" not in out  # written, so no advice for it
    after = {t["name"]: t for t in json.loads(path.read_text())["tools"]}
    kept = [n for n, t in after.items() if t.get("_meta", {}).get("anthropic/alwaysLoad")]
    assert kept == ["tool_05", "tool_07", "tool_09"]
    assert after["tool_00"]["_meta"] == {"other": 1}
    assert (in_tmp / "servers" / "server00.json").read_bytes() == idle
    budget = runner.invoke(app, ["budget", "-f", "json", "--target", "claude-code", "servers"])
    loaded = [r["name"] for r in json.loads(budget.stdout)["tools"] if not r["deferred"]]
    assert sorted(loaded) == sorted(kept)
    # Applied again: nothing left to change.
    before = path.read_bytes()
    code, out, err = run_at(
        runner, 10_000, "recommend", "--target", "claude-code", "--apply", "servers", *pins
    )
    assert code == 0, err
    assert path.read_bytes() == before and "wrote" not in out


def test_apply_yaml_tools_list_under_claude_code(runner: CliRunner, in_tmp: Path) -> None:
    names = [f"tool_{i:02d}" for i in range(12)]
    text = "# my server\n" + yaml.safe_dump(mcp_tools(names, read_only=("tool_05",)))
    path = in_tmp / "repo.yaml"
    path.write_text(text)
    code, _, err = run_at(
        runner,
        10_000,
        "recommend",
        "--target",
        "claude-code",
        "--apply",
        "repo.yaml",
        "--pin",
        "tool_05",
    )
    assert code == 0, err
    assert path.read_text().startswith("# my server\n")
    tools = {t["name"]: t for t in yaml.safe_load(path.read_text())["tools"]}
    assert tools["tool_05"]["_meta"] == {"anthropic/alwaysLoad": True}


def test_apply_under_api_says_nothing_was_written(runner: CliRunner, in_tmp: Path) -> None:
    names = [f"tool_{i:02d}" for i in range(12)]
    path = write_json(in_tmp / "repo.json", mcp_tools(names, read_only=("tool_05",)))
    original = path.read_bytes()
    code, out, err = run_at(runner, 10_000, "recommend", "--apply", "repo.json")
    assert code == 0, err
    assert path.read_bytes() == original
    assert "wrote nothing to repo.json: an MCP tools/list file has no deferral field" in out
    start = out.index('  {\n    "type": "mcp_toolset"')
    end = out.index("\n  }\n", start) + 4
    toolset = json.loads(out[start:end])
    assert toolset["mcp_server_name"] == "repo" and "tool_05" in toolset["configs"]


# --- 4. --usage claude-code -------------------------------------------------------------------


def transcript(session: str, names: list[str]) -> str:
    entries = [
        {
            "type": "assistant",
            "sessionId": session,
            "uuid": f"{session}-{i}",
            "message": {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": f"toolu_{session}_{i}", "name": n}],
            },
        }
        for i, n in enumerate(names)
    ]
    return "".join(json.dumps(e) + "\n" for e in entries)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    return home


def test_usage_claude_code_reads_the_users_transcripts(
    runner: CliRunner, in_tmp: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = [f"tool_{i:02d}" for i in range(12)]
    write_json(in_tmp / "repo.json", mcp_tools(names))
    project = home / ".claude" / "projects" / "-work-app"
    project.mkdir(parents=True)
    (project / "one.jsonl").write_text(
        transcript("s1", ["mcp__repo__tool_09", "mcp__repo__tool_09", "ToolSearch", "Read"])
    )
    (project / "two.jsonl").write_text(transcript("s2", ["mcp__repo__tool_10"]))
    (project / "broken.jsonl").write_text("{not json\n{}\n")
    other = in_tmp / "config"
    (other / "projects" / "x").mkdir(parents=True)
    (other / "projects" / "x" / "three.jsonl").write_text(transcript("s3", ["mcp__repo__tool_09"]))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(other))
    code, out, err = run_at(runner, 10_000, "recommend", "repo.json", "--usage", "claude-code")
    assert code == 0, err
    assert (
        "Usage: 6 calls in 3 sessions from 3 files (Claude Code transcripts in "
        f"~/.claude/projects and {other / 'projects'}); 4 to catalog tools; "
        "1 tool search call" in out
    )
    assert "Confidence: from usage: 4 calls in 3 sessions\n" in out
    assert "skipped 1 Claude Code transcript it could not read" in out
    result = runner.invoke(app, ["recommend", "-f", "json", "repo.json", "--usage", "claude-code"])
    data = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("recommend"))
    assert data["confidence"] == "from usage: 4 calls in 3 sessions"
    assert data["usage"]["origins"] == ["~/.claude/projects", str(other / "projects")]
    assert data["keep"][:2] == ["tool_09", "tool_10"]


def test_usage_claude_code_without_transcripts(runner: CliRunner, in_tmp: Path, home: Path) -> None:
    write_json(in_tmp / "repo.json", mcp_tools([f"tool_{i:02d}" for i in range(12)]))
    code, _, err = run(runner, "recommend", "repo.json", "--usage", "claude-code")
    assert code == 2 and "no Claude Code transcripts: ~/.claude/projects does not exist" in err
    (home / ".claude" / "projects").mkdir(parents=True)
    code, _, err = run(runner, "recommend", "repo.json", "--usage", "claude-code")
    assert code == 2 and "no transcripts (*.jsonl) in ~/.claude/projects" in err


# --- 5. how confident the choice is -----------------------------------------------------------


def test_confidence_without_usage_in_text_and_json(runner: CliRunner, in_tmp: Path) -> None:
    write_json(in_tmp / "repo.json", mcp_tools([f"tool_{i:02d}" for i in range(12)]))
    result = runner.invoke(app, ["recommend", "-f", "json", "repo.json"])
    data = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("recommend"))
    assert data["confidence"] == "heuristic, no usage: estimate"
    table = in_tmp / "counts.csv"
    table.write_text("Read,3\n")
    code, out, err = run_at(runner, 10_000, "recommend", "repo.json", "--usage", str(table))
    assert code == 0, err
    assert (
        "Confidence: heuristic, no usage: estimate (the usage evidence calls none of these tools)"
        in out
    )
    table.write_text("tool_09,4\n")
    code, out, err = run_at(runner, 10_000, "recommend", "repo.json", "--usage", str(table))
    assert code == 0, err
    assert "Confidence: from usage: 4 calls in 1 usage table\n" in out


def test_diff_on_a_tools_list_under_api(runner: CliRunner, in_tmp: Path) -> None:
    write_json(in_tmp / "repo.json", mcp_tools([f"tool_{i:02d}" for i in range(12)]))
    code, out, err = run_at(runner, 10_000, "recommend", "--diff", "repo.json")
    assert code == 0, err
    assert "no diff for repo.json: an MCP tools/list file has no deferral field" in out


def test_several_scopes_add_one_line_of_sums(runner: CliRunner, in_tmp: Path) -> None:
    names = [f"tool_{i:02d}" for i in range(12)]
    write_json(in_tmp / "a.json", mcp_tools(names))
    write_json(in_tmp / "b.json", mcp_tools([f"other_{i:02d}" for i in range(12)]))
    result = runner.invoke(app, ["recommend", "-f", "json", "a.json", "b.json"])
    data = json.loads(result.stdout)
    code, out, err = run_at(runner, 10_000, "recommend", "a.json", "b.json")
    assert code == 0, err
    before, after = data["upfront_before"], data["upfront_after"]
    assert out.count("upfront ") == 2
    summed = f"Upfront, 2 scopes (2 separate requests, summed): {before:,} -> {after:,} tokens\n"
    assert out.count(summed) == 1
