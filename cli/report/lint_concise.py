"""``lint --format concise``: one line per finding, ``path:line:col: level rule-id message``,
which editors and terminals make clickable; then the notes and the summary line."""

from __future__ import annotations

from toolsearch.lint.findings import Diagnostic
from toolsearch.lint.lint_run import LintReport
from toolsearch.report.lint_summary import summary_line
from toolsearch.report.render_settings import RenderSettings
from toolsearch.sanitize import one_line


def concise_line(d: Diagnostic) -> str:
    """``path:line:col: level rule-id message``, its untrusted text made safe to print."""
    return one_line(d.concise())


def render(report: LintReport, settings: RenderSettings) -> str:
    lines = [concise_line(d) for d in report.diagnostics]
    if not settings.quiet:
        lines.extend(f"note: {one_line(n)}" for n in report.notes)
        lines.append(summary_line(report.diagnostics, report.files, report.tools))
    return "".join(line + "\n" for line in lines)
