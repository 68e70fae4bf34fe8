"""The cost and accuracy rules through the CLI: options from config, targets, safe messages."""

from __future__ import annotations

import json
import os
import shlex
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from tests.catalog_gen import request
from tests.conftest import FIXTURES, ROOT
from toolsearch.analysis import Analysis
from toolsearch.app import app
from toolsearch.catalog.inputs import load_inputs
from toolsearch.config import Config, parse_config
from toolsearch.lint.partial_budget import SAMPLE, loaded_budget, sampled_budget
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import as_config, with_config
from toolsearch.lint.rule_settings import rule_by_id, settings
from toolsearch.rules import RULES

RULES_DIR = FIXTURES / "rules"
QUALITY = (
    "deferred-without-search",
    "too-many-loaded-tools",
    "upfront-token-budget",
    "tool-search-not-worth-it",
    "missing-description",
    "short-description",
    "undescribed-parameter",
    "duplicate-description",
    "tool-choice-deferred",
    "suspicious-description",
    "always-load-ignored",
    "unsearchable-description",
)


def lint(runner: CliRunner, *args: str) -> tuple[int, list[dict[str, Any]], str]:
    result = runner.invoke(app, ["lint", "-f", "json", "--fail-on", "info", *args])
    if result.exit_code not in (0, 1):
        return result.exit_code, [], result.stderr
    return result.exit_code, json.loads(result.stdout)["diagnostics"], result.stderr


def write(folder: Path, name: str, data: Any) -> str:
    (folder / name).write_text(json.dumps(data, indent=2, ensure_ascii=False))
    return name


def weather_tools(count: int, deferred_from: int) -> list[dict[str, Any]]:
    return [
        {
            "name": f"weather_report_{i}",
            "description": f"Weather report number {i} for a city, with temperature and wind.",
            "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
            "defer_loading": i >= deferred_from,
        }
        for i in range(count)
    ]


def test_every_quality_rule_is_registered_with_its_level() -> None:
    levels = {r.ID: r.LEVEL for r in RULES}
    assert set(QUALITY) <= set(levels)
    info = {"tool-search-not-worth-it", "undescribed-parameter", "always-load-ignored"}
    info.add("unsearchable-description")
    for rule in QUALITY:
        assert levels[rule] == ("info" if rule in info else "warning"), rule


def test_upfront_budget_default_config_budget_and_rule_option(
    runner: CliRunner, in_tmp: Path
) -> None:
    name = write(in_tmp, "big.json", {"model": "claude-sonnet-4-5", "tools": weather_tools(12, 99)})
    code, found, _ = lint(runner, "--select", "upfront-token-budget", name)
    assert (code, found) == (0, [])  # about 1,300 tokens: under the default 10,000
    (in_tmp / ".toolsearch.yaml").write_text("budget:\n  max-upfront: 800\n")
    code, found, _ = lint(runner, "--select", "upfront-token-budget", name)
    assert code == 1
    message = found[0]["message"]
    assert (
        "over budget.max-upfront 800" in message and "(estimate for claude-sonnet-4-5," in message
    )
    (in_tmp / ".toolsearch.yaml").write_text(
        "budget:\n  max-upfront: 800\nrules:\n  upfront-token-budget: {max-tokens: 5000}\n"
    )
    code, found, _ = lint(runner, "--select", "upfront-token-budget", name)
    assert (code, found) == (0, [])  # the rule's own option wins
    (in_tmp / ".toolsearch.yaml").write_text("rules:\n  upfront-token-budget: {max-tokens: x}\n")
    code, _, err = lint(runner, name)
    assert code == 2 and "max-tokens must be a number" in err


def test_upfront_figure_matches_budget(runner: CliRunner, in_tmp: Path) -> None:
    name = write(in_tmp, "big.json", {"model": "claude-opus-4-7", "tools": weather_tools(12, 99)})
    (in_tmp / ".toolsearch.yaml").write_text("rules:\n  upfront-token-budget: {max-tokens: 100}\n")
    _, found, _ = lint(runner, "--select", "upfront-token-budget", name)
    budget = runner.invoke(app, ["budget", "-f", "json", name])
    upfront = json.loads(budget.stdout)["totals"]["upfront"]
    assert (
        f"upfront cost is about {upfront:,} tokens, over max-tokens 100 (estimate for"
        in (found[0]["message"])
    )


def test_too_many_loaded_option(runner: CliRunner, in_tmp: Path) -> None:
    search = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    name = write(
        in_tmp, "r.json", {"model": "claude-sonnet-4-5", "tools": [search, *weather_tools(12, 4)]}
    )
    code, found, _ = lint(runner, "--select", "too-many-loaded-tools", name)
    assert (code, found) == (0, [])
    (in_tmp / ".toolsearch.yaml").write_text("rules:\n  too-many-loaded-tools: {max-loaded: 3}\n")
    code, found, _ = lint(runner, "--select", "too-many-loaded-tools", name)
    assert code == 1 and found[0]["message"].startswith("4 tools stay loaded")
    assert "max-loaded 3" in found[0]["message"]


