"""``budget --format markdown``: a summary for pull requests and ``$GITHUB_STEP_SUMMARY``."""

from __future__ import annotations

from toolsearch.catalog.counts import count_of, scope_count
from toolsearch.cost.budget_run import BudgetReport
from toolsearch.report.markdown import cell
from toolsearch.report.phrases import (
    all_scopes_line,
    rejection_line,
    scope_names,
    shared_notes,
)
from toolsearch.report.render_settings import RenderSettings

TOP_ROWS = 20


def render(report: BudgetReport, settings: RenderSettings) -> str:
    budget, diff, notes, failures = report.budget, report.diff, report.notes, report.failures
    lines = ["## toolsearch budget", ""]
    lines += [
        "| scope | model | tools | upfront | all loaded | saved | context |",
        "|---|---|---|--:|--:|--:|--:|",
    ]
    for s in budget.scopes:
        t = s.totals
        lines.append(
            f"| {cell(s.scope.name)} | {cell(s.model_id)} | {scope_count(s.scope).describe()} | "
            f"{round(t.upfront):,} | {round(t.all_loaded):,} | {round(t.saved):,} "
            f"({t.saved_pct:.1f}%) | {_share(t.context_share, t.context_window)} |"
        )
    if len(budget.scopes) > 1:
        lines += ["", cell(all_scopes_line(budget), 1000)]
    if diff is not None:
        sign = "+" if diff.upfront_change >= 0 else ""
        lines += [
            "",
            f"Upfront since baseline: {diff.baseline.upfront:,} → {diff.upfront_after:,} "
            f"(**{sign}{diff.upfront_change:,}**)",
        ]
        if diff.changes:
            lines += ["", "| tool | change | before | after |", "|---|---|--:|--:|"]
            for c in diff.changes[:TOP_ROWS]:
                lines.append(
                    f"| {cell(c.source + '/' + c.name)} | {c.status} | "
                    f"{'' if c.before is None else f'{c.before:,}'} | "
                    f"{'' if c.after is None else f'{c.after:,}'} |"
                )
    rows = sorted(budget.rows, key=lambda r: -r.tokens)[:TOP_ROWS]
    if rows:
        lines += ["", f"Costliest {count_of(len(rows), 'tool')}:", ""]
        lines += ["| tool | source | tokens | state |", "|---|---|--:|---|"]
        for r in rows:
            state = "deferred" if r.deferred else "loaded"
            lines.append(f"| {cell(r.name)} | {cell(r.source)} | {round(r.tokens):,} | {state} |")
    if report.breakdown is not None:
        from toolsearch.report.breakdown_markdown import breakdown_lines

        lines += breakdown_lines(report.breakdown)
    methods = sorted({s.method.describe() for s in budget.scopes})
    lines += ["", *[f"_{cell(m)}_" for m in methods]]
    shared = shared_notes((s.scope.name, s.notes) for s in budget.scopes)
    own = (n for s in budget.scopes for n in s.notes if n not in shared)
    for note in [*budget.skipped, *notes, *own]:
        lines.append(f"- note: {cell(note)}")
    for note, names in shared.items():
        lines.append(f"- note ({cell(scope_names(names), 1000)}): {cell(note)}")
    for name, rejected in report.rejected.items():
        line = rejection_line(rejected, report.refusers.get(name))
        lines.append(f"- **rejected**: scope {cell(name)}: {cell(line, 1000)}")
    for failure in failures:
        lines.append(f"- **FAIL**: {cell(failure)}")
    return "\n".join(lines) + "\n"


def _share(share: float, window: int) -> str:
    """The share of the context window, or that the window is not published."""
    return f"{share:.1f}%" if window else "window not published"
