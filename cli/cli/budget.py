"""``toolsearch budget``'s command line: its options, handed to ``toolsearch.commands.budget``."""

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


def budget(
    sources: Sources = None,
    config: ConfigOpt = None,
    max_values: MaxValuesOpt = None,
    target: TargetOpt = None,
    claude_code_version: ClaudeCodeVersionOpt = None,
    model: ModelOpt = None,
    claude_code_tool_search: ToolSearchOpt = None,
    platform: PlatformOpt = None,
    api_version: ApiVersionOpt = None,
    output_format: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help="text, json, markdown or github (default: github when GITHUB_ACTIONS=true, "
            "else text).",
        ),
    ] = None,
    context_window: Annotated[
        int | None,
        typer.Option("--context-window", metavar="N", help="Context window size in tokens.", min=1),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="List every tool, not the top 40.")
    ] = False,
    per_scope: Annotated[
        bool,
        typer.Option(
            "--per-scope", help="Text: each scope's tools and totals, not one summary of all."
        ),
    ] = False,
    max_upfront: Annotated[
        int | None,
        typer.Option(
            "--max-upfront",
            metavar="N",
            help="Exit 1 when a scope's upfront cost exceeds N.",
            min=0,
        ),
    ] = None,
    baseline: Annotated[
        Path | None,
        typer.Option(
            "--baseline",
            metavar="PATH",
            help="Compare with a saved budget JSON or older catalog files.",
        ),
    ] = None,
    max_increase: Annotated[
        int | None,
        typer.Option(
            "--max-increase",
            metavar="N",
            help="With --baseline: exit 1 when upfront grows by more than N.",
            min=0,
        ),
    ] = None,
    exact: Annotated[
        bool, typer.Option("--exact", help="Exact totals from Anthropic's count_tokens (network).")
    ] = False,
    exact_per_tool: Annotated[
        bool,
        typer.Option(
            "--exact-per-tool", help="With --exact: exact per-tool figures (leave one out)."
        ),
    ] = False,
    breakdown: Annotated[
        bool,
        typer.Option(
            "--breakdown",
            help="Each tool's cost by part (property names, descriptions, enums, $defs, ...) "
            "and what lint --fix saves upfront and per load.",
        ),
    ] = False,
    skip_non_catalogs: SkipOpt = False,
    output_file: OutputOpt = None,
    recursive: RecursiveOpt = False,
    live: LiveOptions | None = None,
) -> None:
    """Estimate the token cost of every tool, of what stays loaded and of what is deferred."""
    run_catalog_command(
        "budget",
        output_file,
        sources=sources,
        config=config,
        max_values=max_values,
        target=target,
        claude_code_version=claude_code_version,
        model=model,
        claude_code_tool_search=claude_code_tool_search,
        platform=platform,
        api_version=api_version,
        output_format=output_format,
        context_window=context_window,
        show_all=show_all,
        per_scope=per_scope,
        max_upfront=max_upfront,
        baseline=baseline,
        max_increase=max_increase,
        exact=exact,
        exact_per_tool=exact_per_tool,
        breakdown=breakdown,
        skip_non_catalogs=skip_non_catalogs,
        output_file=output_file,
        recursive=recursive,
        live=live,
    )
