"""``snapshot --format json``: the documented, versioned drift document."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolsearch.report.jsonout import dumps
from toolsearch.report.render_settings import RenderSettings

if TYPE_CHECKING:
    from toolsearch.servers.snapshot_run import ServerOutcome, SnapshotRun


def _server(outcome: ServerOutcome) -> dict[str, Any]:
    drift = outcome.drift
    return {
        "server": outcome.server,
        "file": outcome.file,
        "tools": outcome.tools,
        "status": outcome.status,
        "added": list(drift.added),
        "removed": list(drift.removed),
        "changed": [
            {
                "name": change.name,
                "fields": [f.field for f in change.fields],
                "changes": [
                    {"field": f.field, "before": f.before, "after": f.after} for f in change.fields
                ],
            }
            for change in drift.changed
        ],
    }


def render(run: SnapshotRun, settings: RenderSettings) -> str:
    document = {
        "schema_version": 1,
        "mode": run.mode,
        "dir": run.directory,
        "drift": run.drifted,
        "servers": [_server(o) for o in run.outcomes],
        "failures": list(run.failures),
        "notes": list(run.notes),
    }
    return dumps(document)
