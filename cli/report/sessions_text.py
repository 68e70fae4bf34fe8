"""``sessions`` for people: calls per server and tool, ToolSearch's activity, what to keep."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from rich.text import Text

from toolsearch.report.console import render as render_console
from toolsearch.report.render_settings import RenderSettings
from toolsearch.sanitize import escape_unsafe, one_line
from toolsearch.sessions.activity import tool_part

if TYPE_CHECKING:
    from toolsearch.sessions.sessions_run import KeepChoice, SearchSummary, SessionsReport

TOOLS_SHOWN = 10  # per server, without --all
QUERIES_SHOWN = 10
NAMES_SHOWN = 8
NAME_WIDTH = 44


def visible(text: str, limit: int | None = 120) -> str:
    """Untrusted text on one line, controls and invisible characters written as ``\\uXXXX``."""
    return one_line(escape_unsafe(text), limit)


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count:,} {word if count == 1 else many or word + 's'}"


def day(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d") if moment is not None else "-"


def headline(report: SessionsReport) -> str:
    activity = report.activity
    where = f" ({', '.join(report.origins)})" if report.origins else ""
    period = ""
    if activity.first is not None and activity.last is not None:
        period = f", {day(activity.first)} to {day(activity.last)}"
    return (
        f"sessions: {plural(activity.sessions, 'session')} in "
        f"{plural(report.files, 'transcript')}{where}{period}; "
        f"{plural(activity.calls, 'tool call')}"
    )


def filters(report: SessionsReport) -> str | None:
    parts = []
    if report.since is not None:
        parts.append(f"since {report.since.strftime('%Y-%m-%d %H:%M')} UTC")
    if report.project is not None:
        parts.append(f"project {visible(report.project, 80)}")
    return "only " + ", ".join(parts) if parts else None


def render(report: SessionsReport, settings: RenderSettings) -> str:
    lines: list[Text] = [Text(headline(report), style="bold")]
    limit = filters(report)
    if limit:
        lines.append(Text(limit, style="dim"))
    lines.extend(_calls(report, settings.show_all))
    lines.extend(_never(report, settings.show_all))
    lines.extend(_searches(report.searches, report.redacted, settings.show_all))
    lines.extend(_keep(report.keep))
    lines.extend(Text(one_line(e)) for e in report.exports)
    lines.extend(Text(f"note: {one_line(n)}", style="dim") for n in report.notes)
    return render_console(lines, settings.color, settings.width)


def _row(name: str, calls: int, sessions: int, last: datetime | None) -> str:
    return f"{name:<{NAME_WIDTH}} {calls:>7,} {sessions:>8,}  {day(last)}"


def _calls(report: SessionsReport, show_all: bool) -> list[Text]:
    if not report.servers:
        return [Text(""), Text("No tool calls in these sessions.")]
    header = f"{'server / tool':<{NAME_WIDTH}} {'calls':>7} {'sessions':>8}  last used"
    lines = [Text(""), Text(header, style="bold")]
    for server in report.servers:
        label = visible(server.server, NAME_WIDTH) if server.server else "(Claude Code's own tools)"
        lines.append(Text(_row(label, server.calls, server.sessions, server.last_used), "bold"))
        shown = server.tools if show_all else server.tools[:TOOLS_SHOWN]
        for use in shown:
            name = visible(tool_part(use.name), NAME_WIDTH - 2)
            lines.append(Text(_row("  " + name, use.calls, use.sessions, use.last_used)))
        hidden = len(server.tools) - len(shown)
        if hidden:
            lines.append(Text(f"  (+{hidden:,} more; --all lists them)", style="dim"))
    return lines


def _never(report: SessionsReport, show_all: bool) -> list[Text]:
    if report.never_called is None:
        return []
    lines = [Text(""), Text("Never called in these sessions:", style="bold")]
    for source in report.never_called:
        head = f"  {visible(source.source, 60)}: {source.total - len(source.tools):,} of "
        head += f"{plural(source.total, 'tool')} called"
        if not source.tools:
            lines.append(Text(head + "; every tool was called"))
            continue
        names = source.tools if show_all else source.tools[:NAMES_SHOWN]
        more = len(source.tools) - len(names)
        rest = f", … (+{more:,}; --all lists them)" if more else ""
        listed = ", ".join(visible(n, 60) for n in names)
        lines.append(Text(f"{head}; never: {listed}{rest}"))
    return lines


def _section(heading: str, bold: bool = True) -> list[Text]:
    """A blank line and a section's first line."""
    return [Text(""), Text(heading, style="bold" if bold else "")]


