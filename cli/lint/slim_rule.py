"""What the slimming rules share: one finding per tool with the cuts of one rule, located at the
first cut, saying how many tokens the cuts would save (estimated as ``budget`` estimates)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from toolsearch.catalog.locate import join_pointer
from toolsearch.catalog.model import Tool
from toolsearch.catalog.places import field_pointer
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.schema_json import holding_keys
from toolsearch.lint.slimming import NEEDS, Cut, cuts_of, may_cut, slimmed

SHOWN = 3


def tokens_saved(ctx: Context, changes: Sequence[tuple[Tool, object]]) -> list[float]:
    """For each (tool, new input schema): the tool's estimate now, less its estimate with the
    new schema (counted in one batch)."""
    from toolsearch.cost.tokens import count_tools, estimate

    model = ctx.model
    variants = [v for tool, schema in changes for v in (tool, replace(tool, input_schema=schema))]
    raws = count_tools(variants, ctx.analysis.counter)
    return [
        estimate(raws[2 * i], model) - estimate(raws[2 * i + 1], model) for i in range(len(changes))
    ]


def saving_phrase(tokens: float) -> str:
    """``about 680 tokens`` (an estimate, as budget makes it)."""
    return f"about {round(tokens):,} tokens (estimate)"


def listed(cuts: Sequence[Cut]) -> str:
    """The first few cuts' descriptions, and how many more."""
    names = ", ".join(cut.what for cut in cuts[:SHOWN])
    more = len(cuts) - SHOWN
    return f"{names} and {more} more" if more > 0 else names


def cut_problems(
    ctx: Context, rule: str, message: Callable[[Tool, Sequence[Cut], str], str]
) -> Iterator[Problem]:
    """One problem per tool that has cuts of ``rule``; ``message(tool, cuts, saving)``."""
    found = []
    tools = ctx.scope.tools
    needs = NEEDS.get(rule)
    if needs is None:
        worth = [may_cut(tool.input_schema, rule) for tool in tools]
    else:  # a cut lies where one of the rule's keys is: most schemas hold none
        worth = holding_keys(ctx, needs)
    for tool, may in zip(tools, worth, strict=True):
        if not may:
            continue  # most tools of a large catalog
        cuts = cuts_of(tool.input_schema, tool.name, [rule])
        if cuts:
            found.append((tool, cuts))
    if not found:
        return
    saved = tokens_saved(ctx, [(tool, slimmed(tool.input_schema, cuts)) for tool, cuts in found])
    for (tool, cuts), tokens in zip(found, saved, strict=True):
        first = cuts[0]
        pointer = field_pointer(tool, "input_schema") + first.pointer + join_pointer(first.key)
        yield ctx.tool_problem(tool, message(tool, cuts, saving_phrase(tokens)), pointer)
