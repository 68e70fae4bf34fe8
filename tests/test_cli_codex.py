"""``--target codex`` through the CLI: budget, query, lint, eval, recommend, report, config."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from toolsearch.app import app
from toolsearch.lint.rule_contract import rule_hosts
from toolsearch.rules import RULES
from toolsearch.schemas import load_schema

SERVER = {
    "tools": [
        {
            "name": "fork_repository",
            "description": "Fork a repository to your account or an organization.",
            "inputSchema": {"type": "object", "properties": {"repo": {"type": "string"}}},
        },
        {
            "name": "star_repository",
            "description": "Star a repository.",
            "inputSchema": {"type": "object", "properties": {"repo": {"type": "string"}}},
        },
        {
            "name": "unstar_repository",
            "description": "Unstar a repository.",
            "inputSchema": {"type": "object", "properties": {"repo": {"type": "string"}}},
        },
        {
            "name": "get-page",
            "description": "Fetch one documentation page by its path.",
            "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}},
        },
        {
            "name": "ui_panel",
            "description": "Data for the app's panel.",
            "inputSchema": {"type": "object"},
            "_meta": {"ui": {"visibility": ["app"]}},
        },
    ]
}


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


@pytest.fixture
def server(tmp_path: Path) -> Path:
    path = tmp_path / "git-hub.json"
    path.write_text(json.dumps(SERVER))
    return path


def test_budget_counts_codexs_built_ins_upfront_and_each_mcp_tool_as_loaded(server: Path) -> None:
    result = invoke("budget", "--target", "codex", str(server))
    assert result.exit_code == 0, result.output
    assert "Scope codex (codex, 5 tools + tool search, model gpt-5.5)" in result.stdout
    assert "exec_command" in result.stdout and "deferred  fork_repository" in result.stdout
    assert "o200k_base" in result.stdout and "stands in" not in result.stdout
    exact = invoke("budget", "--target", "codex", "--exact", str(server))
    assert exact.exit_code == 2 and "--target codex has only the o200k_base" in exact.stderr
    assert "context window is not published" in result.stdout
    data = json.loads(invoke("budget", "--target", "codex", "-f", "json", str(server)).stdout)
    jsonschema.validate(data, load_schema("budget"))
    totals = data["totals"]
    rows = data["tools"]
    built_ins = [r for r in rows if r["kind"] == "built-in"]
    assert len(built_ins) == 12 and all(not r["deferred"] for r in built_ins)
    loaded = sum(r["tokens"] for r in built_ins)
    assert totals["upfront"] == loaded + totals["search_tool"] and totals["system_prompt"] == 0
    assert totals["all_loaded"] == sum(r["tokens"] for r in rows)
    assert totals["context_window"] is None and totals["context_share"] is None


def test_query_searches_codexs_way_eight_results_with_namespaces_and_ties(server: Path) -> None:
    result = invoke("query", "--target", "codex", "-f", "json", "fork repository", str(server))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("query"))
    assert data["mode"] == "codex" and data["limit"] == 8
    names = [(r["name"], r["namespace"], r["tie"]) for r in data["results"]]
    assert names[0] == ("fork_repository", "mcp__git_hub", None)
    assert ("spawn_agent", "multi_agent_v1", None) in names  # Codex's own tools compete
    star, unstar = (r for r in data["results"] if r["name"].endswith("star_repository"))
    assert star["score"] == unstar["score"] and star["tie"] == unstar["tie"] is not None
    assert "ui_panel" not in {r["name"] for r in data["results"]}
    text = invoke("query", "--target", "codex", "repository", str(server)).stdout
    assert "= " in text and "Codex returns in a random order" in text


def test_codexs_own_tools_leave_with_the_config(server: Path, tmp_path: Path) -> None:
    config = tmp_path / ".toolsearch.yaml"
    config.write_text("target: codex\ncodex:\n  multi-agent: false\n")
    result = invoke("query", "--config", str(config), "-f", "json", "fork", str(server))
    assert [r["name"] for r in json.loads(result.stdout)["results"]] == ["fork_repository"]
    config.write_text("codex:\n  multi-agent: maybe\n")
    refused = invoke("query", "--config", str(config), "fork", str(server))
    assert refused.exit_code == 2
    assert "codex.multi-agent must be true or false" in refused.stderr


def test_an_empty_query_is_refused(server: Path) -> None:
    result = invoke("query", "--target", "codex", "  ", str(server))
    assert result.exit_code == 2 and "the query is empty" in result.stderr


def test_lint_reports_the_names_codex_sanitises(server: Path) -> None:
    result = invoke(
        "lint", "--target", "codex", "--select", "renamed-by-codex", "--fail-on", "info",
        "-f", "json", str(server),
    )  # fmt: skip
    messages = [d["message"] for d in json.loads(result.stdout)["diagnostics"]]
    assert any('"get_page" in namespace "mcp__git_hub"' in m for m in messages)
    assert len(messages) == 5  # the server's dash renames every tool's namespace


def test_eval_self_checks_codexs_top_eight(server: Path) -> None:
    result = invoke("eval", "--target", "codex", "--self", "-f", "json", str(server))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("eval"))
    assert data["at"] == 8 and "codex" in data["modes"]


def test_recommend_says_codex_keeps_nothing_loaded_and_refuses_to_apply(server: Path) -> None:
    result = invoke("recommend", "--target", "codex", str(server))
    assert result.exit_code == 0, result.output
    assert "Keep loaded: nothing." in result.stdout
    assert "apps only" in result.stdout and "git-hub/ui_panel" in result.stdout
    data = json.loads(invoke("recommend", "--target", "codex", "-f", "json", str(server)).stdout)
    jsonschema.validate(data, load_schema("recommend-codex"))
    assert data["keep_loaded"] == [] and data["checked"] == 4
    refused = invoke("recommend", "--target", "codex", "--apply", str(server))
    assert refused.exit_code == 2
    assert "no setting that keeps an MCP tool loaded" in refused.stderr
    assert "Traceback" not in refused.output


def test_recommend_names_a_tool_its_own_words_do_not_find(tmp_path: Path) -> None:
    tools = [
        {"name": f"send_{n}", "description": "Send a message.", "inputSchema": {"type": "object"}}
        for n in range(10)
    ]
    tools.append({"name": "do_it", "description": "Do it.", "inputSchema": {"type": "object"}})
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": tools}))
    data = json.loads(invoke("recommend", "--target", "codex", "-f", "json", str(path)).stdout)
    found = {item["name"]: item for item in data["badly_found"]}
    assert set(found) >= {"do_it", "send_9"}
    assert found["do_it"]["rank"] is None
    assert "say what sets it apart from" in found["send_9"]["advice"]


def test_report_under_codex_says_why_nothing_is_recommended(server: Path, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = invoke("report", "--target", "codex", str(server), "-o", str(page))
    assert result.exit_code == 0, result.output
    text = page.read_text()
    assert "target codex" in text and "window not published" in text
    assert "no setting that keeps an MCP tool loaded" in text


def test_show_settings_accept_target_codex(server: Path) -> None:
    result = invoke("lint", "--target", "codex", "--show-settings", str(server))
    assert result.exit_code == 0, result.output
    assert "renamed-by-codex" in result.stdout


DEEP = {"type": "object", "properties": {"e": {"type": "string"}}}
for _key in "dcba":
    DEEP = {"type": "object", "properties": {_key: DEEP}}


def test_lint_under_codex_runs_no_openai_rule_that_what_codex_sends_cannot_trip(
    tmp_path: Path,
) -> None:
    # Codex sends each MCP tool deferred with strict false and no `default`, loads one function
    # per search hit (not a namespace), and its tools array holds only its own 13 entries: no
    # rule for OpenAI's requests applies (hosts-facts.md §1.7), only the renaming Codex does.
    openai_rules = {r.ID for r in RULES if "openai" in (rule_hosts(r) or ())}
    assert {r.ID for r in RULES if "codex" in (rule_hosts(r) or ())} == {"renamed-by-codex"}
    limit = {"type": "integer", "default": 10}
    tools = [
        {"name": f"tool_{i}", "description": f"Tool {i}.", "inputSchema": {"properties": {}}}
        for i in range(10)
    ]
    tools.append(
        {"name": "deep", "description": "Deep.", "inputSchema": {"properties": {"n": limit}}}
    )
    tools.append({"name": "nested", "description": "Nested.", "inputSchema": DEEP})
    (tmp_path / "git-hub.json").write_text(json.dumps({"tools": tools}))
    (tmp_path / "git_hub.json").write_text(json.dumps({"tools": tools[:1]}))
    config = tmp_path / ".toolsearch.yaml"
    config.write_text("rules:\n  too-many-tools: {max-tools: 4}\n")
    found = {}
    for target in ("codex", "openai"):
        result = invoke(
            "lint", "--target", target, "--config", str(config), "--fail-on", "info",
            "-f", "json", str(tmp_path / "git-hub.json"), str(tmp_path / "git_hub.json"),
        )  # fmt: skip
        found[target] = {d["rule"] for d in json.loads(result.stdout)["diagnostics"]}
    assert "strict-schema" in found["openai"] & openai_rules  # the same tools, sent by OpenAI
    assert not found["codex"] & openai_rules
    assert "renamed-by-codex" in found["codex"]
