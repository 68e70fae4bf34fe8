"""One CLI (issue 19): counts said alike by every command, formats, options and errors alike,
sources, colour and help."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES, HANG_LIMIT
from toolsearch.app import app
from toolsearch.rules import RULES
from toolsearch.schemas import load_schema

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


def one_error_line(result_stderr: str) -> str:
    lines = result_stderr.splitlines()
    assert len(lines) == 1, result_stderr
    assert lines[0].startswith("toolsearch: error: "), result_stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["budget", "--max-upfront", "abc", REQUEST],
            "--max-upfront: 'abc' is not a whole number of 0 or more; "
            "see 'toolsearch budget --help'",
        ),
        (["budget", "--max-upfront=-5", REQUEST], "--max-upfront: '-5' is not a whole number"),
        (
            ["eval", "--self", "--min-recall", "high", REQUEST],
            "--min-recall: 'high' is not a number",
        ),
        (["query", "-n", "0", "x", REQUEST], "-n: '0' is not a whole number of 1 or more"),
        (["budget", "--contxt-window", "5"], "no such option: --contxt-window (did you mean "),
        (["budget", "--model"], "--model needs a value"),
        (["budget", "--all=yes", REQUEST], "--all takes no value"),
        (["query"], "missing QUERY; see 'toolsearch query --help'"),
        (["rule"], "missing RULE_ID"),
        (["rules", "extra"], "unexpected argument 'extra': toolsearch rules takes no more"),
        (["budgte"], "no command 'budgte' (did you mean \"budget\"?); the commands are budget,"),
    ],
)
def test_option_errors_are_toolsearch_errors(
    runner: CliRunner, args: list[str], expected: str
) -> None:
    code, out, err = run(runner, *args)
    assert code == 2
    assert out == ""
    assert expected in one_error_line(err)


def test_option_errors_in_a_real_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "toolsearch", "budget", "--max-upfront", "abc", REQUEST],
        capture_output=True,
        text=True,
        timeout=HANG_LIMIT,
    )
    assert done.returncode == 2
    assert one_error_line(done.stderr).startswith("toolsearch: error: --max-upfront: 'abc'")


def test_usage_lines_are_alike(runner: CliRunner) -> None:
    usage = {
        command: run(runner, command, "--help")[1].splitlines()[0]
        for command in ("budget", "lint", "rules", "rule", "query", "eval", "recommend")
    }
    assert usage["budget"] == "Usage: toolsearch budget [OPTIONS] [SOURCE]..."
    assert usage["lint"] == "Usage: toolsearch lint [OPTIONS] [SOURCE]..."
    assert usage["recommend"] == "Usage: toolsearch recommend [OPTIONS] [SOURCE]..."
    assert usage["query"] == "Usage: toolsearch query [OPTIONS] QUERY [SOURCE]..."
    assert usage["eval"] == "Usage: toolsearch eval [OPTIONS] [CASES] [SOURCE]..."
    assert usage["rule"] == "Usage: toolsearch rule [OPTIONS] RULE_ID"
    assert usage["rules"] == "Usage: toolsearch rules [OPTIONS]"


def test_short_flags_mean_one_thing(runner: CliRunner) -> None:
    for command in ("budget", "lint", "query", "eval", "recommend", "rules", "rule", "snapshot"):
        out = run(runner, command, "--help")[1]
        assert "-m, --model" not in out and "-m " not in out.replace("-m, --mode", "")
        assert "--format" in out and "-f, --format" in out
    assert "-m, --mode" in run(runner, "query", "--help")[1]
    assert "-m, --mode" in run(runner, "eval", "--help")[1]


def test_top_level_help_shows_whole_descriptions(runner: CliRunner) -> None:
    from toolsearch.app import app as application

    code, out, _ = run(runner, "--help")
    assert code == 0
    commands = out.split("Commands:", 1)[1]
    assert "..." not in commands
    flat = " ".join(out.split())
    for command in application.registered_commands:
        callback = command.callback
        assert callback is not None and callback.__doc__ is not None
        first = " ".join(callback.__doc__.strip().splitlines()[0].split())
        assert first in flat


CASES = str(FIXTURES / "example" / "cases.yaml")


def test_rules_as_json(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / ".toolsearch.yaml").write_text(
        "rules:\n  short-description: {level: error, min-length: 60}\n"
        "  undescribed-parameter: off\n"
    )
    code, out, _ = run(runner, "rules", "--format", "json")
    assert code == 0
    data = json.loads(out)
    jsonschema.validate(data, load_schema("rules"))
    rules = {r["id"]: r for r in data["rules"]}
    assert len(rules) == len(RULES)
    assert rules["short-description"]["level"] == "error"
    assert rules["short-description"]["default_level"] == "warning"
    assert rules["short-description"]["options"]["min-length"] == 60
    assert rules["undescribed-parameter"]["level"] == "off"


def test_rule_as_markdown(runner: CliRunner) -> None:
    code, out, _ = run(runner, "rule", "-f", "markdown", "all-deferred")
    assert code == 0
    assert out.startswith("# all-deferred (error)\n")
    assert "## What it does" in out


def test_eval_as_markdown(runner: CliRunner) -> None:
    code, out, _ = run(runner, "eval", "-f", "markdown", CASES, REQUEST, GITHUB)
    assert code == 0
    assert out.startswith("## toolsearch eval\n\n7 cases from ")
    assert "| mode | cases | recall@1 | recall@3 | recall@5 | recall@10 | hit@5 | MRR |" in out
    assert "| bm25 | 6 |" in out
    assert "1 miss (not in the top 5):" in out
    assert "| meeting | bm25 | book a meeting with the team next week |" in out
    code, out, _ = run(
        runner, "eval", "-f", "markdown", "--min-recall", "0.99", CASES, REQUEST, GITHUB
    )
    assert code == 1
    assert "- **FAILED**: " in out


def test_recommend_as_markdown(runner: CliRunner) -> None:
    code, out, _ = run(runner, "recommend", "-f", "markdown", REQUEST, GITHUB)
    assert code == 0
    assert out.startswith("## toolsearch recommend\n")
    assert "| request | claude-sonnet-4-5-20250929 | 16 tools + tool search |" in out
    assert "**Keep loaded:** search\\_issues, get\\_customer, create\\_issue" in out
    assert "_estimate: cl100k\\_base count" in out
    code, out, _ = run(runner, "recommend", "-f", "markdown", "--diff", REQUEST, GITHUB)
    assert code == 0
    assert "```diff\n" in out and "+++ " in out


def test_unknown_format_names_the_choices(runner: CliRunner) -> None:
    code, _, err = run(runner, "recommend", "-f", "sarif", REQUEST)
    assert code == 2
    assert "--format must be one of text, json, markdown, not 'sarif'" in one_error_line(err)


COLOR_ENVIRONS = [
    ({}, False),  # a pipe: no colour
    ({"FORCE_COLOR": "1"}, True),
    ({"FORCE_COLOR": ""}, False),  # set but empty: as if unset
    ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
    ({"NO_COLOR": ""}, False),
]


@pytest.mark.parametrize(("environ", "colored"), COLOR_ENVIRONS[:2])
def test_force_color_and_no_color(environ: dict[str, str], colored: bool) -> None:
    """Through a real process's pipe: no colour, unless FORCE_COLOR asks for it."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "toolsearch",
            "lint",
            str(FIXTURES / "example" / "rejected-request.json"),
        ],
        capture_output=True,
        text=True,
        env={**env, **environ},
        timeout=HANG_LIMIT,
    )
    assert done.returncode == 1, done.stderr
    assert ("\x1b[" in done.stdout) is colored


