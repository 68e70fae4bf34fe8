"""``budget --breakdown`` for people: per scope, the parts' tokens and shares, each tool's
largest parts, and what slimming the schemas saves upfront and per load."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from toolsearch.cost.breakdown import ScopeBreakdown
from toolsearch.cost.schema_parts import PARTS
from toolsearch.cost.slim_savings import SlimTotals
from toolsearch.sanitize import one_line

DEFAULT_ROWS = 40
LARGEST = 3
METHOD = (
    "parts: cl100k_base count of each part's JSON fragments, at the per-tool model's factors; "
    "structure is what the parts leave of the tool's estimate"
)


def _n(value: float) -> str:
    return f"{round(value):,}"


def _table(*columns: str) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for index, column in enumerate(columns):
        table.add_column(column, justify="right" if index else "left", overflow="fold")
    return table


def _saved(before: float, after: float) -> str:
    cut = round(before) - round(after)
    return f"{_n(after)} (-{cut:,})" if cut else _n(after)


def _slim_row(table: Table, label: str, totals: SlimTotals) -> None:
    table.add_row(
        label,
        str(totals.tools),
        _n(totals.before),
        _saved(totals.before, totals.safe),
        _saved(totals.before, totals.unsafe),
    )


def breakdown_parts(found: ScopeBreakdown, show_all: bool) -> list[Any]:
    """The breakdown of one scope, as rich renderables."""
    parts: list[Any] = [Text(f"Breakdown of scope {one_line(found.scope)}", style="bold")]
    summary = _table("part", "tokens", "share")
    for part in PARTS:
        summary.add_row(part, _n(found.parts[part]), f"{found.share(part):.1f}%")
    parts.append(summary)
    per_tool = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    per_tool.add_column("tokens", justify="right")
    per_tool.add_column("tool", overflow="fold")
    per_tool.add_column("largest parts", overflow="fold")
    shown = found.tools if show_all else found.tools[:DEFAULT_ROWS]
    for tool in shown:
        largest = sorted(tool.parts.items(), key=lambda item: -item[1])[:LARGEST]
        text = ", ".join(
            f"{part} {_n(tokens)} ({tool.share(part):.0f}%)" for part, tokens in largest
        )
        per_tool.add_row(_n(tool.total), Text(one_line(tool.name, 60)), Text(text))
    parts.append(per_tool)
    if len(found.tools) > len(shown):
        more = len(found.tools) - len(shown)
        parts.append(Text(f"  … {more} more tools (--all lists every one)", style="dim"))
    slim = found.slim
    table = _table("slimming the schemas", "tools", "before", "lint --fix", "+ --unsafe-fixes")
    _slim_row(table, "loaded (paid upfront)", slim.loaded)
    _slim_row(table, "deferred (paid per load)", slim.deferred)
    parts.append(table)
    if slim.deferred.tools:
        each = (slim.deferred.before - slim.deferred.safe) / slim.deferred.tools
        parts.append(
            Text(
                f"a deferred tool's schema is paid only when a search loads it: lint --fix "
                f"saves about {each:,.1f} tokens per load on average"
            )
        )
    parts.append(Text(f"estimate: {METHOD}", style="dim"))
    return parts
