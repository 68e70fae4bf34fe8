"""Budget arithmetic per scope, with a counter whose figures are known."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from toolsearch.catalog.loader import read_source, resolve_sources
from toolsearch.catalog.model import Catalog
from toolsearch.cost.budget import compute_budget
from toolsearch.hosts.scopes import load_catalog


class FixedCounter:
    """Every non-empty text counts 10 tokens.

    A tool is counted in two parts (JSON without the description, and the description field),
    so a described tool counts 20, and its description 10 minus the 10 of the field's glue.
    """

    def count_many(self, texts: Sequence[str]) -> list[int]:
        return [10 if t else 0 for t in texts]


def catalog(*arguments: str, target: str = "api") -> Catalog:
    docs = [read_source(s) for s in resolve_sources(list(arguments))]
    return load_catalog(docs, target)[0]


def per_tool(model_old: bool = True) -> float:
    return float(round(8.3 + 1.156 * 0 + 1.32 * 20 if model_old else 1.60 * 20))


def test_request_scope_totals() -> None:
    cat = catalog(
        str(FIXTURES / "example" / "request.json"), str(FIXTURES / "example" / "github.json")
    )
    budget = compute_budget(cat, counter=FixedCounter())
    (scope,) = budget.scopes
    loaded = sum(1 for t in scope.scope.tools if not t.deferred)
    assert loaded == 4
    each = per_tool()
    assert scope.totals.system_prompt == 496
    assert scope.totals.search_tool == 500
    assert scope.totals.upfront == pytest.approx(496 + 500 + 4 * each)
    assert scope.totals.all_loaded == pytest.approx(496 + 16 * each)
    assert scope.totals.saved == pytest.approx(12 * each - 500)
    assert scope.totals.context_share == pytest.approx(100 * scope.totals.upfront / 200_000)
    assert scope.model_id == "claude-sonnet-4-5-20250929"


def test_model_override_and_forced_tool_choice(in_tmp: Path) -> None:
    request = {
        "model": "claude-sonnet-4-5",
        "tool_choice": {"type": "any"},
        "tools": [{"name": "a", "description": "d", "input_schema": {"type": "object"}}],
    }
    (in_tmp / "r.json").write_text(json.dumps(request))
    budget = compute_budget(
        catalog("r.json"), model_override="claude-opus-4-7", counter=FixedCounter()
    )
    (scope,) = budget.scopes
    assert scope.totals.system_prompt == 804
    assert scope.totals.upfront == pytest.approx(804 + per_tool(model_old=False))
    assert scope.method.confidence == "fair"


def test_unknown_toolset_adds_zero_and_a_note() -> None:
    budget = compute_budget(
        catalog(str(FIXTURES / "example" / "request.json")), counter=FixedCounter()
    )
    assert any(
        "mcp_toolset 'github': tools unknown: pass github=PATH" in n for n in budget.scopes[0].notes
    )


def test_server_tools_are_estimated_from_json_and_flagged(in_tmp: Path) -> None:
    tools = [
        {"name": "a", "description": "d", "input_schema": {"type": "object"}},
        {"type": "web_search_20250305", "name": "web_search"},
    ]
    (in_tmp / "t.json").write_text(json.dumps(tools))
    budget = compute_budget(catalog("t.json"), counter=FixedCounter())
    rows = {r.name: r for r in budget.rows}
    assert rows["web_search"].kind == "server-tool"
    assert rows["web_search"].tokens == 13  # 1.32 x 10, rounded once per tool
    assert any("estimated from their JSON" in n for n in budget.scopes[0].notes)


def test_empty_catalog_costs_nothing(in_tmp: Path) -> None:
    (in_tmp / "e.json").write_text('{"tools": []}')
    budget = compute_budget(catalog("e.json"), counter=FixedCounter())
    assert budget.totals.upfront == 0
    assert budget.totals.all_loaded == 0


def test_claude_code_scope_costs_toolsearch() -> None:
    cat = catalog(str(FIXTURES / "dialects" / "mcp-tools-list.json"), target="claude-code")
    budget = compute_budget(cat, counter=FixedCounter())
    (scope,) = budget.scopes
    assert scope.totals.search_tool == 500
    deferred = [r for r in scope.rows if r.deferred]
    assert all(r.upfront_when_deferred == 13 for r in deferred)  # a name's line: 1.32 x 10
    listed = 13 * len(deferred)
    assert scope.totals.upfront == pytest.approx(496 + 500 + per_tool() + listed)


def test_run_totals_sum_scopes() -> None:
    cat = catalog(
        str(FIXTURES / "dialects" / "anthropic-tools.json"),
        str(FIXTURES / "dialects" / "jsonrpc.json"),
    )
    budget = compute_budget(cat, counter=FixedCounter())
    assert len(budget.scopes) == 2
    assert budget.totals.upfront == pytest.approx(sum(s.totals.upfront for s in budget.scopes))
    assert budget.totals.context_share == max(s.totals.context_share for s in budget.scopes)
