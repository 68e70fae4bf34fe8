"""The options several commands share, as typer annotations, and the live MCP server options
every command that reads sources takes (``live_sources``)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from toolsearch.hosts import DEFAULT_TARGET, TARGETS
from toolsearch.hosts.platforms import PLATFORM_NAMES

Sources = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="[SOURCE]...",
        help="Catalog files, '-' for stdin, directories, or NAME=PATH. "
        "Default: 'catalog' from the config.",
        show_default=False,
    ),
]
ConfigOpt = Annotated[
    Path | None,
    typer.Option("--config", metavar="PATH", help="Config file (default: found by walking up)."),
]
TargetOpt = Annotated[
    str | None,
    typer.Option(
        "--target",
        metavar="|".join(TARGETS),
        help=f"Whose deferral rules apply (default: {DEFAULT_TARGET}).",
    ),
]
ClaudeCodeVersionOpt = Annotated[
    str | None,
    typer.Option(
        "--claude-code-version",
        metavar="X.Y.Z",
        help="Under --target claude-code: the Claude Code version whose ToolSearch, cuts and "
        "deferral to preview (default: config claude-code.version, else the newest modelled).",
    ),
]
ModelOpt = Annotated[
    str | None,
    typer.Option(
        "--model",
        metavar="MODEL",
        help="Model id (default: request, config, claude-sonnet-4-5).",
    ),
]
ToolSearchOpt = Annotated[
    str | None,
    typer.Option(
        "--claude-code-tool-search",
        metavar="MODE",
        help="Under --target claude-code: Claude Code's tool-search mode, as ENABLE_TOOL_SEARCH "
        "(true, false, auto, auto:N; default: config claude-code.tool-search, else "
        "ENABLE_TOOL_SEARCH, else true).",
    ),
]
PlatformOpt = Annotated[
    str | None,
    typer.Option(
        "--platform",
        metavar="PLATFORM",
        help="Where Claude is served, for what it refuses: "
        + ", ".join(PLATFORM_NAMES)
        + " (default: config platform, else anthropic).",
    ),
]
ApiVersionOpt = Annotated[
    str | None,
    typer.Option(
        "--api-version",
        metavar="DATE",
        help="The anthropic-version requests are sent with, e.g. 2026-10-21 (default: config "
        "api-version).",
    ),
]
MaxValuesOpt = Annotated[
    int | None,
    typer.Option(
        "--max-values",
        metavar="N",
        min=1,
        help="Values (objects, arrays, scalars) one file read may hold: catalog, config, usage, "
        "cases, baseline or snapshot file, transcript line (default: config max-values, else "
        "one per 8 bytes of the file, at least 100,000).",
    ),
]
OutputOpt = Annotated[
    Path | None,
    typer.Option(
        "--output-file",
        "-o",
        metavar="PATH",
        help="Write the report to PATH (atomically, without colour) instead of stdout.",
        dir_okay=False,
    ),
]
SkipOpt = Annotated[
    bool,
    typer.Option("--skip-non-catalogs", help="Skip files that are not tool catalogs, with a note."),
]
RecursiveOpt = Annotated[
    bool,
    typer.Option(
        "--recursive",
        "-r",
        help="Read directories' subfolders too (hidden ones such as .git left out).",
    ),
]

# --- live MCP servers (issue 7): options every command that reads sources takes ---------------

LIVE_PANEL = "Live MCP servers"
McpConfigOpt = Annotated[
    list[Path] | None,
    typer.Option(
        "--mcp-config",
        metavar="PATH",
        help="An mcpServers config (Claude Code .mcp.json or ~/.claude.json, Claude Desktop, "
        "Cursor): start or connect to its servers (repeatable).",
        rich_help_panel=LIVE_PANEL,
        show_default=False,
    ),
]
OnlyOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--only",
        metavar="NAME",
        help="Read only this MCP server (repeatable).",
        rich_help_panel=LIVE_PANEL,
    ),
]
McpCommandOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--mcp-command",
        metavar='"[NAME=]CMD ARGS"',
        help="Start one stdio MCP server: '[NAME=]CMD ARGS' (repeatable; runs the command).",
        rich_help_panel=LIVE_PANEL,
    ),
]
McpUrlOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--mcp-url",
        metavar="[NAME=]URL",
        help="Connect to one streamable HTTP MCP server: [NAME=]URL (repeatable; network).",
        rich_help_panel=LIVE_PANEL,
    ),
]
McpTimeoutOpt = Annotated[
    float,
    typer.Option(
        "--mcp-timeout",
        metavar="SECONDS",
        help="Seconds each server gets to start and list its tools.",
        min=0.1,
        rich_help_panel=LIVE_PANEL,
    ),
]
KeepGoingOpt = Annotated[
    bool,
    typer.Option(
        "--keep-going",
        help="Go on without MCP servers that fail (the run still exits 2).",
        rich_help_panel=LIVE_PANEL,
    ),
]
_LIVE_PARAMETERS = (
    ("mcp_config", McpConfigOpt, None),
    ("only", OnlyOpt, None),
    ("mcp_command", McpCommandOpt, None),
    ("mcp_url", McpUrlOpt, None),
    ("mcp_timeout", McpTimeoutOpt, 30.0),
    ("keep_going", KeepGoingOpt, False),
)
C = TypeVar("C", bound=Callable[..., Any])


def live_sources(command: C) -> C:
    """Give a command the live MCP server options, handed to it as its ``live`` parameter."""
    signature = inspect.signature(command)
    namespace = command.__globals__
    own = [
        parameter.replace(annotation=eval(parameter.annotation, namespace))
        for name, parameter in signature.parameters.items()
        if name != "live"
    ]
    extra = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind)
        for name, kind, default in _LIVE_PARAMETERS
    ]

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        configs = tuple(kwargs.pop("mcp_config") or ())
        only = tuple(kwargs.pop("only") or ())
        commands = tuple(kwargs.pop("mcp_command") or ())
        urls = tuple(kwargs.pop("mcp_url") or ())
        timeout, keep_going = kwargs.pop("mcp_timeout"), kwargs.pop("keep_going")
        live = None  # no server asked for: the live-server code (sockets, processes) stays unloaded
        if configs or only or commands or urls:
            from toolsearch.servers.live import LiveOptions

            live = LiveOptions(configs, only, commands, urls, timeout, keep_going)
        return command(*args, live=live, **kwargs)

    parameters = [*own, *extra]
    wrapper.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in parameters}
    return wrapper  # type: ignore[return-value]


def rules_option(flag: str, text: str) -> Any:
    """A rule-selector option (ids, globs, levels, ALL; repeatable, comma-separated)."""
    return typer.Option(flag, metavar="RULES", help=text)


ModeOpt = Annotated[
    str | None,
    typer.Option(
        "--mode",
        "-m",
        metavar="MODE",
        help="bm25 (natural language, default), regex (re.search), claude-code, codex, or "
        "hybrid (bm25 fused with sentence embeddings: the semantic extra).",
    ),
]
AllToolsOpt = Annotated[
    bool,
    typer.Option("--all", help="Search every tool, not only the deferred ones."),
]
