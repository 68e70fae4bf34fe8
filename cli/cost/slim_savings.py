"""What slimming the schemas saves, and where: each tool's estimate before, after
``lint --fix`` (the safe class) and after ``lint --fix --unsafe-fixes`` (both classes).

A loaded tool's schema is paid upfront, in every request; a deferred tool's only when a search
loads it, so its saving is per load.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from toolsearch.catalog.model import Tool
from toolsearch.cost.models import ModelInfo
from toolsearch.cost.tokens import TokenCounter, count_tools, estimate
from toolsearch.lint.slimming import slim_all


@dataclass(frozen=True)
class ToolSlim:
    """One tool's estimate (Claude tokens) before and after each class of fixes."""

    tool: Tool
    before: float
    safe: float  # after lint --fix
    unsafe: float  # after lint --fix --unsafe-fixes


@dataclass(frozen=True)
class SlimTotals:
    """A group of tools' estimates before and after each class."""

    tools: int
    before: float
    safe: float
    unsafe: float


@dataclass(frozen=True)
class ScopeSlim:
    """Where a scope's saving goes: the loaded tools (upfront) and the deferred ones (per
    load)."""

    loaded: SlimTotals
    deferred: SlimTotals


def slim_estimates(
    tools: Sequence[Tool], model: ModelInfo, counter: TokenCounter | None = None
) -> list[ToolSlim]:
    """Each tool's estimate before and after each class of fixes."""
    variants: list[Tool] = []
    for tool in tools:
        safe = slim_all(tool.input_schema, tool.name, unsafe=False)
        unsafe = slim_all(safe, tool.name, unsafe=True)
        # a schema with nothing to cut comes back as it was: the tool itself is counted again
        # (once per run: count_tools keeps its counts)
        safe_tool = tool if safe is tool.input_schema else replace(tool, input_schema=safe)
        unsafe_tool = safe_tool if unsafe is safe else replace(tool, input_schema=unsafe)
        variants += [tool, safe_tool, unsafe_tool]
    figures = [float(round(estimate(raw, model))) for raw in count_tools(variants, counter)]
    return [ToolSlim(tool, *figures[3 * index : 3 * index + 3]) for index, tool in enumerate(tools)]


def totals(slims: Sequence[ToolSlim]) -> SlimTotals:
    return SlimTotals(
        len(slims),
        sum(s.before for s in slims),
        sum(s.safe for s in slims),
        sum(s.unsafe for s in slims),
    )


def scope_slim(slims: Sequence[ToolSlim]) -> ScopeSlim:
    """Split by the tools' state: loaded (upfront) and deferred (per load)."""
    return ScopeSlim(
        totals([s for s in slims if not s.tool.deferred]),
        totals([s for s in slims if s.tool.deferred]),
    )
