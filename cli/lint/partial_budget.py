"""Budgets of part of a scope, for rules that need only some tools' costs.

A rule that checks the upfront cost needs the loaded tools' estimates, not the 10,000 deferred
ones. These helpers cost a subset of the scope with ``compute_budget`` itself, so every figure
is made exactly as ``toolsearch budget`` makes it, and reuse the scope's full budget when the
engine has already computed it (``Context.budget``).
"""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.catalog.model import Tool
from toolsearch.cost.budget import ScopeBudget, listing_tokens, with_upfront
from toolsearch.lint.rule_context import Context

SAMPLE = 64  # deferred tools costed before deciding whether the rest are needed


def budget_of(ctx: Context, tools: Sequence[Tool]) -> ScopeBudget:
    """The budget of the scope restricted to ``tools`` (server tools and search tools kept)."""
    return ctx.analysis.part_budget(ctx.scope, tools)


def loaded_budget(ctx: Context) -> ScopeBudget:
    """A budget whose upfront figures equal the scope's, costing only its loaded tools.

    One deferred tool is kept so that the tool-use system prompt counts exactly as it does for
    the whole scope, and what the other deferred tools still put upfront (Claude Code's listed
    names) is added; deferred totals (``all_loaded``, ``saved``) are those of the subset.
    """
    full = ctx.computed_budget()
    if full is not None:
        return full
    scope = ctx.scope
    part = budget_of(ctx, (*scope.loaded_tools, *scope.deferred_tools[:1]))
    rest = scope.deferred_tools[1:]
    listed = listing_tokens(part.host, ctx.catalog, rest, part.model, ctx.analysis.counter)
    return with_upfront(part, sum(listed)) if listed else part


def sampled_budget(ctx: Context) -> tuple[ScopeBudget, bool]:
    """The loaded tools and the first ``SAMPLE`` deferred ones; True when that is every tool."""
    full = ctx.computed_budget()
    if full is not None:
        return full, True
    scope = ctx.scope
    deferred = scope.deferred_tools
    if len(deferred) <= SAMPLE:
        return ctx.budget, True
    return budget_of(ctx, (*scope.loaded_tools, *deferred[:SAMPLE])), False
