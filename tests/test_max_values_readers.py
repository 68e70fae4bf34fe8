"""``max-values`` and ``--max-values`` reach every file toolsearch reads: usage files, lint
baselines, eval cases and intents, saved budgets, snapshots, MCP configs and the config itself."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.live_helpers import STDIO_SERVER
from tests.transcripts import Session, write_sessions
from toolsearch.app import app

RAISE = "raise it with --max-values or in the config"


def tool(name: str) -> dict[str, object]:
    return {
        "name": name,
        "description": f"Do the {name} thing for a record.",
        "input_schema": {"type": "object", "properties": {"id": {"type": "string"}}},
    }


@pytest.fixture
def small_limit(in_tmp: Path) -> Path:
    """A folder with a config allowing 100 values a file, and a catalog of three tools."""
    (in_tmp / ".toolsearch.yaml").write_text("max-values: 100\n")
    tools = [tool("create_issue"), tool("list_issues"), tool("close_issue")]
    (in_tmp / "tools.json").write_text(json.dumps(tools))
    return in_tmp


def refused(runner: CliRunner, args: list[str], shown: str) -> None:
    """The run exits 2 with one error line naming the file, the limit and what to do."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    said = [line for line in result.stderr.splitlines() if "starting MCP server" not in line]
    assert said == [f"toolsearch: error: {shown}: holds more than 100 values (max-values); {RAISE}"]


def test_a_usage_table_over_the_limit_is_refused(runner: CliRunner, small_limit: Path) -> None:
    rows = "".join(f"tool_{i},{i}\n" for i in range(200))
    (small_limit / "usage.csv").write_text("name,count\n" + rows)
    refused(runner, ["recommend", "tools.json", "--usage", "usage.csv"], "usage.csv")


def test_a_usage_log_over_the_limit_is_refused(runner: CliRunner, small_limit: Path) -> None:
    call = {"type": "message", "content": [{"type": "tool_use", "id": "t", "name": "x"}]}
    (small_limit / "log.jsonl").write_text("".join(json.dumps(call) + "\n" for _ in range(50)))
    refused(runner, ["recommend", "tools.json", "--usage", "log.jsonl"], "log.jsonl")
    (small_limit / "table.json").write_text(json.dumps({f"tool_{i}": i for i in range(200)}))
    refused(runner, ["recommend", "tools.json", "--evaluate", "table.json"], "table.json")
    refused(runner, ["report", "tools.json", "--usage", "table.json", "-o", "r.html"], "table.json")


