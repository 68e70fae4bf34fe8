"""``budget --breakdown --format markdown``: the parts per scope and what slimming saves."""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.cost.breakdown import ScopeBreakdown
from toolsearch.cost.schema_parts import PARTS
from toolsearch.cost.slim_savings import SlimTotals
from toolsearch.report.breakdown_text import METHOD
from toolsearch.report.markdown import cell

TOP_ROWS = 20


def _after(totals: SlimTotals, after: float) -> str:
    cut = round(totals.before) - round(after)
    return f"{round(after):,} (-{cut:,})" if cut else f"{round(after):,}"


def breakdown_lines(found: Sequence[ScopeBreakdown]) -> list[str]:
    """The markdown lines of the breakdown of every scope."""
    lines: list[str] = []
    for scope in found:
        lines += ["", f"### Breakdown of {cell(scope.scope)}", ""]
        lines += ["| part | tokens | share |", "|---|--:|--:|"]
        lines += [
            f"| {part} | {round(scope.parts[part]):,} | {scope.share(part):.1f}% |"
            for part in PARTS
        ]
        lines += ["", "| slimming the schemas | tools | before | lint --fix | + --unsafe-fixes |"]
        lines.append("|---|--:|--:|--:|--:|")
        for label, totals in (
            ("loaded (paid upfront)", scope.slim.loaded),
            ("deferred (paid per load)", scope.slim.deferred),
        ):
            lines.append(
                f"| {label} | {totals.tools} | {round(totals.before):,} | "
                f"{_after(totals, totals.safe)} | {_after(totals, totals.unsafe)} |"
            )
        lines += ["", "| tool | tokens | largest parts |", "|---|--:|---|"]
        for tool in scope.tools[:TOP_ROWS]:
            largest = sorted(tool.parts.items(), key=lambda item: -item[1])[:3]
            text = ", ".join(f"{part} {round(tokens):,}" for part, tokens in largest)
            lines.append(f"| {cell(tool.name)} | {round(tool.total):,} | {text} |")
    if found:
        lines += ["", f"_estimate: {cell(METHOD)}_"]
    return lines
