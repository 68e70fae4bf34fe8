"""One CLI (issue 19): counts said alike by every command, formats, options and errors alike,
sources, colour and help."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.conftest import FIXTURES
from toolsearch.app import app

REQUEST = str(FIXTURES / "example" / "request.json")
GITHUB = str(FIXTURES / "example" / "github.json")


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_budget_lint_and_recommend_count_tools_alike(runner: CliRunner) -> None:
    phrase = "16 tools + tool search"
    _, budget, _ = run(runner, "budget", REQUEST, GITHUB)
    _, lint, _ = run(runner, "lint", REQUEST, GITHUB)
    _, recommend, _ = run(runner, "recommend", REQUEST, GITHUB)
    _, markdown, _ = run(runner, "budget", "-f", "markdown", REQUEST, GITHUB)
    assert f"(request, {phrase}, model" in budget
    assert f"in {phrase} in 2 files" in lint
    assert f"(request, {phrase}, model" in recommend
    assert f"| {phrase} |" in markdown


def test_one_tool_is_singular_and_thousands_are_separated(runner: CliRunner, in_tmp: Path) -> None:
    tool = {"name": "t", "description": "A tool that does one thing well.", "inputSchema": {}}
    (in_tmp / "one.json").write_text(json.dumps({"tools": [tool]}))
    many = [{**tool, "name": f"t{i}"} for i in range(1_200)]
    (in_tmp / "many.json").write_text(json.dumps({"tools": many}))
    _, out, _ = run(runner, "budget", "one.json")
    assert "(mcp, 1 tool, model" in out
    _, out, _ = run(runner, "lint", "--select", "missing-description", "one.json")
    assert "in 1 tool in 1 file" in out
    _, out, _ = run(runner, "budget", "many.json")
    assert "(mcp, 1,200 tools, model" in out and "1,160 more tools" in out
    _, out, _ = run(runner, "lint", "--select", "missing-description", "many.json")
    assert "in 1,200 tools in 1 file" in out
    _, out, _ = run(runner, "query", "--all", "tool", "many.json")
    assert "over 1,200 tools" in out
