"""``toolsearch sessions``'s command line: its options, handed to its command module."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from toolsearch.cli.options import ConfigOpt, MaxValuesOpt, ModelOpt, OutputOpt, SkipOpt
from toolsearch.cli.running import run_command

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


def sessions(
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[PATH...]",
            help="Transcripts: files, folders (their *.jsonl, subfolders too) or quoted globs. "
            "Default: ~/.claude/projects and $CLAUDE_CONFIG_DIR/projects.",
            show_default=False,
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            metavar="DATE",
            help="Only entries from this date on: 2026-11-01, an ISO 8601 time, or 7d (days back).",
        ),
    ] = None,
    project: Annotated[
        str | None,
        typer.Option(
            "--project",
            metavar="NAME",
            help="Only this project: its folder under projects/, or its directory's name or path.",
        ),
    ] = None,
    catalog: Annotated[
        list[str] | None,
        typer.Option(
            "--catalog",
            metavar="SOURCE",
            help="Catalog sources of your servers (repeatable; NAME=PATH names the server; "
            "default: 'catalog' from the config): tools never called, upfront cost, cases "
            "named source/name.",
        ),
    ] = None,
    keep: Annotated[
        int,
        typer.Option(
            "--keep", metavar="N", help="How many tools to propose keeping loaded.", min=1
        ),
    ] = 5,
    redact: Annotated[
        bool,
        typer.Option(
            "--redact", help="Show each ToolSearch query as a hash (the exports keep the text)."
        ),
    ] = False,
    export_usage: Annotated[
        Path | None,
        typer.Option(
            "--export-usage",
            metavar="FILE",
            help="Write a name,count,runs usage table for recommend --usage.",
        ),
    ] = None,
    export_cases: Annotated[
        Path | None,
        typer.Option(
            "--export-cases",
            metavar="FILE",
            help="Write eval cases (JSONL) from real searches followed by a call of a tool "
            "they returned.",
        ),
    ] = None,
    model: ModelOpt = None,
    output_format: Annotated[
        str | None,
        typer.Option("--format", "-f", metavar="FORMAT", help="text, json or markdown."),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="List every tool and query, not the top ones.")
    ] = False,
    config: ConfigOpt = None,
    max_values: MaxValuesOpt = None,
    skip_non_catalogs: SkipOpt = False,
    output_file: OutputOpt = None,
    live: LiveOptions | None = None,
    claude_code_version: Annotated[
        str | None,
        typer.Option(
            "--claude-code-version",
            metavar="X.Y.Z",
            help="Model every session at this Claude Code version (default: each transcript's "
            "version field).",
        ),
    ] = None,
) -> None:
    """Learn from your Claude Code sessions: tool calls, ToolSearch misses, unused tools."""
    run_command(
        "sessions",
        output_file,
        paths=paths,
        since=since,
        project=project,
        catalog=catalog,
        keep=keep,
        redact=redact,
        export_usage=export_usage,
        export_cases=export_cases,
        model=model,
        output_format=output_format,
        show_all=show_all,
        config=config,
        max_values=max_values,
        skip_non_catalogs=skip_non_catalogs,
        output_file=output_file,
        live=live,
        claude_code_version=claude_code_version,
    )