def _searches(summary: SearchSummary, redacted: bool, show_all: bool) -> list[Text]:
    if not summary.queries:
        return _section("ToolSearch: no searches in these sessions.", bold=False)
    lines = _section(
        f"ToolSearch: {plural(summary.queries, 'search', 'searches')} in "
        f"{plural(summary.sessions, 'session')} ({summary.keyword:,} by keyword, "
        f"{summary.select:,} select:)"
    )
    hashed = " (queries hashed: --redact)" if redacted else ""
    lines.append(Text(f"  found nothing: {summary.found_nothing:,}{hashed}"))
    queries = summary.nothing_queries if show_all else summary.nothing_queries[:QUERIES_SHOWN]
    for query, times in queries:
        again = f" ({times:,} times)" if times > 1 else ""
        lines.append(Text(f'    "{visible(query, 100)}"{again}'))
    if len(queries) < len(summary.nothing_queries):
        lines.append(Text(f"    (+{len(summary.nothing_queries) - len(queries):,} more)", "dim"))
    lines.append(
        Text(
            f"  loaded {plural(summary.loads, 'tool')}; {summary.unused_loads:,} of these loads "
            "never called afterwards in their session (speculative)"
        )
    )
    unused = summary.unused_by_tool if show_all else summary.unused_by_tool[:QUERIES_SHOWN]
    for name, loads, count in unused:
        shown = visible(name, NAME_WIDTH)
        lines.append(Text(f"    {shown}: {count:,} of {plural(loads, 'load')} unused"))
    if len(unused) < len(summary.unused_by_tool):
        lines.append(Text(f"    (+{len(summary.unused_by_tool) - len(unused):,} more)", "dim"))
    if summary.unused_tokens is not None:
        part = (
            ""
            if summary.unused_priced == summary.unused_loads
            else f" (the {summary.unused_priced:,} the catalog holds)"
        )
        lines.append(
            Text(
                f"  the unused loads cost ~{round(summary.unused_tokens):,} tokens{part} (estimate)"
            )
        )
    if summary.no_result:
        lines.append(Text(f"  results not in the transcripts: {summary.no_result:,}", "dim"))
    if summary.errors:
        lines.append(Text(f"  searches that returned an error: {summary.errors:,}", "dim"))
    return lines


def _keep(keep: KeepChoice) -> list[Text]:
    if not keep.tools:
        return _section("Keep loaded: no MCP tool was called; nothing to propose.", bold=False)
    lines = _section(
        f"Keep loaded: the {plural(len(keep.tools), 'MCP tool')} that served the most sessions"
    )
    for use in keep.tools:
        name = visible(use.name, NAME_WIDTH)
        sessions, calls = plural(use.sessions, "session"), plural(use.calls, "call")
        lines.append(Text(f"  {name:<{NAME_WIDTH}} {sessions:>14}  {calls:>12}"))
    share = f"{keep.share:.2f}" if keep.share is not None else "-"
    lines.append(
        Text(
            f"  serve {share} of session uses ({keep.served:,} of {keep.uses:,} session-tool "
            "pairs, as recommend --evaluate measures)"
        )
    )
    lines.append(
        Text(
            f"  {keep.sessions_served:,} of {plural(keep.sessions_with_mcp, 'session')} with MCP "
            "calls call no other MCP tool"
        )
    )
    if keep.upfront is None:
        lines.append(
            Text(
                "  upfront cost: unknown without the tools' definitions (give --catalog or "
                "--mcp-config)",
                style="dim",
            )
        )
    else:
        part = "" if keep.priced == len(keep.tools) else f" for {keep.priced} of them"
        lines.append(Text(f"  upfront cost: ~{round(keep.upfront):,} tokens{part}"))
        lines.append(Text(f"  {one_line(keep.method or '')}", style="dim"))
    return lines
