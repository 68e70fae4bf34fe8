"""``toolsearch lint``'s command line: its options, handed to ``toolsearch.commands.lint``."""

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
    rules_option,
)
from toolsearch.cli.running import run_catalog_command

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


def lint(
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
            help="text, concise, json, sarif, github, markdown or gitlab (default: github when "
            "GITHUB_ACTIONS=true, else text).",
        ),
    ] = None,
    select: Annotated[
        list[str] | None,
        rules_option(
            "--select",
            "Run only these rules: ids, globs ('*-tool-name'), levels (error, warning, info) or "
            "ALL (repeatable, comma-separated; replaces the config's select).",
        ),
    ] = None,
    extend_select: Annotated[
        list[str] | None,
        rules_option("--extend-select", "Run these rules as well as the selected ones."),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        rules_option(
            "--ignore", "Turn these rules off (the config's ignore: suppresses findings)."
        ),
    ] = None,
    fail_on: Annotated[
        str,
        typer.Option(
            "--fail-on", metavar="LEVEL", help="Exit 1 on findings at this level or above."
        ),
    ] = "error",
    skip_non_catalogs: SkipOpt = False,
    output_file: OutputOpt = None,
    recursive: RecursiveOpt = False,
    baseline: Annotated[
        Path | None,
        typer.Option(
            "--baseline",
            metavar="PATH",
            help="Fail only on findings not in this baseline file; list stale ones.",
        ),
    ] = None,
    update_baseline: Annotated[
        bool,
        typer.Option(
            "--update-baseline", help="Write the current findings to the --baseline file; exit 0."
        ),
    ] = False,
    statistics: Annotated[
        bool,
        typer.Option("--statistics", help="Count the findings per rule; mark what --fix fixes."),
    ] = False,
    exit_zero: Annotated[
        bool,
        typer.Option("--exit-zero", help="Exit 0 even with findings (2 still on errors)."),
    ] = False,
    quiet: Annotated[
        bool,
        typer.Option("--quiet", "-q", help="Print the findings only: no notes, no summary line."),
    ] = False,
    fix: Annotated[
        bool,
        typer.Option(
            "--fix",
            help="Apply the certain fixes (rules marked fixable in toolsearch rule ID), keeping "
            "the files' format, then report what is left.",
        ),
    ] = False,
    diff: Annotated[
        bool,
        typer.Option("--diff", help="Show the fixes as a unified diff; write nothing."),
    ] = False,
    unsafe_fixes: Annotated[
        bool,
        typer.Option(
            "--unsafe-fixes",
            help="With --fix or --diff: also the fixes that keep the instances a schema "
            "accepts but drop text the model reads (defaults the description states).",
        ),
    ] = False,
    show_settings: Annotated[
        bool,
        typer.Option(
            "--show-settings",
            help="Print the merged settings (flags, config, defaults), each with where it came "
            "from, and exit; no source is read.",
        ),
    ] = False,
    live: LiveOptions | None = None,
) -> None:
    """Find requests the API would reject and what makes tool search work badly."""
    run_catalog_command(
        "lint",
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
        select=select,
        extend_select=extend_select,
        ignore=ignore,
        fail_on=fail_on,
        skip_non_catalogs=skip_non_catalogs,
        output_file=output_file,
        recursive=recursive,
        baseline=baseline,
        update_baseline=update_baseline,
        statistics=statistics,
        exit_zero=exit_zero,
        quiet=quiet,
        fix=fix,
        diff=diff,
        unsafe_fixes=unsafe_fixes,
        show_settings=show_settings,
        live=live,
    )
