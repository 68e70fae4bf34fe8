"""``toolsearch query``'s command line: its options, handed to ``toolsearch.commands.query``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from toolsearch.cli.options import (
    AllToolsOpt,
    ClaudeCodeVersionOpt,
    ConfigOpt,
    MaxValuesOpt,
    ModelOpt,
    ModeOpt,
    OutputOpt,
    PlatformOpt,
    RecursiveOpt,
    SkipOpt,
    Sources,
    TargetOpt,
)
from toolsearch.cli.running import run_catalog_command

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


def query(
    text: Annotated[
        str,
        typer.Argument(
            metavar="QUERY",
            help="Words (bm25; also 'select:a,b' and '+term'), or a Python regex (regex).",
        ),
    ],
    sources: Sources = None,
    config: ConfigOpt = None,
    max_values: MaxValuesOpt = None,
    target: TargetOpt = None,
    claude_code_version: ClaudeCodeVersionOpt = None,
    platform: PlatformOpt = None,
    mode: ModeOpt = None,
    model: ModelOpt = None,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            "-n",
            metavar="N",
            help="How many tools to return (default 5, as the API).",
            min=1,
        ),
    ] = None,
    all_tools: AllToolsOpt = False,
    output_format: Annotated[
        str | None,
        typer.Option("--format", "-f", metavar="FORMAT", help="text, json or tool-reference."),
    ] = None,
    explain: Annotated[
        str | None,
        typer.Option(
            "--explain",
            metavar="TOOL",
            help="Where TOOL ranks for the query in each mode, what matched, what is above it.",
        ),
    ] = None,
    skip_non_catalogs: SkipOpt = False,
    output_file: OutputOpt = None,
    recursive: RecursiveOpt = False,
    live: LiveOptions | None = None,
) -> None:
    """Preview what the tool search tool returns for a query, or where one tool ranks."""
    run_catalog_command(
        "query",
        output_file,
        text=text,
        sources=sources,
        config=config,
        max_values=max_values,
        target=target,
        claude_code_version=claude_code_version,
        platform=platform,
        mode=mode,
        model=model,
        limit=limit,
        all_tools=all_tools,
        output_format=output_format,
        explain=explain,
        skip_non_catalogs=skip_non_catalogs,
        output_file=output_file,
        recursive=recursive,
        live=live,
    )
