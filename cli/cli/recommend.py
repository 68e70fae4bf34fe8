"""``toolsearch recommend``'s command line: its options, handed to its command module."""

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
    OutputOpt,
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


def recommend(
    sources: Sources = None,
    config: ConfigOpt = None,
    max_values: MaxValuesOpt = None,
    target: TargetOpt = None,
    claude_code_version: ClaudeCodeVersionOpt = None,
    model: ModelOpt = None,
    output_format: Annotated[
        str | None,
        typer.Option("--format", "-f", metavar="FORMAT", help="text, json or markdown."),
    ] = None,
    usage: Annotated[
        list[str] | None,
        typer.Option(
            "--usage",
            metavar="PATH",
            help="Usage evidence: Claude Code transcripts, Messages API logs, or a name,count "
            "table (repeatable; files, directories or quoted globs); 'claude-code' reads your "
            "own transcripts (~/.claude/projects, $CLAUDE_CONFIG_DIR/projects).",
        ),
    ] = None,
    evaluate: Annotated[
        list[str] | None,
        typer.Option(
            "--evaluate",
            metavar="PATH",
            help="Score the choice against this usage (the formats of --usage; repeatable): the "
            "share of calls and runs the kept tools serve, against the best possible. It is "
            "never used to rank.",
        ),
    ] = None,
    keep: Annotated[
        int | None,
        typer.Option("--keep", metavar="N", help="Keep exactly N tools loaded per scope."),
    ] = None,
    pin: Annotated[
        list[str] | None,
        typer.Option(
            "--pin", metavar="TOOL", help="Keep this tool loaded (name or source/name; repeatable)."
        ),
    ] = None,
    max_upfront: Annotated[
        int | None,
        typer.Option(
            "--max-upfront", metavar="N", help="Keep each scope's upfront cost at most N tokens."
        ),
    ] = None,
    apply: Annotated[
        bool, typer.Option("--apply", help="Rewrite the request and tools files.")
    ] = False,
    diff: Annotated[
        bool, typer.Option("--diff", help="Show the change as a unified diff (writes nothing).")
    ] = False,
    search: Annotated[
        str | None,
        typer.Option(
            "--search", metavar="MODE", help="Search tool to add when none is there: bm25 or regex."
        ),
    ] = None,
    intents: Annotated[
        Path | None,
        typer.Option(
            "--intents",
            metavar="PATH",
            help="Eval cases whose queries are the typical intents (default: each tool's words).",
        ),
    ] = None,
    context_window: Annotated[
        int | None,
        typer.Option("--context-window", metavar="N", help="Context window size in tokens.", min=1),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="List every tool, not the top 40.")
    ] = False,
    claude_code_tool_search: ToolSearchOpt = None,
    platform: PlatformOpt = None,
    api_version: ApiVersionOpt = None,
    skip_non_catalogs: SkipOpt = False,
    output_file: OutputOpt = None,
    recursive: RecursiveOpt = False,
    live: LiveOptions | None = None,
) -> None:
    """Choose the 3-5 tools to keep loaded, say why, and apply it (--apply, --diff)."""
    run_catalog_command(
        "recommend",
        output_file,
        sources=sources,
        config=config,
        max_values=max_values,
        target=target,
        claude_code_version=claude_code_version,
        model=model,
        output_format=output_format,
        usage=usage,
        evaluate=evaluate,
        keep=keep,
        pin=pin,
        max_upfront=max_upfront,
        apply=apply,
        diff=diff,
        search=search,
        intents=intents,
        context_window=context_window,
        show_all=show_all,
        claude_code_tool_search=claude_code_tool_search,
        platform=platform,
        api_version=api_version,
        skip_non_catalogs=skip_non_catalogs,
        output_file=output_file,
        recursive=recursive,
        live=live,
    )
