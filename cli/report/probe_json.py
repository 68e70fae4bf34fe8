"""``probe --format json``: the documented, versioned probe document (schemas/probe)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolsearch.report.jsonout import dumps
from toolsearch.report.render_settings import RenderSettings

if TYPE_CHECKING:
    from toolsearch.probe.run import ProbeReport


def render(report: ProbeReport, settings: RenderSettings) -> str:
    document: dict[str, Any] = {
        "schema_version": 1,
        "url": report.url,
        "target": report.target,
        "model": report.model,
        "api_key_env": report.key_env,
        "dry_run": report.dry_run,
        "headers": dict(report.headers),
        "requests": [
            {
                "name": request.name,
                "purpose": request.purpose,
                "url": report.endpoint.url(request.path),
                **({"body": request.body} if report.dry_run else {}),
            }
            for request in report.requests
        ],
        "exchanges": [
            {"request": e.name, "status": e.status, "input_tokens": e.input_tokens}
            for e in report.exchanges
        ],
        "checks": [
            {
                "number": check.number,
                "id": check.id,
                "title": check.title,
                "status": check.status,
                "evidence": check.evidence,
            }
            for check in report.checks
        ],
        "passed": None if report.dry_run else not report.failed,
        "verdict": report.verdict or None,
    }
    return dumps(document)
