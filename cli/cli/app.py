"""The ``toolsearch`` typer app: the group, the version option, and every command, registered
in the order ``--help`` lists them (one module of this package per command)."""

from __future__ import annotations

import copy
import gc
import sys
from typing import Annotated

import typer
from typer.main import get_command_name
from typer.models import CommandInfo

from toolsearch import __version__
from toolsearch.cli import (
    budget,
    eval,
    lint,
    probe,
    query,
    recommend,
    report,
    rule,
    rules,
    serve,
    sessions,
    snapshot,
)
from toolsearch.cli.group import ToolsearchCommand, ToolsearchGroup
from toolsearch.cli.options import live_sources

app = typer.Typer(
    cls=ToolsearchGroup,
    name="toolsearch",
    help=(
        "Lint, cost and preview Claude tool catalogs and MCP servers for Anthropic's tool "
        "search tool, offline."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"toolsearch {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Lint, cost and preview Claude tool catalogs for Anthropic's tool search tool."""


app.command(cls=ToolsearchCommand)(live_sources(budget.budget))
app.command(cls=ToolsearchCommand)(live_sources(lint.lint))
app.command("rules", cls=ToolsearchCommand)(rules.rules_command)
app.command("rule", cls=ToolsearchCommand)(rule.rule_command)
app.command(cls=ToolsearchCommand)(live_sources(query.query))
app.command(cls=ToolsearchCommand)(serve.serve)
app.command("eval", cls=ToolsearchCommand)(live_sources(eval.eval_command))
app.command(cls=ToolsearchCommand)(live_sources(recommend.recommend))
app.command()(live_sources(sessions.sessions))
app.command("report")(live_sources(report.report_command))
app.command(cls=ToolsearchCommand)(live_sources(snapshot.snapshot))
app.command(cls=ToolsearchCommand)(probe.probe)


def main() -> None:
    """Console-script entry point."""
    # A run is short and keeps what it loads to the end: the cycle collector's passes over a
    # large catalog cost 5-24% of the run and free next to nothing (peak memory unchanged).
    # Only here: the tests and the library call ``app`` with the collector on.
    gc.disable()
    app_for(sys.argv[1:2])()


def app_for(first: list[str]) -> typer.Typer:
    """The app with only the command the first argument names: click builds each command's
    options from its function when the group is made, and building the other commands cost every
    run about 8 ms. The whole app when it names none (help, version, an unknown command)."""
    named = [command for command in app.registered_commands if first and _name(command) == first[0]]
    if not named:
        return app
    only = copy.copy(app)
    only.registered_commands = named
    return only


def _name(command: CommandInfo) -> str | None:
    """The name typer gives a registered command."""
    if command.name is not None:
        return command.name
    return None if command.callback is None else get_command_name(command.callback.__name__)
