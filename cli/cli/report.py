"""``toolsearch report``'s command line: its options, handed to ``toolsearch.commands.report``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from toolsearch.cli.options import (
    ApiVersionOpt,
    ClaudeCodeVersionOpt,
    ConfigOpt,
    MaxValuesOpt,
    ModelOpt,
    PlatformOpt,
    RecursiveOpt,
    SkipOpt,
    Sources,
    TargetOpt,
    ToolSearchOpt,
)
from toolsearch.cli.running import run_catalog_command

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


def report_command(
    sources: Sources = None,
    output_file: Annotated[
        str | None,
        typer.Option(
            "--output-file",
            "-o",
            metavar="PATH",
            help="Write the HTML page here ('-' for stdout). Required.",
        ),
    ] = None,
    output_format: Annotated[
        str | None,
        typer.Option("--format", "-f", metavar="FORMAT", help="html (the only format)."),
    ] = None,
    config: ConfigOpt = None,
    max_values: MaxValuesOpt = None,
    target: TargetOpt = None,
    claude_code_version: ClaudeCodeVersionOpt = None,
    model: ModelOpt = None,
    mode: Annotated[
        str | None,
        typer.Option(
            "--mode",
            "-m",
            metavar="MODE",
            help="Search of the findability self-check: bm25, claude-code or codex (default: "
            "config search.mode, else the target's).",
        ),
    ] = None,
    usage: Annotated[
        list[str] | None,
        typer.Option(
            "--usage",
            metavar="PATH",
            help="Usage evidence for the recommendation, as recommend --usage (repeatable).",
        ),
    ] = None,
    baseline: Annotated[
        Path | None,
        typer.Option(
            "--baseline",
            metavar="PATH",
            help="Show what changed since a saved budget JSON or older catalog files.",
        ),
    ] = None,
    context_window: Annotated[
        int | None,
        typer.Option("--context-window", metavar="N", help="Context window size in tokens.", min=1),
    ] = None,
    claude_code_tool_search: ToolSearchOpt = None,
    platform: PlatformOpt = None,
    api_version: ApiVersionOpt = None,
    skip_non_catalogs: SkipOpt = False,
    recursive: RecursiveOpt = False,
    live: LiveOptions | None = None,
) -> None:
    """Write one self-contained HTML page: treemap, figures, recommendation, findings."""
    run_catalog_command(
        "report",
        None,
        sources=sources,
        output_file=output_file,
        output_format=output_format,
        config=config,
        max_values=max_values,
        target=target,
        claude_code_version=claude_code_version,
        model=model,
        mode=mode,
        usage=usage,
        baseline=baseline,
        context_window=context_window,
        claude_code_tool_search=claude_code_tool_search,
        platform=platform,
        api_version=api_version,
        skip_non_catalogs=skip_non_catalogs,
        recursive=recursive,
        live=live,
    )
