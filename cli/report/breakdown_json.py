"""``budget --breakdown --format json``: the ``breakdown`` member (schema: budget.schema.json)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolsearch.cost.breakdown import ScopeBreakdown
from toolsearch.cost.schema_parts import PARTS
from toolsearch.cost.slim_savings import SlimTotals
from toolsearch.report.breakdown_text import METHOD


def _parts(parts: dict[str, float]) -> dict[str, int]:
    return {part: round(parts[part]) for part in PARTS}


def _totals(totals: SlimTotals) -> dict[str, int]:
    return {
        "tools": totals.tools,
        "before": round(totals.before),
        "fix": round(totals.safe),
        "unsafe_fixes": round(totals.unsafe),
    }


def breakdown_member(found: Sequence[ScopeBreakdown]) -> dict[str, Any]:
    """Per scope: the parts summed, each tool's parts and its estimate after each class of
    fixes, and where the saving goes (loaded: upfront; deferred: per load)."""
    scopes = []
    for scope in found:
        slims = {(s.tool.source, s.tool.name): s for s in scope.slims}
        tools = []
        for tool in scope.tools:
            slim = slims[(tool.source, tool.name)]
            tools.append(
                {
                    "name": tool.name,
                    "source": tool.source,
                    "tokens": round(tool.total),
                    "parts": _parts(tool.parts),
                    "fix": round(slim.safe),
                    "unsafe_fixes": round(slim.unsafe),
                    "deferred": slim.tool.deferred,
                }
            )
        scopes.append(
            {
                "scope": scope.scope,
                "tokens": round(scope.total),
                "parts": _parts(scope.parts),
                "tools": tools,
                "slimming": {
                    "loaded": _totals(scope.slim.loaded),
                    "deferred": _totals(scope.slim.deferred),
                },
            }
        )
    return {"method": METHOD, "parts": list(PARTS), "scopes": scopes}
