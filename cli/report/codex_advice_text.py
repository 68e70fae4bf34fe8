"""``recommend --target codex`` for people: no tool to keep loaded, and the tools search misses."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from toolsearch.recommend.codex_advice import CodexAdvice
from toolsearch.report.console import render as render_console
from toolsearch.report.render_settings import RenderSettings
from toolsearch.retrieval.codex_search import DEFAULT_LIMIT
from toolsearch.sanitize import one_line


def render(report: CodexAdvice, settings: RenderSettings) -> str:
    parts: list[Any] = [Text(f"Keep loaded: nothing. {report.notes[0]}.", style="bold")]
    if not report.badly_found:
        parts.append(
            Text(
                f"Every one of {report.checked} MCP tools is in Codex's top {DEFAULT_LIMIT} for a "
                "search made of its own name and description."
            )
        )
    else:
        parts.append(
            Text(
                f"{len(report.badly_found)} of {report.checked} MCP tools are not in Codex's top "
                f"{DEFAULT_LIMIT} for a search made of their own name and description:"
            )
        )
        for item in report.badly_found:
            line = Text(f"  {one_line(item.tool.source)}/{one_line(item.tool.name)}", style="bold")
            ahead = one_line(", ".join(item.ahead), 120)
            if item.rank is not None:
                line.append(f" (rank {item.rank}, behind {ahead})", style="dim")
            else:
                line.append(f" (not returned; Codex returns {ahead or 'nothing'})", style="dim")
            parts.append(line)
            parts.append(Text(f"    {one_line(item.advice, 300)}"))
    parts.extend(Text(f"note: {one_line(n)}", style="dim") for n in report.notes[1:])
    return render_console(parts, settings.color, settings.width)
