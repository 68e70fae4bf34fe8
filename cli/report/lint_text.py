"""``lint`` for people: diagnostics grouped by file, then a summary line."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from rich.text import Text

from toolsearch.lint.findings import Severity
from toolsearch.lint.lint_run import LintReport
from toolsearch.report.console import render as render_console
from toolsearch.report.lint_summary import summary_line
from toolsearch.report.render_settings import RenderSettings
from toolsearch.sanitize import one_line

STYLES = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "blue"}


def render(report: LintReport, settings: RenderSettings) -> str:
    diagnostics, notes, files, tools = report.diagnostics, report.notes, report.files, report.tools
    color, width = settings.color, settings.width
    parts: list[Any] = []
    for file, group in groupby(diagnostics, key=lambda d: d.file):
        parts.append(Text(one_line(file), style="bold underline"))
        found = list(group)
        places = [f"{d.location.line or '-'}:{d.location.column or '-'}" for d in found]
        place_width = max(9, *(len(place) + 1 for place in places))  # 123456:78 keeps a gap
        for d, place in zip(found, places, strict=True):
            line = Text("  ")
            line.append(f"{place:<{place_width}}", style="dim")
            line.append(f"{d.level.label:<8}", style=STYLES[d.level])
            line.append(one_line(d.message))
            line.append(f"  [{d.rule}]", style="dim")
            parts.append(line)
        parts.append(Text(""))
    parts.extend(Text(f"note: {one_line(n)}", style="dim") for n in notes)
    style = "bold" if diagnostics else "green"
    parts.append(Text(summary_line(diagnostics, files, tools), style=style))
    return render_console(parts, color, width)