def test_not_worth_it_options(runner: CliRunner, in_tmp: Path) -> None:
    search = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    name = write(
        in_tmp, "r.json", {"model": "claude-sonnet-4-5", "tools": [search, *weather_tools(12, 2)]}
    )
    code, found, _ = lint(runner, "--select", "tool-search-not-worth-it", name)
    assert (code, found) == (0, [])  # 12 tools, 10 deferred (about 580 tokens)
    (in_tmp / ".toolsearch.yaml").write_text(
        "rules:\n  tool-search-not-worth-it: {min-tools: 20, min-saved: 1000}\n"
    )
    _, found, _ = lint(runner, "--select", "tool-search-not-worth-it", name)
    message = found[0]["message"]
    assert "only 12 tools (min-tools 20)" in message
    assert "deferral saves an estimated" in message and "(min-saved 1000)" in message


def test_claude_code_target(runner: CliRunner) -> None:
    folder = RULES_DIR / "always-load-ignored"
    args = ["--target", "claude-code", str(folder / "docs.json")]
    code, found, _ = lint(runner, "--select", "always-load-ignored,deferred-without-search", *args)
    assert (code, found) == (0, [])  # Claude Code reads alwaysLoad and has its own ToolSearch
    small = str(RULES_DIR / "too-many-loaded-tools" / "files.json")  # 6 tools
    code, found, _ = lint(
        runner, "--select", "tool-search-not-worth-it", "--target", "claude-code", small
    )
    assert (code, found) == (0, [])  # ToolSearch serves Claude Code's own deferred tools too


def test_duplicate_description_options(runner: CliRunner, in_tmp: Path) -> None:
    tools = [
        {"name": name, "description": text, "input_schema": {"type": "object"}}
        for name, text in (
            ("create_issue", "Create a new issue in a GitLab project"),
            ("create_repository", "Create a new GitLab project"),
        )
    ]
    name = write(in_tmp, "t.json", tools)
    assert lint(runner, "--select", "duplicate-description", name)[1] == []
    (in_tmp / ".toolsearch.yaml").write_text("rules:\n  duplicate-description: {min-words: 2}\n")
    _, found, _ = lint(runner, "--select", "duplicate-description", name)
    assert "nearly repeats that of 'create_issue' (80% of words shared)" in found[0]["message"]


def test_duplicates_across_sources_name_the_other_source(runner: CliRunner) -> None:
    folder = RULES_DIR / "duplicate-description"
    args = ["--target", "claude-code", f"a={folder / 'docs-a.json'}", f"b={folder / 'docs-b.json'}"]
    _, found, _ = lint(runner, "--select", "duplicate-description", *args)
    assert [d["message"].split(",")[0] for d in found] == [
        "description of 'search' repeats that of 'search' (source a)"
    ]


def test_messages_print_no_raw_control_characters(runner: CliRunner) -> None:
    folder = RULES_DIR / "suspicious-description"
    result = runner.invoke(
        app,
        ["lint", "--select", "suspicious-description,tool-poisoning", str(folder / "bad.json")],
    )
    assert result.exit_code == 1 and "3 errors, 5 warnings" in result.stdout
    unsafe = [c for c in result.stdout if not (c.isprintable() or c in "\n")]
    assert unsafe == []
    assert "\\u200b" in result.stdout  # the hidden character is named, escaped


def test_unsearchable_option(runner: CliRunner, in_tmp: Path) -> None:
    tools = [{"name": "weather", "description": "天気予報", "input_schema": {"type": "object"}}]
    name = write(in_tmp, "t.json", tools)
    assert lint(runner, "--select", "unsearchable-description", name)[1] == []
    (in_tmp / ".toolsearch.yaml").write_text(
        "rules:\n  unsearchable-description: {max-unspaced-run: 3}\n"
    )
    _, found, _ = lint(runner, "--select", "unsearchable-description", name)
    assert "a run of 4 characters, max-unspaced-run 3" in found[0]["message"]


