"""``recommend --target codex --format json`` (schema: ``recommend-codex.schema.json``)."""

from __future__ import annotations

from toolsearch.recommend.codex_advice import CodexAdvice
from toolsearch.report.jsonout import dumps
from toolsearch.report.render_settings import RenderSettings
from toolsearch.retrieval.codex_search import DEFAULT_LIMIT


def render(report: CodexAdvice, settings: RenderSettings) -> str:
    return dumps(
        {
            "schema_version": 1,
            "target": "codex",
            "keep_loaded": [],
            "reason": report.notes[0],
            "top": DEFAULT_LIMIT,
            "checked": report.checked,
            "badly_found": [
                {
                    "name": item.tool.name,
                    "source": item.tool.source,
                    "rank": item.rank,
                    "ahead": list(item.ahead),
                    "advice": item.advice,
                }
                for item in report.badly_found
            ],
            "notes": report.notes[1:],
        }
    )
