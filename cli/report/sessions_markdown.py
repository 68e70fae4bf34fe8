"""``sessions --format markdown``: the text report as tables, for a pull request or a wiki."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolsearch.report.markdown import cell
from toolsearch.report.render_settings import RenderSettings
from toolsearch.report.sessions_text import (
    NAMES_SHOWN,
    QUERIES_SHOWN,
    day,
    filters,
    headline,
    plural,
)
from toolsearch.sessions.activity import tool_part

if TYPE_CHECKING:
    from toolsearch.sessions.sessions_run import SessionsReport


def render(report: SessionsReport, settings: RenderSettings) -> str:
    out = ["## Claude Code sessions", "", cell(headline(report), 400)]
    limit = filters(report)
    if limit:
        out.append("")
        out.append(f"_{cell(limit)}_")
    out.extend(_calls(report))
    out.extend(_never(report, settings.show_all))
    out.extend(_searches(report, settings.show_all))
    out.extend(_keep(report))
    if report.exports or report.notes:
        out.append("")
        out.extend(f"- {cell(e, 400)}" for e in report.exports)
        out.extend(f"- note: {cell(n, 400)}" for n in report.notes)
    return "\n".join(out) + "\n"


def _calls(report: SessionsReport) -> list[str]:
    out = ["", "### Tool calls", ""]
    if not report.servers:
        return [*out, "No tool calls in these sessions."]
    out += ["| server | tool | calls | sessions | last used |", "|---|---|---:|---:|---|"]
    for server in report.servers:
        label = cell(server.server) if server.server else "(Claude Code's own)"
        out.append(
            f"| **{label}** | | {server.calls:,} | {server.sessions:,} | {day(server.last_used)} |"
        )
        for use in server.tools:
            out.append(
                f"| | {cell(tool_part(use.name))} | {use.calls:,} | {use.sessions:,} | "
                f"{day(use.last_used)} |"
            )
    return out


def _never(report: SessionsReport, show_all: bool) -> list[str]:
    if report.never_called is None:
        return []
    out = ["", "### Never called", "", "| source | called | never called |", "|---|---:|---|"]
    for source in report.never_called:
        called = source.total - len(source.tools)
        shown = source.tools if show_all else source.tools[:NAMES_SHOWN]
        names = ", ".join(cell(n) for n in shown) or "(none)"
        if len(shown) < len(source.tools):
            names += f", … (+{len(source.tools) - len(shown):,}; --all lists them)"
        out.append(f"| {cell(source.source)} | {called:,} of {source.total:,} | {names} |")
    return out


def _searches(report: SessionsReport, show_all: bool) -> list[str]:
    summary = report.searches
    out = ["", "### ToolSearch", ""]
    if not summary.queries:
        return [*out, "No searches in these sessions."]
    out += [
        "| searches | sessions | keyword | select: | found nothing | loads | unused loads |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        f"| {summary.queries:,} | {summary.sessions:,} | {summary.keyword:,} | "
        f"{summary.select:,} | {summary.found_nothing:,} | {summary.loads:,} | "
        f"{summary.unused_loads:,} |",
    ]
    queries = summary.nothing_queries if show_all else summary.nothing_queries[:QUERIES_SHOWN]
    if queries:
        hashed = " (hashed)" if report.redacted else ""
        out += ["", f"Queries that found nothing{hashed}:", ""]
        out += [f'- "{cell(q, 100)}" ({plural(n, "time")})' for q, n in queries]
    if summary.unused_by_tool:
        out += ["", "| loaded, never called afterwards | loads | unused |", "|---|---:|---:|"]
        out += [
            f"| {cell(n)} | {loads:,} | {unused:,} |" for n, loads, unused in summary.unused_by_tool
        ]
    return out


def _keep(report: SessionsReport) -> list[str]:
    keep = report.keep
    out = ["", "### Keep loaded", ""]
    if not keep.tools:
        return [*out, "No MCP tool was called; nothing to propose."]
    out += ["| tool | sessions | calls |", "|---|---:|---:|"]
    out += [f"| {cell(u.name)} | {u.sessions:,} | {u.calls:,} |" for u in keep.tools]
    share = f"{keep.share:.2f}" if keep.share is not None else "-"
    out += [
        "",
        f"They serve {share} of session uses ({keep.served:,} of {keep.uses:,}); "
        f"{keep.sessions_served:,} of {plural(keep.sessions_with_mcp, 'session')} with MCP "
        "calls call no other MCP tool.",
    ]
    if keep.upfront is not None:
        part = "" if keep.priced == len(keep.tools) else f" for {keep.priced} of them"
        out += [
            "",
            f"Upfront cost: ~{round(keep.upfront):,} tokens{part} "
            f"({cell(keep.method or '', 300)}).",
        ]
    return out
