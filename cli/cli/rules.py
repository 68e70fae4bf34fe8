"""``toolsearch rules``'s command line: its options, handed to ``toolsearch.commands.rules``."""

from __future__ import annotations

from typing import Annotated

import typer

from toolsearch.cli.options import ConfigOpt, OutputOpt
from toolsearch.cli.running import run_command


def rules_command(
    config: ConfigOpt = None,
    output_format: Annotated[
        str | None, typer.Option("--format", "-f", metavar="FORMAT", help="text or json.")
    ] = None,
    output_file: OutputOpt = None,
) -> None:
    """List every lint rule with its level and what it finds."""
    run_command(
        "rules",
        output_file,
        config=config,
        output_format=output_format,
        output_file=output_file,
    )
