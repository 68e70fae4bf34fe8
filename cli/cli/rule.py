"""``toolsearch rule``'s command line: its options, handed to ``toolsearch.commands.rule``."""

from __future__ import annotations

from typing import Annotated

import typer

from toolsearch.cli.options import ConfigOpt, OutputOpt
from toolsearch.cli.running import run_command


def rule_command(
    rule_id: Annotated[
        str, typer.Argument(metavar="RULE_ID", help="A rule id, e.g. all-deferred.")
    ],
    config: ConfigOpt = None,
    output_file: OutputOpt = None,
    output_format: Annotated[
        str | None, typer.Option("--format", "-f", metavar="FORMAT", help="text or markdown.")
    ] = None,
) -> None:
    """Print one rule's documentation."""
    run_command(
        "rule",
        output_file,
        rule_id=rule_id,
        config=config,
        output_file=output_file,
        output_format=output_format,
    )
