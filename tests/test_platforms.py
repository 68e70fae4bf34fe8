"""--platform and --api-version: what each platform refuses, through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES
from toolsearch.cli.app import app
from toolsearch.hosts.platforms import PLATFORMS, generation

RULES = FIXTURES / "rules"
CONVERSE_BAD = RULES / "platform-without-tool-search" / "bad.json"


def lint_json(runner: CliRunner, *args: str) -> tuple[int, list[dict[str, object]]]:
    result = runner.invoke(app, ["lint", "-f", "json", "--fail-on", "info", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)["diagnostics"]


def rules_found(diagnostics: list[dict[str, object]]) -> set[object]:
    return {d["rule"] for d in diagnostics}


def test_the_flag_turns_the_platforms_rules_on(runner: CliRunner, in_tmp: Path) -> None:
    code, found = lint_json(runner, str(CONVERSE_BAD))
    assert "platform-without-tool-search" not in rules_found(found)
    code, found = lint_json(runner, "--platform", "bedrock-converse", str(CONVERSE_BAD))
    assert code == 1
    assert "platform-without-tool-search" in rules_found(found)


def test_the_flag_wins_over_the_config(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / ".toolsearch.yaml").write_text("platform: bedrock-converse\n")
    _, found = lint_json(runner, str(CONVERSE_BAD))
    assert "platform-without-tool-search" in rules_found(found)
    _, found = lint_json(runner, "--platform", "anthropic", str(CONVERSE_BAD))
    assert "platform-without-tool-search" not in rules_found(found)


def test_azure_hosted_foundry_refuses_the_search_tool(runner: CliRunner, in_tmp: Path) -> None:
    _, found = lint_json(runner, "--platform", "foundry-azure", str(CONVERSE_BAD))
    messages = [str(d["message"]) for d in found if d["rule"] == "platform-without-tool-search"]
    assert messages and "Azure-hosted" in messages[0]


def test_budget_says_the_platform_would_refuse_the_request(runner: CliRunner, in_tmp: Path) -> None:
    result = runner.invoke(app, ["budget", "--platform", "bedrock-converse", str(CONVERSE_BAD)])
    assert result.exit_code == 0, result.output
    assert "platform-without-tool-search" in result.stdout


@pytest.mark.parametrize(
    ("args", "flag"),
    [(["--platform", "bedrok"], "--platform"), (["--api-version", "2026"], "--api-version")],
)
def test_a_bad_value_is_one_line_and_exit_2(
    runner: CliRunner, in_tmp: Path, args: list[str], flag: str
) -> None:
    result = runner.invoke(app, ["lint", *args, str(CONVERSE_BAD)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"toolsearch: error: {flag} ")
    assert len(result.stderr.splitlines()) == 1


def test_a_bad_config_value_is_exit_2(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / ".toolsearch.yaml").write_text("platform: vertx\n")
    result = runner.invoke(app, ["lint", str(CONVERSE_BAD)])
    assert result.exit_code == 2
    assert 'did you mean "vertex"' in result.stderr


def test_api_version_from_the_flag(runner: CliRunner, in_tmp: Path) -> None:
    body = json.loads((RULES / "api-version-refusal" / "bad.json").read_text())
    path = in_tmp / "request.json"
    path.write_text(json.dumps(body))
    _, found = lint_json(runner, str(path))
    assert "api-version-refusal" not in rules_found(found)
    _, found = lint_json(runner, "--api-version", "2026-10-21", str(path))
    assert sum(1 for d in found if d["rule"] == "api-version-refusal") == 2  # temperature, top_k
    _, found = lint_json(
        runner, "--api-version", "2026-10-21", "--platform", "bedrock-invoke", str(path)
    )
    assert sum(1 for d in found if d["rule"] == "api-version-refusal") == 3  # + the old model
    _, found = lint_json(runner, "--api-version", "2023-06-01", str(path))
    assert "api-version-refusal" not in rules_found(found)


def test_show_settings_names_the_platform_and_its_origin(runner: CliRunner, in_tmp: Path) -> None:
    result = runner.invoke(app, ["lint", "--show-settings"])
    line = next(x for x in result.stdout.splitlines() if x.startswith("platform "))
    assert "anthropic" in line and "(default)" in line
    result = runner.invoke(app, ["lint", "--show-settings", "--platform", "vertex"])
    line = next(x for x in result.stdout.splitlines() if x.startswith("platform "))
    assert "vertex" in line and "(--platform)" in line


def test_every_platform_names_its_source() -> None:
    assert set(PLATFORMS) >= {
        "anthropic",
        "bedrock",
        "bedrock-invoke",
        "bedrock-converse",
        "vertex",
        "foundry",
        "foundry-azure",
        "claude-platform-aws",
        "google-cloud",
    }
    assert all(p.source for p in PLATFORMS.values())


@pytest.mark.parametrize(
    ("model", "expected"),
    [
        ("claude-opus-4-7", (4, 7)),
        ("claude-sonnet-4-5-20250929", (4, 5)),
        ("claude-opus-4-20250514", (4, 0)),
        ("claude-3-5-haiku-latest", (3, 5)),
        ("claude-fable-5-1", (5, 1)),
        ("gpt-5.4", None),
    ],
)
def test_generation(model: str, expected: tuple[int, int] | None) -> None:
    assert generation(model) == expected
