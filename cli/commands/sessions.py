"""``toolsearch sessions``: what the user's own Claude Code transcripts say about their tools."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from toolsearch.catalog.inputs import Inputs
from toolsearch.commands.catalog_args import (
    CatalogArgs,
    choose,
    load_catalog_inputs,
    load_checked_config,
)
from toolsearch.errors import ExitCode
from toolsearch.hosts import claude_code
from toolsearch.output_policy import report_color, report_width
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter
from toolsearch.sessions.sessions_run import SessionsOptions, sessions_report

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions

SESSIONS_FORMATS: dict[str, Reporter] = {
    "text": reporter("sessions_text"),
    "json": reporter("sessions_json"),
    "markdown": reporter("sessions_markdown"),
}


def run_sessions(options: SessionsOptions, inputs: Inputs | None) -> tuple[str, int]:
    """Read the transcripts, write the exports asked for, and format; exit 0."""
    report = sessions_report(options, inputs)
    settings = RenderSettings(options.color, options.width, options.show_all)
    return SESSIONS_FORMATS[options.fmt](report, settings), 0


def run(
    *,
    paths: list[str] | None,
    since: str | None,
    project: str | None,
    catalog: list[str] | None,
    keep: int,
    redact: bool,
    export_usage: Path | None,
    export_cases: Path | None,
    model: str | None,
    output_format: str | None,
    show_all: bool,
    config: Path | None,
    max_values: int | None = None,
    skip_non_catalogs: bool,
    output_file: Path | None,
    live: LiveOptions | None,
    claude_code_version: str | None = None,
) -> tuple[str, int]:
    """``toolsearch sessions``: read the transcripts, and the catalogs when there are any."""
    from datetime import UTC, datetime

    from toolsearch.catalog.claude_code_versions import choose_version
    from toolsearch.sessions.sessions_run import SessionsOptions, parse_since

    fmt = choose(output_format, SESSIONS_FORMATS, "--format") or "text"
    settings = load_checked_config(config, max_values)
    chosen = None
    if claude_code_version is not None:
        chosen = choose_version(
            claude_code_version,
            None,
            settings.claude_code_max_description_length,
            os.environ,
        )
    options = SessionsOptions(
        paths=tuple(paths or ()),
        since=parse_since(since, datetime.now(UTC)) if since is not None else None,
        project=project,
        keep=keep,
        redact=redact,
        export_usage=export_usage,
        export_cases=export_cases,
        model=model,
        fmt=fmt,
        show_all=show_all,
        color=report_color(output_file),
        width=report_width(output_file),
        max_values=settings.max_values,
        max_folder_depth=settings.max_folder_depth,
        claude_code=chosen,
    )
    inputs = None
    server_failed = False
    live_asked = live is not None and (live.requested or live.only)
    if catalog or live_asked or settings.catalog:
        args = CatalogArgs(
            list(catalog or ()),
            config,
            claude_code.NAME,
            skip_non_catalogs,
            live,
            max_values=max_values,
            claude_code_version=claude_code_version,
        )
        loaded = load_catalog_inputs(args)
        inputs, server_failed = loaded.inputs, loaded.server_failed
    text, code = run_sessions(options, inputs)
    return text, max(code, ExitCode.ERROR) if server_failed else code
