"""``toolsearch eval``'s command line: its options, handed to ``toolsearch.commands.eval``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from toolsearch.cli.options import (
    AllToolsOpt,
    ClaudeCodeVersionOpt,
    ConfigOpt,
    MaxValuesOpt,
    ModelOpt,
    OutputOpt,
    PlatformOpt,
    RecursiveOpt,
    SkipOpt,
    TargetOpt,
)
from toolsearch.cli.running import run_catalog_command

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


def eval_command(
    arguments: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[CASES] [SOURCE]...",
            help="A cases file (JSONL, JSON or YAML), then catalog sources. With --self or "
            "--held-out, sources only.",
            show_default=False,
        ),
    ] = None,
    self_check: Annotated[
        bool,
        typer.Option("--self", help="No cases: search for each tool with its own words."),
    ] = False,
    held_out: Annotated[
        bool,
        typer.Option(
            "--held-out",
            help="No cases: search for each tool with its description while the index holds "
            "only names and arguments (a harder self-check; its MRR ranks search modes as "
            "labelled recall does).",
        ),
    ] = False,
    mode: Annotated[
        list[str] | None,
        typer.Option(
            "--mode",
            "-m",
            metavar="MODE",
            help="bm25, regex, claude-code, codex or hybrid (repeatable; default: each "
            "case's own).",
        ),
    ] = None,
    at: Annotated[
        int | None,
        typer.Option(
            "--at",
            metavar="N",
            help="The k of recall@k that --min-recall and misses use (default 5; Codex's 8).",
            min=1,
        ),
    ] = None,
    min_recall: Annotated[
        float | None,
        typer.Option(
            "--min-recall", metavar="X", help="Exit 1 when a mode's recall@k is below this (0-1)."
        ),
    ] = None,
    all_tools: AllToolsOpt = False,
    misses: Annotated[
        int,
        typer.Option("--misses", metavar="N", help="How many misses the text output shows.", min=0),
    ] = 20,
    output_format: Annotated[
        str | None,
        typer.Option("--format", "-f", metavar="FORMAT", help="text, json or markdown."),
    ] = None,
    config: ConfigOpt = None,
    max_values: MaxValuesOpt = None,
    target: TargetOpt = None,
    claude_code_version: ClaudeCodeVersionOpt = None,
    platform: PlatformOpt = None,
    model: ModelOpt = None,
    skip_non_catalogs: SkipOpt = False,
    output_file: OutputOpt = None,
    recursive: RecursiveOpt = False,
    live: LiveOptions | None = None,
) -> None:
    """Measure whether search finds the right tools: recall@k, hit@5, MRR and the misses."""
    run_catalog_command(
        "eval",
        output_file,
        arguments=arguments,
        self_check=self_check,
        held_out=held_out,
        mode=mode,
        at=at,
        min_recall=min_recall,
        all_tools=all_tools,
        misses=misses,
        output_format=output_format,
        config=config,
        max_values=max_values,
        target=target,
        claude_code_version=claude_code_version,
        platform=platform,
        model=model,
        skip_non_catalogs=skip_non_catalogs,
        output_file=output_file,
        recursive=recursive,
        live=live,
    )
