"""``budget --breakdown``: per scope, what each part of the tools costs and what slimming
their schemas saves upfront and per load."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from toolsearch.catalog.model import Tool
from toolsearch.cost.budget import Budget
from toolsearch.cost.schema_parts import PARTS, ToolParts, tool_parts
from toolsearch.cost.slim_savings import ScopeSlim, ToolSlim, scope_slim, slim_estimates
from toolsearch.cost.tokens import TokenCounter


@dataclass(frozen=True)
class ScopeBreakdown:
    """One scope's parts (per tool, costliest first, and summed) and its slimming."""

    scope: str
    tools: tuple[ToolParts, ...]
    parts: dict[str, float]
    total: float
    slims: tuple[ToolSlim, ...]
    slim: ScopeSlim

    def share(self, part: str) -> float:
        return 100.0 * self.parts[part] / self.total if self.total else 0.0


def breakdown(
    budget: Budget,
    counter: TokenCounter | None = None,
    only: Callable[[Tool], bool] | None = None,
) -> tuple[ScopeBreakdown, ...]:
    """The breakdown of every scope with tools (of the tools ``only`` accepts, when given: the
    report breaks down the tools it shows)."""
    found = []
    for scope_budget in budget.scopes:
        tools = scope_budget.scope.tools
        if only is not None:
            tools = tuple(t for t in tools if only(t))
        if not tools:
            continue
        model = scope_budget.model
        parts = sorted(tool_parts(tools, model, counter), key=lambda p: -p.total)
        summed = {part: sum(p.parts[part] for p in parts) for part in PARTS}
        slims = tuple(slim_estimates(tools, model, counter))
        found.append(
            ScopeBreakdown(
                scope_budget.scope.name,
                tuple(parts),
                summed,
                sum(p.total for p in parts),
                slims,
                scope_slim(slims),
            )
        )
    return tuple(found)
