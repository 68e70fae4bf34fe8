"""``budget`` for people: a table per scope with a bar per tool, subtotals and totals."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Container, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from toolsearch.catalog.counts import scope_count
from toolsearch.cost.budget import Budget, Row, ScopeBudget
from toolsearch.cost.budget_diff import BudgetDiff
from toolsearch.cost.budget_run import BudgetReport
from toolsearch.lint.findings import Diagnostic
from toolsearch.report.console import render as render_console
from toolsearch.report.phrases import (
    all_scopes_line,
    count_of,
    rejection_line,
    scope_names,
    shared_notes,
    unless_rejected,
)
from toolsearch.report.render_settings import RenderSettings
from toolsearch.sanitize import one_line

BAR_WIDTH = 20
DEFAULT_ROWS = 40


def _n(value: float) -> str:
    return f"{round(value):,}"


def _scope_parts(
    budget_scope: ScopeBudget,
    show_all: bool,
    rejected: Sequence[Diagnostic] = (),
    shared: Container[str] = (),
    show_method: bool = True,
    refuser: str | None = None,
) -> list[Any]:
    scope = budget_scope.scope
    parts: list[Any] = []
    title = Text()
    title.append(f"Scope {one_line(scope.name)}", style="bold")
    title.append(
        f" ({scope.kind}, {scope_count(scope).describe()}, model {one_line(budget_scope.model_id)})"
    )
    parts.append(title)
    rows = budget_scope.rows
    if rows:
        parts.extend(_tool_table(rows, show_all))
        if len(scope.sources) > 1:
            parts.append(_source_table(budget_scope))
    totals = budget_scope.totals
    summary = Table(box=None, show_header=False, pad_edge=False)
    summary.add_column(justify="right")
    summary.add_column()
    stubs = sum(r.upfront_when_deferred for r in budget_scope.rows if r.deferred)
    loaded = totals.upfront - totals.system_prompt - totals.search_tool - stubs
    label = budget_scope.host.costs.deferred_label
    seen = f" + {label} {_n(stubs)}" if stubs else ""
    summary.add_row(
        Text(_n(totals.upfront), style="bold"),
        Text(
            f"upfront: system prompt {_n(totals.system_prompt)} + search tool "
            f"{_n(totals.search_tool)} + loaded tools {_n(loaded)}{seen}"
        ),
    )
    summary.add_row(_n(totals.all_loaded), Text("if nothing were deferred (no search tool)"))
    saved = f"saved by deferral ({totals.saved_pct:.1f}%)"
    summary.add_row(_n(totals.saved), Text(saved + (unless_rejected(refuser) if rejected else "")))
    if totals.context_window:
        summary.add_row(
            f"{totals.context_share:.1f}%",
            Text(f"of a {totals.context_window:,}-token context window taken upfront"),
        )
    parts.append(summary)
    if rejected:
        parts.append(Text(f"REJECTED: {rejection_line(rejected, refuser)}", style="bold red"))
    if show_method:
        parts.append(Text(budget_scope.method.describe(), style="dim"))
    parts.extend(
        Text(f"note: {one_line(n)}", style="yellow") for n in budget_scope.notes if n not in shared
    )
    return parts


def _tool_table(rows: Sequence[Row], show_all: bool, with_scope: bool = False) -> list[Any]:
    """The costliest 40 tools (``show_all``: every one) with a bar each, and a line for the rest."""
    top = max(r.tokens for r in rows) or 1.0
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("tokens", justify="right")
    table.add_column("", no_wrap=True)
    table.add_column("state")
    table.add_column("tool", overflow="fold")
    table.add_column("source", overflow="fold")
    if with_scope:
        table.add_column("scope", overflow="fold")
    shown = rows if show_all else rows[:DEFAULT_ROWS]
    for row in shown:
        filled = max(1, round(BAR_WIDTH * row.tokens / top)) if row.tokens else 0
        bar = Text("█" * filled, style="cyan" if row.deferred else "magenta")
        state = "deferred" if row.deferred else "loaded"
        if row.kind == "server-tool":
            state += "*"
        cells: list[Text | str] = [
            _n(row.tokens),
            bar,
            Text(state, style="dim" if row.deferred else "bold"),
            Text(one_line(row.name, 60)),
            Text(one_line(row.source, 30)),
        ]
        if with_scope:
            cells.append(Text(one_line(row.scope, 30)))
        table.add_row(*cells)
    parts: list[Any] = [table]
    hidden = rows[len(shown) :]
    if hidden:
        parts.append(
            Text(
                f"… {count_of(len(hidden), 'more tool')}, "
                f"{_n(sum(r.tokens for r in hidden))} tokens "
                "(--all shows every tool)",
                style="dim",
            )
        )
    return parts


def _source_table(budget_scope: ScopeBudget) -> Table:
    loaded: dict[str, float] = defaultdict(float)
    deferred: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for row in budget_scope.rows:
        counts[row.source] += 1
        (deferred if row.deferred else loaded)[row.source] += row.tokens
    table = Table(box=None, pad_edge=False, header_style="bold", title_justify="left")
    table.add_column("source")
    table.add_column("tools", justify="right")
    table.add_column("loaded", justify="right")
    table.add_column("deferred", justify="right")
    for source in sorted(counts):
        table.add_row(
            Text(one_line(source, 40)),
            f"{counts[source]:,}",
            _n(loaded[source]),
            _n(deferred[source]),
        )
    return table


def _diff_parts(diff: BudgetDiff) -> list[Any]:
    sign = "+" if diff.upfront_change >= 0 else ""
    parts: list[Any] = [
        Text(
            f"Since {one_line(diff.baseline.label)}: upfront {diff.baseline.upfront:,} -> "
            f"{diff.upfront_after:,} ({sign}{diff.upfront_change:,}), all loaded "
            f"{diff.baseline.all_loaded:,} -> {diff.all_loaded_after:,} "
            f"({'+' if diff.all_loaded_change >= 0 else ''}{diff.all_loaded_change:,})",
            style="bold",
        )
    ]
    if not diff.changes:
        parts.append(Text("no tool changed"))
    for change in diff.changes[:DEFAULT_ROWS]:
        before = "-" if change.before is None else f"{change.before:,}"
        after = "-" if change.after is None else f"{change.after:,}"
        delta = f"{'+' if change.change >= 0 else ''}{change.change:,}"
        parts.append(
            Text(
                f"  {change.status:<8} {one_line(change.source)}/{one_line(change.name)}: "
                f"{before} -> {after} ({delta})"
            )
        )
    if len(diff.changes) > DEFAULT_ROWS:
        parts.append(Text(f"  … {len(diff.changes) - DEFAULT_ROWS} more changes", style="dim"))
    return parts


def _summary_parts(report: BudgetReport, show_all: bool, shared: dict[str, list[str]]) -> list[Any]:
    """Several scopes at a glance: the total and the advice first, a row per scope, the
    costliest tools of the run, and each line said once."""
    budget = report.budget
    parts: list[Any] = [Text(all_scopes_line(budget), style="bold")]
    everyone = len(budget.scopes)
    parts.extend(
        Text(f"note ({_which(names, everyone)}): {one_line(note)}", style="yellow")
        for note, names in shared.items()
    )
    parts.append(Text(""))
    parts.append(_scope_table(budget, report))
    rows = sorted((r for s in budget.scopes for r in s.rows), key=lambda r: -r.tokens)
    if rows:
        parts.append(Text(""))
        parts.append(Text(f"Costliest tools of the {len(budget.scopes):,} scopes", style="bold"))
        named = any(r.scope != r.source for r in rows)  # else the scope column repeats the source
        parts.extend(_tool_table(rows, show_all, with_scope=named))
    for scope in budget.scopes:
        rejected = report.rejected.get(scope.scope.name, ())
        if rejected:
            parts.append(
                Text(
                    f"REJECTED ({one_line(scope.scope.name)}): "
                    f"{rejection_line(rejected, report.refusers.get(scope.scope.name))}",
                    style="bold red",
                )
            )
    parts.extend(_method_lines(budget))
    for scope in budget.scopes:
        parts.extend(
            Text(f"note ({one_line(scope.scope.name)}): {one_line(n)}", style="yellow")
            for n in scope.notes
            if n not in shared
        )
    parts.append(Text("--per-scope shows each scope's tools and totals", style="dim"))
    return parts


def _which(names: Sequence[str], everyone: int) -> str:
    """The scopes a shared line is about: ``every scope``, else their names."""
    return "every scope" if len(names) == everyone else one_line(scope_names(names))


def _scope_table(budget: Budget, report: BudgetReport) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("scope", overflow="fold")
    table.add_column("kind")
    table.add_column("tools", justify="right")
    table.add_column("deferred", justify="right")
    table.add_column("upfront", justify="right")
    table.add_column("all loaded", justify="right")
    table.add_column("saved", justify="right")
    table.add_column("context", justify="right")
    for scope in budget.scopes:
        totals = scope.totals
        name = one_line(scope.scope.name, 40)
        if report.rejected.get(scope.scope.name):
            name += " (REJECTED)"
        table.add_row(
            Text(name),
            scope.scope.kind,
            f"{len(scope.rows):,}",
            f"{sum(1 for r in scope.rows if r.deferred):,}",
            _n(totals.upfront),
            _n(totals.all_loaded),
            _n(totals.saved),
            f"{totals.context_share:.1f}%",
        )
    return table


def _method_lines(budget: Budget) -> list[Text]:
    """Each estimate method once, naming its scopes when not every scope uses it."""
    methods: dict[str, list[str]] = {}
    for scope in budget.scopes:
        methods.setdefault(scope.method.describe(), []).append(scope.scope.name)
    if len(methods) == 1:
        return [Text(method, style="dim") for method in methods]
    return [
        Text(f"{method} ({one_line(scope_names(names))})", style="dim")
        for method, names in methods.items()
    ]


def render(report: BudgetReport, settings: RenderSettings) -> str:
    budget, diff, notes, failures = report.budget, report.diff, report.notes, report.failures
    color, width, show_all = settings.color, settings.width, settings.show_all
    parts: list[Any] = []
    shared = shared_notes((s.scope.name, s.notes) for s in budget.scopes)
    if len(budget.scopes) > 1 and not settings.per_scope:
        parts.extend(_summary_parts(report, show_all, shared))
    else:
        one_method = len(budget.scopes) > 1 and len(_method_lines(budget)) == 1
        for index, scope in enumerate(budget.scopes):
            if index:
                parts.append(Text(""))
            rejected = report.rejected.get(scope.scope.name, ())
            refuser = report.refusers.get(scope.scope.name)
            parts.extend(_scope_parts(scope, show_all, rejected, shared, not one_method, refuser))
        if len(budget.scopes) > 1:
            parts.append(Text(""))
            parts.append(Text(all_scopes_line(budget), style="bold"))
            if one_method:
                parts.extend(_method_lines(budget))
        parts.extend(
            Text(f"note ({one_line(scope_names(names))}): {one_line(note)}", style="yellow")
            for note, names in shared.items()
        )
    if diff is not None:
        parts.append(Text(""))
        parts.extend(_diff_parts(diff))
    if report.breakdown is not None:
        from toolsearch.report.breakdown_text import breakdown_parts

        for found in report.breakdown:
            parts.append(Text(""))
            parts.extend(breakdown_parts(found, show_all))
    parts.extend(Text(f"note: {one_line(n)}", style="yellow") for n in [*budget.skipped, *notes])
    parts.extend(Text(f"FAIL: {one_line(f)}", style="bold red") for f in failures)
    return render_console(parts, color, width)