def test_a_usage_table_under_the_limit_is_read(runner: CliRunner, small_limit: Path) -> None:
    (small_limit / "usage.csv").write_text("name,count\ncreate_issue,3\nlist_issues,1\n")
    result = runner.invoke(app, ["recommend", "-f", "json", "tools.json", "--usage", "usage.csv"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["usage"]["files"][0]["calls"] == 4


def test_commas_in_quoted_csv_names_are_not_cells(runner: CliRunner, small_limit: Path) -> None:
    name = '"' + "a," * 300 + '"'
    (small_limit / "usage.csv").write_text(f"name,count\n{name},3\ncreate_issue,1\n")
    result = runner.invoke(app, ["recommend", "-f", "json", "tools.json", "--usage", "usage.csv"])
    assert result.exit_code == 0, result.output


def test_a_lint_baseline_over_the_limit_is_refused(runner: CliRunner, small_limit: Path) -> None:
    finding = {"rule": "r", "source": "tools", "tool": None, "message": "m"}
    baseline = {"schema_version": 1, "identity": 3, "findings": [finding] * 50}
    (small_limit / "baseline.json").write_text(json.dumps(baseline))
    refused(runner, ["lint", "tools.json", "--baseline", "baseline.json"], "baseline.json")
    result = runner.invoke(
        app, ["lint", "tools.json", "--baseline", "baseline.json", "--update-baseline"]
    )
    assert result.exit_code == 2
    assert "baseline.json: holds more than 100 values (max-values)" in result.stderr
    assert "refusing to overwrite baseline.json" in result.stderr
    assert json.loads((small_limit / "baseline.json").read_text()) == baseline


@pytest.mark.parametrize("suffix", [".jsonl", ".json", ".yaml"])
def test_eval_cases_over_the_limit_are_refused(
    runner: CliRunner, small_limit: Path, suffix: str
) -> None:
    cases = [{"query": "open an issue", "expected": ["create_issue"]}] * 40
    if suffix == ".jsonl":
        text = "".join(json.dumps(case) + "\n" for case in cases)
    elif suffix == ".json":
        text = json.dumps(cases)
    else:
        text = "".join("- {query: open an issue, expected: [create_issue]}\n" for _ in cases)
    (small_limit / f"cases{suffix}").write_text(text)
    refused(runner, ["eval", f"cases{suffix}", "tools.json"], f"cases{suffix}")


def test_recommend_intents_over_the_limit_are_refused(runner: CliRunner, small_limit: Path) -> None:
    cases = [{"query": "open an issue", "expected": ["create_issue"]}] * 40
    (small_limit / "intents.json").write_text(json.dumps(cases))
    refused(runner, ["recommend", "tools.json", "--intents", "intents.json"], "intents.json")


def test_a_saved_budget_over_the_limit_is_refused(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "tools.json").write_text(json.dumps([tool("create_issue")] * 1))
    saved = runner.invoke(app, ["budget", "-f", "json", "tools.json"])
    assert saved.exit_code == 0
    document = json.loads(saved.stdout)
    document["notes"] = [f"note {i}" for i in range(200)]
    (in_tmp / "old.json").write_text(json.dumps(document))
    (in_tmp / ".toolsearch.yaml").write_text("max-values: 100\n")
    refused(runner, ["budget", "tools.json", "--baseline", "old.json"], "old.json")


def test_an_mcp_config_over_the_limit_is_refused(runner: CliRunner, small_limit: Path) -> None:
    servers = {f"s{i}": {"command": "true", "args": ["a", "b"]} for i in range(40)}
    (small_limit / "mcp.json").write_text(json.dumps({"mcpServers": servers}))
    refused(runner, ["budget", "--mcp-config", "mcp.json"], "mcp.json")


@pytest.mark.slow
def test_a_snapshot_over_the_limit_is_refused(runner: CliRunner, in_tmp: Path) -> None:
    command = f"store={shlex.join([sys.executable, str(STDIO_SERVER), '--plain', '--tools', '3'])}"
    written = runner.invoke(app, ["snapshot", "--mcp-command", command, "--out", "snaps"])
    assert written.exit_code == 0, written.output
    saved = json.loads((in_tmp / "snaps" / "store.json").read_text())
    saved["tools"][0]["annotations"] = {"padding": list(range(200))}
    (in_tmp / "snaps" / "store.json").write_text(json.dumps(saved))
    args = ["snapshot", "--max-values", "100", "--mcp-command", command, "--check", "snaps"]
    refused(runner, args, "snaps/store.json")


def test_the_flag_wins_over_the_config(runner: CliRunner, small_limit: Path) -> None:
    rows = "".join(f"tool_{i},{i}\n" for i in range(200))
    (small_limit / "usage.csv").write_text("name,count\n" + rows)
    args = ["recommend", "-f", "json", "tools.json", "--usage", "usage.csv"]
    result = runner.invoke(app, [*args, "--max-values", "1000"])
    assert result.exit_code == 0, result.output
    (small_limit / ".toolsearch.yaml").write_text("max-values: 100000\n")
    result = runner.invoke(app, [*args, "--max-values", "100"])
    assert result.exit_code == 2
    assert f"usage.csv: holds more than 100 values (max-values); {RAISE}" in result.stderr


def test_the_flag_bounds_catalogs_and_the_config_itself(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "tools.json").write_text(json.dumps([tool(f"t{i}") for i in range(20)]))
    refused(runner, ["budget", "--max-values", "100", "tools.json"], "tools.json")
    ignores = "".join(f"  - {{rule: r, tool: t{i}}}\n" for i in range(40))
    (in_tmp / ".toolsearch.yaml").write_text("ignore:\n" + ignores)
    result = runner.invoke(app, ["query", "--max-values", "50", "issue", "tools.json"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"toolsearch: error: {in_tmp / '.toolsearch.yaml'}: holds more than 50 values "
        f"(max-values); {RAISE}"
    ]


@pytest.mark.parametrize(
    "command", ["lint", "budget", "query", "eval", "recommend", "report", "serve", "sessions"]
)
def test_every_reading_command_takes_the_flag(runner: CliRunner, command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert "--max-values" in result.stdout
    refused = runner.invoke(app, [command, "--max-values", "0"])
    assert refused.exit_code == 2


def test_show_settings_names_the_flag(runner: CliRunner, small_limit: Path) -> None:
    shown = runner.invoke(app, ["lint", "--show-settings"]).stdout
    row = next(line for line in shown.splitlines() if line.startswith("max-values"))
    assert row.split()[1] == "100" and "config" in row
    shown = runner.invoke(app, ["lint", "--show-settings", "--max-values", "5000"]).stdout
    row = next(line for line in shown.splitlines() if line.startswith("max-values"))
    assert row.split()[1:] == ["5,000", "(--max-values)"]


def test_serve_refuses_an_over_large_catalog_before_it_starts(
    runner: CliRunner, in_tmp: Path
) -> None:
    (in_tmp / "tools.json").write_text(json.dumps([tool(f"t{i}") for i in range(20)]))
    refused(runner, ["serve", "--max-values", "100", "tools.json"], "tools.json")


def test_sessions_takes_the_flag_for_its_transcript_lines(runner: CliRunner, in_tmp: Path) -> None:
    session = Session("c1b2c3d4-0000-4000-8000-0000000000cc")
    session.call("mcp__github__create_issue", {"labels": [f"l{i}" for i in range(200)]})
    session.call("mcp__github__list_issues")
    path = write_sessions(in_tmp / "projects", "-x", session)[0]
    result = runner.invoke(app, ["sessions", "-f", "json", "--max-values", "100", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["notes"] == [f"skipped 1 malformed line ({path.relative_to(in_tmp)}:1)"]
    assert sum(t["calls"] for s in data["servers"] for t in s["tools"]) == 1
