"""``toolsearch lint`` over every real catalog in ../shared/catalogs: no crash, judged findings."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.conftest import CATALOGS, HANG_LIMIT, env_without_cache, needs_shared, shared_catalogs
from toolsearch.app import app
from toolsearch.schemas import load_schema

pytestmark = needs_shared


def lint_json(runner: CliRunner, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["lint", "-f", "json", "--fail-on", "info", *args])
    assert result.exit_code in (0, 1), result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("lint"))
    return data


@pytest.mark.parametrize("target", ["api", "claude-code"])
@pytest.mark.parametrize("path", shared_catalogs(), ids=lambda p: p.stem)
def test_every_catalog_lints(runner: CliRunner, path: Path, target: str) -> None:
    data = lint_json(runner, "--target", target, str(path))
    for d in data["diagnostics"]:
        assert d["file"] == str(path) and d["line"] is not None, d
        assert d["rule"] != "suspicious-description", d  # none of these servers is poisoned


@pytest.mark.parametrize("target", ["api", "claude-code"])
def test_whole_folder_in_a_real_process(target: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "toolsearch", "lint", "--target", target, str(CATALOGS)],
        capture_output=True,
        text=True,
        env=env_without_cache(),
        timeout=HANG_LIMIT,
    )
    assert done.returncode == 0, done.stderr  # warnings and info only: under --fail-on error
    assert "Traceback" not in done.stderr
    # SOURCES.json is skipped with a note; Claude Code adds its own ToolSearch to its one scope
    tools = "307 tools + tool search" if target == "claude-code" else "307 tools"
    assert f" in {tools} in 19 files" in done.stdout  # SOURCES.json is skipped, not counted
    assert "skipped" in done.stdout


def findings(runner: CliRunner, rule: str, target: str = "api") -> list[tuple[str, str]]:
    data = lint_json(runner, "--select", rule, "--target", target, *map(str, shared_catalogs()))
    return [(Path(d["file"]).stem, d["message"]) for d in data["diagnostics"]]


def test_upfront_budget_on_the_big_servers(runner: CliRunner) -> None:
    found = findings(runner, "upfront-token-budget")
    assert sorted(stem for stem, _ in found) == ["github", "notion", "sentry"]
    assert all(
        "tokens, over max-tokens 10,000 (estimate for claude-sonnet-4-5," in m for _, m in found
    )
    assert findings(runner, "upfront-token-budget", "claude-code") == []  # all deferred


def test_judged_near_duplicates(runner: CliRunner) -> None:
    found = {
        (stem, m.split(" (")[0])
        for stem, m in findings(runner, "duplicate-description")
        if not m.startswith("description of parameter")
    }
    pairs = {
        ("filesystem", "list_directory_with_sizes", "list_directory"),
        ("github", "assign_copilot_to_issue_with_intent", "assign_copilot_to_issue"),
        ("github", "update_issue_labels", "update_issue_assignees"),
    }
    assert found == {
        (stem, f"description of {tool!r} nearly repeats that of {other!r}")
        for stem, tool, other in pairs
    }
    shared = findings(runner, "duplicate-description", "claude-code")
    assert sum("(source github-legacy)" in m for _, m in shared) == 5  # one session, two servers


def test_counts_per_rule(runner: CliRunner) -> None:
    data = lint_json(runner, *map(str, shared_catalogs()))
    counts = Counter(d["rule"] for d in data["diagnostics"])
    assert counts == {
        "undescribed-parameter": 53,
        "short-description": 30,
        "unused-definition": 24,  # notion: one shared $defs copied into every tool
        "verbose-union": 27,  # Optional[...] as an anyOf of a type and null (sentry: 18 tools)
        "restated-default": 16,
        "redundant-title": 15,  # git, fetch, time: pydantic's titles
        "redundant-additional-properties": 11,
        "duplicate-description": 8,  # 3 tools' descriptions, 5 parameters' (issue 29)
        "verbose-enum": 5,
        "oversized-schema": 4,
        "upfront-token-budget": 3,
    }
