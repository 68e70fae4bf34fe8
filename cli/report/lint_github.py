"""``lint --format github``: one workflow-command annotation per finding, then the summary."""

from __future__ import annotations

from toolsearch.lint.lint_run import LintReport
from toolsearch.report.lint_summary import summary_line
from toolsearch.report.render_settings import RenderSettings
from toolsearch.report.workflow import annotation
from toolsearch.sanitize import one_line


def render(report: LintReport, settings: RenderSettings) -> str:
    diagnostics, notes, files, tools = report.diagnostics, report.notes, report.files, report.tools
    lines = [annotation(d.level, d.message, d.location, d.rule) for d in diagnostics]
    lines += [f"note: {one_line(n)}" for n in notes]
    lines.append(summary_line(diagnostics, files, tools))
    return "\n".join(lines) + "\n"
