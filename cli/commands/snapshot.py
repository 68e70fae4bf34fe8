"""``toolsearch snapshot``: write live servers' tools/list results, or check them for drift."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from toolsearch.commands.catalog_args import choose, load_checked_config, read_live
from toolsearch.errors import ExitCode, ServerError, UsageError
from toolsearch.output_policy import report_color, report_width
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter
from toolsearch.servers.live import LiveResult
from toolsearch.servers.snapshot_run import SnapshotOptions, take_snapshots

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions

SNAPSHOT_FORMATS: dict[str, Reporter] = {
    "text": reporter("snapshot_text"),
    "json": reporter("snapshot_json"),
}


def run_snapshot(live: LiveResult, options: SnapshotOptions) -> tuple[str, int]:
    """Write or check every server that answered; returns the report and the exit code."""
    run = take_snapshots(live, options)
    text = SNAPSHOT_FORMATS[options.fmt](run, RenderSettings(options.color, options.width))
    return text, 1 if run.drifted and options.mode == "check" else 0


def run(
    *,
    out: Path | None,
    check: Path | None,
    config: Path | None,
    max_values: int | None = None,
    output_format: str | None,
    output_file: Path | None,
    live: LiveOptions | None,
) -> tuple[str, int]:
    """``toolsearch snapshot``: save live servers' tools/list results, or check them (drift)."""
    from toolsearch.servers.snapshot_run import Mode, SnapshotOptions, preflight

    fmt = choose(output_format, SNAPSHOT_FORMATS, "--format") or "text"
    if (out is None) == (check is None):
        raise UsageError("snapshot needs exactly one of --out DIR or --check DIR")
    if live is None or not live.requested:
        raise UsageError(
            "snapshot reads live servers: give --mcp-config, --mcp-command or --mcp-url"
        )
    cfg = load_checked_config(config, max_values)
    directory = out if out is not None else check
    assert directory is not None
    mode: Mode = "out" if out is not None else "check"
    preflight(live, mode, directory, cfg.max_file_size, cfg.max_values)
    result = read_live(live, cfg.max_file_size, cfg.max_values)
    if not result.servers:
        raise ServerError("no MCP server answered; no snapshot written or checked")
    options = SnapshotOptions(
        mode=mode,
        directory=directory,
        fmt=fmt,
        color=report_color(output_file),
        width=report_width(output_file),
        max_size=cfg.max_file_size,
        max_values=cfg.max_values,
    )
    text, code = run_snapshot(result, options)
    if result.failures:  # --keep-going went on without a server: still exit 2
        code = max(code, ExitCode.ERROR)
    return text, code
