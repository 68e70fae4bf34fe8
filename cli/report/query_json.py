"""``query --format json`` and ``--format tool-reference``."""

from __future__ import annotations

from typing import Any

from toolsearch.catalog.codex_names import CODEX
from toolsearch.hosts.claude_code import SEARCH_MODE as CLAUDE_CODE_MODE
from toolsearch.report.jsonout import dumps
from toolsearch.report.render_settings import RenderSettings
from toolsearch.retrieval.claude_code_search import NO_MATCH
from toolsearch.retrieval.codex_search import namespace_of_tool
from toolsearch.retrieval.query_run import QueryReport
from toolsearch.retrieval.searchers import Result, tool_references


def result_dict(result: Result, mode: str = "") -> dict[str, Any]:
    item: dict[str, Any] = {
        "rank": result.rank,
        "name": result.name,
        "score": None if result.score is None else round(result.score, 4),
        "source": result.source,
        "scope": result.scope,
        "matched": result.matched,
        "tie": None if result.tie is None else {"first": result.tie[0], "last": result.tie[1]},
    }
    if result.tool.sent_name != result.tool.name:
        item["sent_name"] = result.tool.sent_name
    if mode == CODEX:
        item["namespace"] = namespace_of_tool(result.tool)
    return item


def render(report: QueryReport, settings: RenderSettings) -> str:
    sets = {s.searched_set for s in report.scopes}
    document = {
        "schema_version": 1,
        "query": report.query,
        "mode": report.mode,
        "limit": report.limit,
        "searched": sum(s.searched for s in report.scopes),
        "searched_set": sets.pop() if len(sets) == 1 else None,
        "results": [result_dict(r, report.mode) for r in report.results],
        "scopes": [
            {
                "scope": s.scope.name,
                "searched": s.searched,
                "searched_set": s.searched_set,
                "matched": s.total,
            }
            for s in report.scopes
        ],
        "notes": ([report.preface] if report.preface else []) + report.notes,
    }
    return dumps(document)


def render_tool_references(report: QueryReport, settings: RenderSettings) -> str:
    """The ``content`` of the ``tool_result`` a client-side search tool returns (facts §2.6);
    Claude Code's ToolSearch answers a search that finds nothing with a line of text."""
    if report.mode == CLAUDE_CODE_MODE and not report.results:
        return dumps([{"type": "text", "text": NO_MATCH}])
    return dumps(tool_references(report.results))