def test_quality_rules_are_linear(tmp_path: Path) -> None:
    """The rules that walk every tool cost about ten times more on ten times the tools."""
    times = []
    for count in (1_000, 10_000):
        path = tmp_path / f"{count}.json"
        path.write_text(json.dumps(request(count)))
        inputs = load_inputs([str(path)], Config())
        documents = {d.display: d for d in inputs.documents}
        scope = inputs.catalog.scopes[0]
        start = time.process_time()
        for rule in RULES:
            if rule.ID in QUALITY and rule.ID not in ("upfront-token-budget",):
                if rule.ID == "tool-search-not-worth-it":
                    continue  # reads the budget, costed once per scope by the engine
                ctx = Context(Analysis(inputs.catalog, Config(), None, documents), scope)
                list(rule.check(ctx, rule.Options()))
        times.append(time.process_time() - start)
    assert times[1] < 30 * max(times[0], 0.01)  # linear: about 10x; all pairs: about 100x


@pytest.mark.parametrize("rule", QUALITY)
def test_rule_documentation_prints(runner: CliRunner, rule: str) -> None:
    result = runner.invoke(app, ["rule", rule])
    assert result.exit_code == 0
    module = rule_by_id(rule)
    for key, value in as_config(module.Options()).items():
        assert f"`{key}` (default " in (module.__doc__ or ""), f"{rule} documents {key}"
        assert f"{key}: {value}" in result.stdout


def readme_section(title: str) -> str:
    """A command's page of the site (``title``: its heading, e.g. ```toolsearch lint```)."""
    name = title.strip("`").split()[-1]
    page = (ROOT / "docs" / "pages" / "commands" / f"{name}.md").read_text(encoding="utf-8")
    assert page.startswith(f"# {title}\n")
    return page


def test_readme_lint_output_is_real(runner: CliRunner) -> None:
    section = readme_section("`toolsearch lint`")
    block = section.split("```console\n$ toolsearch lint --fail-on warning", 1)[1]
    block = "$ toolsearch lint --fail-on warning" + block.split("```\n", 1)[0]
    command, _, shown_output = block.partition("\n")
    args = shlex.split(command.removeprefix("$ toolsearch "))
    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        result = runner.invoke(app, args)
    finally:
        os.chdir(cwd)
    assert result.exit_code == 1
    assert result.stdout == shown_output


def test_readme_config_and_rule_table() -> None:
    section = readme_section("`toolsearch lint`")
    config_yaml = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    chosen = settings(parse_config(yaml.safe_load(config_yaml), ROOT / "README.md"))
    assert as_config(chosen["short-description"].options)["min-length"] == 60
    assert chosen["undescribed-parameter"].level is None
    table = section.split("## Rules: cost and accuracy", 1)[1]
    for rule_id in QUALITY:
        module = rule_by_id(rule_id)
        row = next(line for line in table.splitlines() if line.startswith(f"| `{rule_id}` |"))
        assert f"| {module.LEVEL} |" in row
        for option in as_config(module.Options()):
            assert f"`{option}`" in row, (rule_id, option)


@pytest.mark.parametrize(
    ("args", "target"),
    [
        (["example/request.json", "example/github.json"], "api"),
        (["rules/deferred-without-search/bad.json"], "api"),
        (["rules/all-deferred/bad.json"], "api"),
        (["rules/too-many-loaded-tools/files.json"], "claude-code"),
        (["rules/always-load-ignored/bad.json", "docs=rules/always-load-ignored/docs.json"], "api"),
    ],
)
def test_loaded_budget_has_the_scope_upfront(args: list[str], target: str) -> None:
    sources = []
    for arg in args:
        name, _, path = arg.rpartition("=")
        sources.append(f"{name}={FIXTURES / path}" if name else str(FIXTURES / path))
    inputs = load_inputs(sources, Config(), target)
    for scope in inputs.catalog.scopes:
        part = loaded_budget(Context(Analysis(inputs.catalog), scope))
        full = Context(Analysis(inputs.catalog), scope).budget
        assert part.totals.upfront == full.totals.upfront
        assert part.totals.system_prompt == full.totals.system_prompt
        assert {r.name: r.tokens for r in part.rows if not r.deferred} == {
            r.name: r.tokens for r in full.rows if not r.deferred
        }


def test_large_scopes_are_sampled_then_costed_when_needed(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(request(300)))
    inputs = load_inputs([str(path)], Config())
    (scope,) = inputs.catalog.scopes
    ctx = Context(Analysis(inputs.catalog), scope)
    sample, complete = sampled_budget(ctx)
    assert not complete and len(sample.rows) == 4 + SAMPLE
    assert "budget" not in vars(ctx)  # nothing costed the whole scope
    rule = rule_by_id("tool-search-not-worth-it")
    assert list(rule.check(ctx, rule.Options())) == []
    assert "budget" not in vars(ctx)
    strict = with_config(rule.Options(), {"min-saved": 10**9}, "test", rule.ID)
    (found,) = rule.check(ctx, strict)
    saved = round(ctx.budget.totals.saved)  # now costed, and the message uses its figure
    assert f"deferral saves an estimated {saved:,} tokens" in found.message
