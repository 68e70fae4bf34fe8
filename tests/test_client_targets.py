"""The client targets (issue 31): ``copilot-vscode``, ``copilot-cli``, ``cursor``, ``gemini``.

Each through the CLI: what it defers, its costs as the model's host counts them, query and
eval's note line, recommend's cap advice and refused --apply, and a real process run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.conftest import CATALOGS, env_without_cache, needs_shared
from toolsearch.app import app
from toolsearch.hosts import HOSTS, costing_host
from toolsearch.hosts.clients import counted_as, is_claude
from toolsearch.schemas import load_schema

CLIENTS = ("copilot-vscode", "copilot-cli", "cursor", "gemini")
WORDS = ["weather", "forecast", "alerts", "radar", "pollen", "stations", "cities", "tides"]


def server(count: int, prefix: str = "get") -> dict[str, Any]:
    """An MCP tools/list of ``count`` tools."""
    return {
        "tools": [
            {
                "name": f"{prefix}_{WORDS[i % len(WORDS)]}_{i}",
                "description": f"Read the {WORDS[i % len(WORDS)]} data number {i} for one city.",
                "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}},
            }
            for i in range(count)
        ]
    }


def write(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args), env={"NO_COLOR": "1", "COLUMNS": "200"})


def budget_json(*args: str) -> Any:
    result = run("budget", "-f", "json", *args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("budget"))
    return data


def tool_tokens(data: Any) -> dict[str, float]:
    return {t["name"]: t["tokens"] for t in data["tools"] if t["kind"] == "tool"}


def test_a_clients_model_is_counted_by_its_vendors_host() -> None:
    assert is_claude("claude-sonnet-4-5") and is_claude("anthropic.claude-opus-4-7-v1:0")
    assert not is_claude("gpt-5.5") and not is_claude("gemini-3.6")
    assert counted_as("claude-haiku-4-5") == "api" and counted_as("gpt-5.4") == "openai"
    vscode = HOSTS["copilot-vscode"]
    assert costing_host(vscode, None).name == "api"  # its default model is a Claude model
    assert costing_host(vscode, "gpt-5.5").name == "openai"
    assert costing_host(HOSTS["gemini"], "gemini-3.6").name == "gemini"


@pytest.mark.parametrize("client", ["copilot-vscode", "copilot-cli", "cursor"])
def test_costs_follow_the_model_the_client_sends_to(client: str, tmp_path: Path) -> None:
    path = str(write(tmp_path, "weather.json", server(40)))
    # the API sent the same names: VS Code's carry its (assumed) prefix
    prefix = "mcp_weather_get" if client == "copilot-vscode" else "get"
    (tmp_path / "sent").mkdir()
    same = str(write(tmp_path / "sent", "weather.json", server(40, prefix)))
    claude = budget_json("--target", client, path)
    api = budget_json("--target", "api", same)
    assert claude["model"] == "claude-sonnet-4-5"
    assert claude["method"]["encoding"] == "cl100k_base"
    assert sorted(tool_tokens(claude).values()) == sorted(tool_tokens(api).values())
    gpt = budget_json("--target", client, "--model", "gpt-5.5", path)
    openai = budget_json("--target", "openai", same)
    assert gpt["model"] == "gpt-5.5"
    assert gpt["method"]["encoding"] == "o200k_base"
    assert sorted(tool_tokens(gpt).values()) == sorted(tool_tokens(openai).values())


def test_the_method_line_names_the_clients_default_model(tmp_path: Path) -> None:
    path = str(write(tmp_path, "weather.json", server(3)))
    for client in CLIENTS:
        shown = run("budget", "--target", client, path)
        assert shown.exit_code == 0, shown.output
        said = f"no model named: --target {client}'s default model, {HOSTS[client].default_model}"
        assert said in shown.stdout


def test_copilot_vscode_defers_on_claude_45_and_gpt_54_only(tmp_path: Path) -> None:
    path = str(write(tmp_path, "weather.json", server(12)))
    for model, deferred in (
        ("claude-sonnet-4-5", True),
        ("claude-opus-4-7", True),
        ("claude-haiku-4-5", False),
        ("gpt-5.4", True),
        ("gpt-4.1", False),
    ):
        data = budget_json("--target", "copilot-vscode", "--model", model, path)
        assert {t["deferred"] for t in data["tools"]} == {deferred}, model
        assert all(t["sent_name"].startswith("mcp_weather_") for t in data["tools"])
    text = run("budget", "--target", "copilot-vscode", "--model", "claude-haiku-4-5", path)
    assert "defers tools only on Claude Sonnet and Opus 4.5 or later" in text.stdout
    assert "VS Code's prefix is assumed" in text.stdout


def test_copilot_cli_searches_from_about_30_tools(tmp_path: Path) -> None:
    small = str(write(tmp_path, "small.json", server(29)))
    large = str(write(tmp_path, "large.json", server(30)))
    assert {t["deferred"] for t in budget_json("--target", "copilot-cli", small)["tools"]} == {
        False
    }
    assert {t["deferred"] for t in budget_json("--target", "copilot-cli", large)["tools"]} == {True}
    shown = run("budget", "--target", "copilot-cli", small)
    assert "Copilot CLI skips tool search below about 30 tools (29 here)" in shown.stdout
    old = budget_json("--target", "copilot-cli", "--model", "gpt-4.1", large)
    assert {t["deferred"] for t in old["tools"]} == {False}


def test_cursor_keeps_names_alone_and_gemini_sends_everything(tmp_path: Path) -> None:
    path = str(write(tmp_path, "weather.json", server(12)))
    cursor = budget_json("--target", "cursor", "--model", "gpt-5.5", path)
    assert {t["deferred"] for t in cursor["tools"]} == {True}
    assert cursor["totals"]["upfront"] == 0  # names are not counted, and the text says so
    shown = run("budget", "--target", "cursor", path)
    assert "names and Cursor's own prompt and tools are not counted" in shown.stdout
    gemini = budget_json("--target", "gemini", path)
    assert {t["deferred"] for t in gemini["tools"]} == {False}
    assert gemini["method"]["encoding"] == "o200k_base"
    assert gemini["totals"]["upfront"] == sum(tool_tokens(gemini).values())
    text = run("budget", "--target", "gemini", path)
    assert "Gemini's tokenizer is not bundled: o200k_base counts stand in for it" in text.stdout


@pytest.mark.parametrize("client", CLIENTS)
def test_query_and_eval_say_the_clients_search_is_not_reproduced(
    client: str, tmp_path: Path
) -> None:
    path = str(write(tmp_path, "weather.json", server(12)))
    first = HOSTS[client].search_note
    assert first is not None
    opening = first.split(":")[0]
    query = run("query", "--target", client, "radar data", path)
    assert query.exit_code == 0, query.output
    lines = query.stdout.splitlines()
    assert lines[0].startswith(opening) and "bm25 rankings, an approximation" in lines[0]
    assert "radar" in query.stdout
    regex = run("query", "--target", client, "-m", "regex", "radar", path)
    assert regex.exit_code == 0 and "regex rankings" in regex.stdout.splitlines()[0]
    evaluated = run("eval", "--target", client, "--self", path)
    assert evaluated.exit_code == 0, evaluated.output
    assert evaluated.stdout.startswith(opening)
    as_json = json.loads(run("query", "--target", client, "-f", "json", "radar", path).stdout)
    jsonschema.validate(as_json, load_schema("query"))
    assert as_json["mode"] == "bm25" and as_json["notes"][0].startswith(opening)


def test_recommend_follows_copilots_cap_and_refuses_apply(tmp_path: Path) -> None:
    path = str(write(tmp_path, "weather.json", server(100)))
    shown = run("recommend", "--target", "copilot-vscode", path)
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.stdout.split())
    assert "beside about 30 of its own (assumed)" in text
    assert "100 tools are over the 98 that fit in Copilot in VS Code's request of 128" in text
    data = json.loads(run("recommend", "--target", "copilot-vscode", "-f", "json", path).stdout)
    jsonschema.validate(data, load_schema("recommend"))
    for client in CLIENTS:
        refused = run("recommend", "--target", client, "--apply", path)
        assert refused.exit_code == 2, client
        assert f"nothing to write under --target {client}" in refused.stderr
    assert json.loads(Path(path).read_text())["tools"][0]["name"] == "get_weather_0"


def test_recommend_under_gemini_names_what_to_turn_off_past_512(tmp_path: Path) -> None:
    path = str(write(tmp_path, "many.json", server(515)))
    shown = run("recommend", "--target", "gemini", path)
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.stdout.split())
    assert "515 tools are over the 512 that fit in Gemini's request of 512" in text
    lint = run("lint", "--target", "gemini", "--select", "client-tool-limit", path)
    assert lint.exit_code == 1
    assert "Gemini is sent 515 MCP tools, over its 512 a request" in lint.stdout


def test_show_settings_names_the_client_and_the_platform(tmp_path: Path) -> None:
    path = str(write(tmp_path, "weather.json", server(2)))
    shown = run("lint", "--target", "cursor", "--platform", "vertex", "--show-settings", path)
    assert shown.exit_code == 0, shown.output
    assert any(
        line.split()[:3] == ["target", "cursor", "(--target)"] for line in shown.stdout.splitlines()
    )
    assert any(
        line.split()[:3] == ["platform", "vertex", "(--platform)"]
        for line in shown.stdout.splitlines()
    )


def test_client_rules_run_only_under_their_client(tmp_path: Path) -> None:
    long_name = "get_weekly_retention_for_every_cohort_by_signup_channel_and_region"
    path = str(
        write(
            tmp_path,
            "analytics.json",
            {"tools": [{"name": long_name, "description": "Retention.", "inputSchema": {}}]},
        )
    )
    found = {}
    for client in ("api", *CLIENTS):
        result = run("lint", "--target", client, "-f", "json", "--fail-on", "info", path)
        found[client] = {d["rule"] for d in json.loads(result.stdout)["diagnostics"]}
    assert "copilot-name-too-long" in found["copilot-vscode"]
    assert "cursor-name-too-long" in found["cursor"]
    for client, rules in found.items():
        assert ("copilot-name-too-long" in rules) is (client == "copilot-vscode"), client
        assert ("cursor-name-too-long" in rules) is (client == "cursor"), client


def test_unknown_beta_on_vertex_only(tmp_path: Path) -> None:
    body = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 1024,
        "betas": ["web-search-2025-03-05"],
        "tools": [{"name": "a", "description": "A tool.", "input_schema": {"type": "object"}}],
    }
    path = str(write(tmp_path, "req.json", body))
    args = ("lint", "--select", "unknown-beta-on-platform", path)
    assert run(*args).exit_code == 0  # the Claude API takes it
    vertex = run(*args, "--platform", "vertex")
    assert vertex.exit_code == 1
    assert 'Google Vertex AI refuses the beta "web-search-2025-03-05"' in vertex.stdout


@needs_shared
def test_shared_catalogs_under_each_client_as_a_real_process() -> None:
    for client in CLIENTS:
        done = subprocess.run(
            [sys.executable, "-m", "toolsearch", "budget", "--target", client, str(CATALOGS)],
            capture_output=True,
            text=True,
            env=env_without_cache(),
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert f"Scope {client} ({client}, " in done.stdout
        assert "Traceback" not in done.stderr


def test_budget_names_the_client_that_would_not_send_it(tmp_path: Path) -> None:
    long_name = "get_weekly_retention_for_every_cohort_by_signup_channel_and_region"
    path = write(
        tmp_path,
        "analytics.json",
        {"tools": [{"name": long_name, "description": "Retention.", "inputSchema": {}}]},
    )
    cursor = run("budget", "--target", "cursor", f"analytics={path}")
    assert "REJECTED: Cursor would not send this request as written" in cursor.stdout
    assert "if Cursor sent it as written" in cursor.stdout
    assert "the API would reject" not in cursor.stdout
    markdown = run("budget", "--target", "cursor", "-f", "markdown", f"analytics={path}")
    assert "scope cursor: Cursor would not send this request as written" in markdown.stdout
