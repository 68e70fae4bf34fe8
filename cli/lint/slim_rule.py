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
from toolsearch.lint.slimming import Cut, cuts_of, slimmed

SHOWN = 3


def tokens_saved(ctx: Context, tool: Tool, schema: object) -> float:
    """The tool's estimate now, less its estimate with ``schema`` as its input schema."""
    from toolsearch.cost.tokens import count_tools, estimate

    model = ctx.model
    before, after = count_tools([tool, replace(tool, input_schema=schema)], ctx.analysis.counter)
    return estimate(before, model) - estimate(after, model)


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
    for tool in ctx.scope.tools:
        cuts = cuts_of(tool.input_schema, tool.name, [rule])
        if not cuts:
            continue
        saved = tokens_saved(ctx, tool, slimmed(tool.input_schema, cuts))
        first = cuts[0]
        pointer = field_pointer(tool, "input_schema") + first.pointer + join_pointer(first.key)
        yield ctx.tool_problem(tool, message(tool, cuts, saving_phrase(saved)), pointer)
