"""``lint --format markdown``: a summary for pull requests and ``$GITHUB_STEP_SUMMARY``."""

from __future__ import annotations

from collections import Counter

from toolsearch.lint.findings import Diagnostic
from toolsearch.lint.lint_run import LintReport
from toolsearch.report.lint_summary import summary_line
from toolsearch.report.markdown import cell
from toolsearch.report.render_settings import RenderSettings

# GitHub refuses a step summary over 1 MiB; 500 rows stay far below it.
MAX_ROWS = 500


def _place(d: Diagnostic) -> str:
    place = cell(d.file)
    if d.location.line is not None:
        place += f":{d.location.line}"
        if d.location.column is not None:
            place += f":{d.location.column}"
    return place


def render(report: LintReport, settings: RenderSettings) -> str:
    diagnostics, notes, files, tools = report.diagnostics, report.notes, report.files, report.tools
    lines = ["## toolsearch lint", ""]
    headline = summary_line(diagnostics, files, tools)
    lines.append(f"**{headline}**" if diagnostics else headline)
    if diagnostics:
        by_rule = Counter((d.rule, d.level.label) for d in diagnostics)
        lines += ["", "| rule | level | findings |", "|---|---|--:|"]
        for (rule, level), count in sorted(by_rule.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"| {cell(rule)} | {level} | {count:,} |")
        lines += ["", "| level | where | message | rule |", "|---|---|---|---|"]
        for d in diagnostics[:MAX_ROWS]:
            lines.append(
                f"| {d.level.label} | {_place(d)} | {cell(d.message, 500)} | {cell(d.rule)} |"
            )
        hidden = len(diagnostics) - MAX_ROWS
        if hidden > 0:
            lines += ["", f"… and {hidden} more (see the log, or use --format json)"]
    if notes:
        lines.append("")
        lines += [f"- note: {cell(n, 500)}" for n in notes]
    return "\n".join(lines) + "\n"
