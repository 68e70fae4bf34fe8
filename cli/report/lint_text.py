"""``lint`` for people: diagnostics grouped by file, then a summary line.

At a known width (a terminal) a long message wraps with a hanging indent: its next lines start
under the message column, so the place and level columns stay clear.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from toolsearch.lint.findings import Diagnostic, Severity
from toolsearch.lint.lint_run import LintReport
from toolsearch.report.console import Line
from toolsearch.report.console import render as render_console
from toolsearch.report.lint_summary import summary_line
from toolsearch.report.render_settings import RenderSettings
from toolsearch.sanitize import one_line

STYLES = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "blue"}
LEVEL_WIDTH = 8
MIN_MESSAGE_WIDTH = 20  # below this, wrapping would help nobody: long lines as they are


def render(report: LintReport, settings: RenderSettings) -> str:
    diagnostics, notes, files, tools = report.diagnostics, report.notes, report.files, report.tools
    color, width = settings.color, settings.width
    parts: list[Any] = []
    for file, group in groupby(diagnostics, key=lambda d: d.file):
        parts.append(Line(one_line(file), style="bold underline"))
        found = list(group)
        places = [f"{d.location.line or '-'}:{d.location.column or '-'}" for d in found]
        place_width = max(9, *(len(place) + 1 for place in places))  # 123456:78 keeps a gap
        for d, place in zip(found, places, strict=True):
            parts.extend(_finding(d, f"{place:<{place_width}}", width))
        parts.append(Line(""))
    if not settings.quiet:
        parts.extend(Line(f"note: {one_line(n)}", style="dim") for n in notes)
        style = "bold" if diagnostics else "green"
        parts.append(Line(summary_line(diagnostics, files, tools), style=style))
    elif parts:
        parts.pop()  # no blank line after the last file when nothing follows it
    return render_console(parts, color, width)


def _finding(d: Diagnostic, place: str, width: int | None) -> list[Line]:
    """The finding's line, or its lines wrapped under the message column at ``width``."""
    head = Line("  ")
    head.append(place, style="dim")
    head.append(f"{d.level.label:<{LEVEL_WIDTH}}", style=STYLES[d.level])
    indent = len(head.plain)
    message, rule = one_line(d.message), f"[{d.rule}]"
    room = (width or 0) - indent
    if width is None or room < MIN_MESSAGE_WIDTH:
        head.append(message)
        head.append(f"  {rule}", style="dim")
        return [head]
    chunks = wrap_cells([(" ", w) for w in message.split()] + [("  ", rule)], room)
    lines = []
    for index, chunk in enumerate(chunks):
        line = head if index == 0 else Line(" " * indent)
        last = index == len(chunks) - 1
        if last and chunk.endswith(rule):
            line.append(chunk[: -len(rule)])
            line.append(rule, style="dim")
        else:
            line.append(chunk)
        lines.append(line)
    return lines


def wrap_cells(words: list[tuple[str, str]], room: int) -> list[str]:
    """Greedy word wrap of (separator, word) pairs by terminal cells (a CJK character takes
    two); a word longer than a line is cut."""
    from rich.cells import cell_len  # only output to a terminal wraps

    lines: list[str] = []
    line, used = "", 0
    for separator, word in words:
        width = cell_len(word)
        if line and used + len(separator) + width <= room:
            line, used = line + separator + word, used + len(separator) + width
            continue
        if line:
            lines.append(line)
        line, used = "", 0
        for char in word if width > room else ():
            char_width = cell_len(char)
            if used + char_width > room and line:
                lines.append(line)
                line, used = "", 0
            line, used = line + char, used + char_width
        if width <= room:
            line, used = word, width
    if line or not lines:
        lines.append(line)
    return lines