@pytest.mark.parametrize(("environ", "colored"), COLOR_ENVIRONS)
def test_force_color_and_no_color_in_process(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, environ: dict[str, str], colored: bool
) -> None:
    """Every pair of the two variables, read as a run reads them (a real process reads the
    same environment: the test above)."""
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    code, out, err = run(runner, "lint", str(FIXTURES / "example" / "rejected-request.json"))
    assert code == 1, err
    assert ("\x1b[" in out) is colored


def test_force_color_in_process(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    _, out, _ = run(runner, "budget", REQUEST)
    assert "\x1b[1mScope request\x1b[0m" in out


OBJECT = {"type": "object", "properties": {}}


def server_tree(root: Path) -> None:
    """servers/{a/time.json, b/deep/fetch.json, .git/hidden.json, package.json}."""
    tool = {"name": "now", "description": "The current time in a time zone.", "inputSchema": OBJECT}
    for folder, name in (("a", "time"), ("b/deep", "fetch"), (".git", "hidden")):
        (root / "servers" / folder).mkdir(parents=True)
        listing = {"tools": [{**tool, "name": f"{name}_now"}]}
        (root / "servers" / folder / f"{name}.json").write_text(json.dumps(listing))
    (root / "servers" / "package.json").write_text('{"name": "pkg"}')


def scope_names(out: str) -> list[str]:
    return [line.split()[1] for line in out.splitlines() if line.startswith("Scope ")]


def test_a_directory_without_catalogs_names_the_subfolders_with_some(
    runner: CliRunner, in_tmp: Path
) -> None:
    server_tree(in_tmp)
    code, out, err = run(runner, "budget", "servers")
    assert code == 2 and out == ""
    message = one_error_line(err)
    assert "no tool catalog found in the given sources" in message
    assert (
        "servers: no tool catalog directly inside; these subfolders have some: servers/a (1), "
        in message
    )
    assert "servers/b/deep (1); name them, or pass -r" in message
    assert ".git" not in message
    # with a catalog from elsewhere, the same hint is a note
    code, out, _ = run(runner, "lint", "servers/a/time.json", "servers")
    assert code == 0
    assert "note: servers: no tool catalog directly inside; these subfolders have some" in out
    (in_tmp / "empty").mkdir()
    code, _, err = run(runner, "budget", "empty")
    assert code == 2 and "empty: no tool catalog in it or its subfolders" in one_error_line(err)


def test_recursive_reads_subfolders_but_not_hidden_ones(runner: CliRunner, in_tmp: Path) -> None:
    server_tree(in_tmp)
    for flag in ("-r", "--recursive"):
        code, out, _ = run(runner, "budget", "--per-scope", flag, "servers")
        assert code == 0
        assert scope_names(out) == ["time", "fetch"]
        assert "note: skipped servers/package.json: not a tool catalog" in out
    code, out, _ = run(runner, "query", "-r", "--all", "time", "servers")
    assert code == 0 and "time_now" in out


def test_quoted_globs_expand_for_catalog_sources(runner: CliRunner, in_tmp: Path) -> None:
    server_tree(in_tmp)
    code, out, _ = run(runner, "budget", "--per-scope", "servers/*/*.json")
    assert code == 0 and scope_names(out) == ["time"]
    code, out, _ = run(runner, "budget", "--per-scope", "servers/**/*.json")
    assert code == 0 and scope_names(out) == ["time", "fetch"]  # .git is not matched
    code, out, _ = run(runner, "lint", "servers/*")  # directories matched are read as such
    assert code == 0 and "in 1 tool in 1 file." in out  # package.json is skipped, not counted
    code, _, err = run(runner, "budget", "nothing/*.json")
    assert code == 2 and "nothing/*.json: no file or directory matches" in one_error_line(err)
    code, _, err = run(runner, "budget", "x=servers/*/*.json")
    assert code == 2 and "is a pattern" in one_error_line(err)
    (in_tmp / ".toolsearch.yaml").write_text("catalog: ['servers/**/*.json']\n")
    code, out, _ = run(runner, "budget", "--per-scope")
    assert code == 0 and scope_names(out) == ["time", "fetch"]


def test_a_lone_deferred_tool_is_singular(runner: CliRunner, in_tmp: Path) -> None:
    tool = {"name": "t", "description": "A tool that does one thing.", "input_schema": OBJECT}
    (in_tmp / "one.json").write_text(json.dumps({"tools": [{**tool, "defer_loading": True}]}))
    code, out, _ = run(runner, "lint", "--select", "all-deferred", "one.json")
    assert code == 1
    assert "error   the only tool is deferred  [all-deferred]" in out
    assert "1 tools" not in out
