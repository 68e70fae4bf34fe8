"""GitHub Actions: the step summary of lint and budget, budget's annotations, budget's gates."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from tests.conftest import FIXTURES
from toolsearch.app import app

EXAMPLE = FIXTURES / "example"
ALL_DEFERRED = FIXTURES / "rules" / "all-deferred" / "bad.json"
ONLY = ("--select", "all-deferred,malformed-tool")


def invoke(runner: CliRunner, *args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env=env)
    return result.exit_code, result.stdout + result.stderr


def test_lint_appends_a_markdown_summary(runner: CliRunner, in_tmp: Path) -> None:
    shutil.copy(ALL_DEFERRED, "request.json")
    summary = in_tmp / "summary.md"
    summary.write_text("# Earlier step output\n")
    env = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    code, out = invoke(runner, "lint", *ONLY, "request.json", env=env)
    assert code == 1
    assert out.startswith("::error file=request.json,line=4,col=12,title=all-deferred::")
    text = summary.read_text()
    assert text.startswith("# Earlier step output\n\n## toolsearch lint\n\n")
    assert "**1 error, 0 warnings, 0 info in 1 tool + tool search in 1 file**" in text
    assert "| error | request.json:4:12 | all 3 tools are deferred" in text
    assert text.endswith("| all-deferred |\n")
    # a second run appends again, the first summary stays
    invoke(runner, "lint", *ONLY, "-f", "json", "request.json", env=env)
    assert summary.read_text().count("## toolsearch lint") == 2


def test_lint_summary_of_a_clean_run(runner: CliRunner, in_tmp: Path) -> None:
    summary = in_tmp / "summary.md"
    code, _ = invoke(
        runner,
        "lint",
        *ONLY,
        str(EXAMPLE / "request.json"),
        str(EXAMPLE / "github.json"),
        env={"GITHUB_STEP_SUMMARY": str(summary)},
    )
    assert code == 0
    assert (
        summary.read_text()
        == "## toolsearch lint\n\nNo problems found in 16 tools + tool search in 2 files.\n"
    )


def test_no_summary_without_the_variable(runner: CliRunner, in_tmp: Path) -> None:
    invoke(runner, "lint", *ONLY, str(EXAMPLE))
    invoke(runner, "budget", str(EXAMPLE))
    assert list(in_tmp.iterdir()) == []


def test_unwritable_summary_is_a_note_not_a_failure(runner: CliRunner, in_tmp: Path) -> None:
    target = in_tmp / "missing-dir" / "summary.md"
    code, out = invoke(
        runner, "lint", *ONLY, str(EXAMPLE), env={"GITHUB_STEP_SUMMARY": str(target)}
    )
    assert code == 0
    assert f"note: cannot write the step summary to {target}" in out


def test_budget_appends_a_markdown_summary(runner: CliRunner, in_tmp: Path) -> None:
    summary = in_tmp / "summary.md"
    env = {"GITHUB_STEP_SUMMARY": str(summary)}
    args = ("budget", str(EXAMPLE / "request.json"), str(EXAMPLE / "github.json"))
    code, _ = invoke(runner, *args, "--max-upfront", "1000", env=env)
    assert code == 1
    text = summary.read_text()
    assert text.startswith("## toolsearch budget\n\n| scope | model | tools | upfront |")
    assert (
        "| request | claude-sonnet-4-5-20250929 | 16 tools + tool search | 1,461 | 2,511 |" in text
    )
    assert "- **FAIL**: scope 'request': upfront 1,461 tokens exceeds --max-upfront 1,000" in text


def test_budget_github_format_annotates_the_tools_array(runner: CliRunner, in_tmp: Path) -> None:
    shutil.copy(EXAMPLE / "request.json", "request.json")
    shutil.copy(EXAMPLE / "github.json", "github.json")
    code, out = invoke(
        runner,
        "budget",
        "request.json",
        "github.json",
        "--max-upfront",
        "1000",
        env={"GITHUB_ACTIONS": "true"},
    )
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("Scope request (request, 16 tools")  # the text report for the log
    assert not any(line.startswith("FAIL") for line in lines)
    assert lines[-1] == (
        "::error file=request.json,line=12,col=12,title=toolsearch budget::"
        "scope 'request': upfront 1,461 tokens exceeds --max-upfront 1,000"
    )
    assert json.loads(Path("request.json").read_text())["tools"]  # line 12 is "tools": [
    assert Path("request.json").read_text().splitlines()[11].startswith('  "tools"')
    code, out = invoke(runner, "budget", "-f", "github", "request.json", "github.json")
    assert code == 0 and "::" not in out


def write_request(path: Path, extra_description: str) -> None:
    request = json.loads((EXAMPLE / "request.json").read_text())
    request["tools"][1]["description"] += extra_description
    path.write_text(json.dumps(request, indent=2))


def test_max_increase_fails_only_above_n(runner: CliRunner, in_tmp: Path) -> None:
    old = in_tmp / "old"
    old.mkdir()
    shutil.copy(EXAMPLE / "request.json", old / "request.json")
    write_request(in_tmp / "request.json", " Also lists related pages and their authors." * 4)
    code, out = invoke(
        runner, "budget", "-f", "json", "request.json", "--baseline", "old/request.json"
    )
    grown = json.loads(out)["baseline"]["upfront_change"]
    assert grown > 0
    args = ("budget", "request.json", "--baseline", "old/request.json", "--max-increase")
    code, out = invoke(runner, *args, str(grown))
    assert code == 0, out  # exactly N is allowed
    code, out = invoke(runner, *args, str(grown - 1))
    assert code == 1
    assert f"FAIL: scope 'request': upfront grew by {grown:,} tokens" in out
    assert f"over --max-increase {grown - 1:,}" in out


def test_max_increase_from_config_and_saved_output(runner: CliRunner, in_tmp: Path) -> None:
    code, saved = invoke(runner, "budget", "-f", "json", str(EXAMPLE / "request.json"))
    Path("release.json").write_text(saved)
    write_request(in_tmp / "request.json", " Also lists related pages and their authors." * 4)
    Path(".toolsearch.yaml").write_text("budget:\n  max-increase: 5\n")
    code, out = invoke(runner, "budget", "request.json", "--baseline", "release.json")
    assert code == 1 and "over budget.max-increase 5" in out
    code, out = invoke(
        runner, "budget", "request.json", "--baseline", "release.json", "--max-increase", "500"
    )
    assert code == 0  # the flag overrides the config
    write_request(in_tmp / "request.json", "")
    code, out = invoke(runner, "budget", "request.json", "--baseline", "release.json")
    assert code == 0 and "(+0)" in out
