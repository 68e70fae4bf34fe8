"""``recommend --target codex --format markdown``."""

from __future__ import annotations

from toolsearch.recommend.codex_advice import CodexAdvice
from toolsearch.report.markdown import cell
from toolsearch.report.render_settings import RenderSettings
from toolsearch.retrieval.codex_search import DEFAULT_LIMIT


def render(report: CodexAdvice, settings: RenderSettings) -> str:
    lines = [
        "## toolsearch recommend --target codex",
        "",
        f"**Keep loaded: nothing.** {cell(report.notes[0])}.",
        "",
    ]
    if not report.badly_found:
        lines.append(
            f"Every one of {report.checked} MCP tools is in Codex's top {DEFAULT_LIMIT} for a "
            "search made of its own name and description."
        )
    else:
        lines += [
            f"{len(report.badly_found)} of {report.checked} MCP tools are not in Codex's top "
            f"{DEFAULT_LIMIT} for a search made of their own name and description:",
            "",
            "| tool | rank | behind | what to change |",
            "| --- | --- | --- | --- |",
        ]
        for item in report.badly_found:
            rank = str(item.rank) if item.rank is not None else "not found"
            lines.append(
                f"| {cell(item.tool.source + '/' + item.tool.name)} | {rank} | "
                f"{cell(', '.join(item.ahead))} | {cell(item.advice)} |"
            )
    lines += [f"\n_note: {cell(n)}_" for n in report.notes[1:]]
    return "\n".join(lines) + "\n"
