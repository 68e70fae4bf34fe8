"""``lint --format github``: one workflow-command annotation per finding, then the summary."""

from __future__ import annotations

from toolsearch.findings import Diagnostic
from toolsearch.report.lint_summary import summary_line
from toolsearch.report.workflow import annotation
from toolsearch.sanitize import one_line


def render(diagnostics: list[Diagnostic], notes: list[str], files: list[str], tools: int) -> str:
    lines = [annotation(d.level, d.message, d.location, d.rule) for d in diagnostics]
    lines += [f"note: {one_line(n)}" for n in notes]
    lines.append(summary_line(diagnostics, files, tools))
    return "\n".join(lines) + "\n"
