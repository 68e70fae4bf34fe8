"""``toolsearch snapshot``: write live servers' tools/list results, or check them for drift."""

from __future__ import annotations

from toolsearch.report.render_settings import RenderSettings, Reporter, reporter
from toolsearch.servers.live import LiveResult
from toolsearch.servers.snapshot_run import SnapshotOptions, take_snapshots

SNAPSHOT_FORMATS: dict[str, Reporter] = {
    "text": reporter("snapshot_text"),
    "json": reporter("snapshot_json"),
}


def run_snapshot(live: LiveResult, options: SnapshotOptions) -> tuple[str, int]:
    """Write or check every server that answered; returns the report and the exit code."""
    run = take_snapshots(live, options)
    text = SNAPSHOT_FORMATS[options.fmt](run, RenderSettings(options.color, options.width))
    return text, 1 if run.drifted and options.mode == "check" else 0
