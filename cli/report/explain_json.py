"""``query --explain --format json``."""

from __future__ import annotations

from typing import Any

from toolsearch.report.jsonout import dumps
from toolsearch.report.query_json import result_dict
from toolsearch.report.render_settings import RenderSettings
from toolsearch.retrieval.explain_run import ExplainReport, ModeExplain


def _mode(item: ModeExplain) -> dict[str, Any]:
    result = item.result
    return {
        "mode": item.mode,
        "rank": None if result is None else result.rank,
        "score": None if result is None or result.score is None else round(result.score, 4),
        "matched": {} if result is None else result.matched,
        "similarity": None if item.similarity is None else round(item.similarity, 4),
        "reached": item.reached,
        "above": [result_dict(r) for r in item.above],
        "error": item.error,
    }


def render(report: ExplainReport, settings: RenderSettings) -> str:
    document = {
        "schema_version": 1,
        "query": report.query,
        "tool": report.tool.name,
        "source": report.tool.source,
        "scope": report.scope.name,
        "searched": report.searched,
        "searched_set": report.searched_set,
        "deferred": report.tool_is_searched,
        "modes": [_mode(m) for m in report.modes],
        "loaded": {
            "mode": report.loaded_mode,
            "total": report.loaded_total,
            "tools": [
                {"name": m.tool.name, "source": m.tool.source, "rank": m.rank, "score": m.score}
                for m in report.loaded
            ],
        },
        "notes": ([report.preface] if report.preface else []) + report.notes,
    }
    return dumps(document)
