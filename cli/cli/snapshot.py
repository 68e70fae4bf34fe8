"""``toolsearch snapshot``'s command line: its options, handed to its command module."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from toolsearch.cli.options import ConfigOpt, MaxValuesOpt, OutputOpt
from toolsearch.cli.running import run_command

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


def snapshot(
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write DIR/<server>.json for every server.", metavar="DIR"),
    ] = None,
    check: Annotated[
        Path | None,
        typer.Option(
            "--check", help="Compare live servers with DIR; exit 1 on any change.", metavar="DIR"
        ),
    ] = None,
    config: ConfigOpt = None,
    max_values: MaxValuesOpt = None,
    output_format: Annotated[
        str | None, typer.Option("--format", "-f", metavar="FORMAT", help="text or json.")
    ] = None,
    output_file: OutputOpt = None,
    live: LiveOptions | None = None,
) -> None:
    """Save live MCP servers' tools/list results, or check them against saved ones (drift)."""
    run_command(
        "snapshot",
        output_file,
        out=out,
        check=check,
        config=config,
        max_values=max_values,
        output_format=output_format,
        output_file=output_file,
        live=live,
    )
