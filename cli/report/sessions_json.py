"""``sessions --format json``: the documented, versioned document (cli/schemas)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from toolsearch.report.jsonout import dumps
from toolsearch.report.render_settings import RenderSettings
from toolsearch.sessions.activity import tool_part

if TYPE_CHECKING:
    from toolsearch.sessions.activity import ToolUse
    from toolsearch.sessions.sessions_run import KeepChoice, SearchSummary, SessionsReport


def iso(moment: datetime | None) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None


def _tool(use: ToolUse) -> dict[str, Any]:
    return {
        "name": use.name,
        "tool": tool_part(use.name),
        "calls": use.calls,
        "sessions": use.sessions,
        "last_used": iso(use.last_used),
    }


def _searches(summary: SearchSummary) -> dict[str, Any]:
    return {
        "queries": summary.queries,
        "sessions": summary.sessions,
        "keyword": summary.keyword,
        "select": summary.select,
        "found_nothing": summary.found_nothing,
        "no_result": summary.no_result,
        "errors": summary.errors,
        "loads": summary.loads,
        "unused_loads": summary.unused_loads,
        "unused_load_tokens": None
        if summary.unused_tokens is None
        else round(summary.unused_tokens, 1),
        "unused_loads_priced": summary.unused_priced,
        "found_nothing_queries": [{"query": q, "times": n} for q, n in summary.nothing_queries],
        "unused_loads_by_tool": [
            {"name": name, "loads": loads, "unused": unused}
            for name, loads, unused in summary.unused_by_tool
        ],
    }


def _keep(keep: KeepChoice) -> dict[str, Any]:
    return {
        "tools": [{"name": u.name, "sessions": u.sessions, "calls": u.calls} for u in keep.tools],
        "served": keep.served,
        "uses": keep.uses,
        "share": round(keep.share, 4) if keep.share is not None else None,
        "sessions_served": keep.sessions_served,
        "sessions_with_mcp": keep.sessions_with_mcp,
        "upfront_tokens": round(keep.upfront, 1) if keep.upfront is not None else None,
        "priced": keep.priced,
        "method": keep.method,
    }


def render(report: SessionsReport, settings: RenderSettings) -> str:
    activity = report.activity
    document = {
        "schema_version": 1,
        "origins": list(report.origins),
        "transcripts": report.files,
        "sessions": activity.sessions,
        "entries": activity.entries,
        "first": iso(activity.first),
        "last": iso(activity.last),
        "since": iso(report.since),
        "project": report.project,
        "calls": activity.calls,
        "claude_code_versions": [
            {"version": version, "sessions": sessions} for version, sessions in activity.versions
        ],
        "servers": [
            {
                "server": s.server,
                "calls": s.calls,
                "sessions": s.sessions,
                "last_used": iso(s.last_used),
                "tools": [_tool(u) for u in s.tools],
            }
            for s in report.servers
        ],
        "never_called": None
        if report.never_called is None
        else [
            {"source": n.source, "tools": list(n.tools), "total": n.total}
            for n in report.never_called
        ],
        "tool_search": _searches(report.searches),
        "keep": _keep(report.keep),
        "redacted": report.redacted,
        "exports": list(report.exports),
        "notes": list(report.notes),
    }
    return dumps(document)
