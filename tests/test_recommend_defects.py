"""Defects of ``recommend`` found in issue 14's trial, each through the CLI: ``--apply`` makes
no request worse, the text report says each fact once, MCP ``tools/list`` files under
``--apply``, ``--usage claude-code``, and how confident the choice is."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from tests.conftest import FIXTURES, needs_shared, shared_catalogs
from toolsearch.app import app

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
