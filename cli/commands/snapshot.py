"""``toolsearch snapshot``: write live servers' tools/list results, or check them for drift."""

from __future__ import annotations

from toolsearch.live import LiveResult
from toolsearch.snapshot_run import SnapshotOptions, SnapshotRun, take_snapshots

SNAPSHOT_FORMATS = ("text", "json")


def run_snapshot(live: LiveResult, options: SnapshotOptions) -> tuple[str, int]:
    """Write or check every server that answered; returns the report and the exit code."""
    run = take_snapshots(live, options)
    return _format(run, options), 1 if run.drifted and options.mode == "check" else 0


def _format(run: SnapshotRun, options: SnapshotOptions) -> str:
    if options.fmt == "json":
        from toolsearch.report import snapshot_json

        return snapshot_json.render(run)
    from toolsearch.report import snapshot_text

    return snapshot_text.render(run, options.color, options.width)
