"""The command-line interface: the only module that imports typer."""

from __future__ import annotations

import functools
import gc
import importlib
import inspect
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer
from typer.core import TyperCommand, TyperGroup

from toolsearch import __version__
from toolsearch.errors import ExitCode, InputError, ServerError, ToolsearchError, UsageError
from toolsearch.stdout import discard_stdout

if TYPE_CHECKING:
    from toolsearch.catalog.inputs import Inputs
    from toolsearch.config import Config
    from toolsearch.servers.live import LiveOptions, LiveResult
    from toolsearch.servers.mcp_config import ServerSpec

REPORT_URL = "https://github.com/toolsearch/toolsearch/issues"

Opts = TypeVar("Opts")


# --- one CLI (issue 19): usage lines, help and option errors in toolsearch's own words ---------

# The click that typer runs on: its own copy (typer 0.28) or the click package (older typers).
_CLICK = TyperCommand.__mro__[1].__module__.rpartition(".")[0]
_errors: Any = importlib.import_module(f"{_CLICK}.exceptions")
_types: Any = importlib.import_module(f"{_CLICK}.types")


class OwnUsageError(_errors.UsageError):  # type: ignore[misc]
    """A usage error whose message toolsearch wrote (printed as it is)."""


class ToolsearchCommand(TyperCommand):
    """A command whose usage line names arguments alike (``QUERY [SOURCE]...``) and whose stray
    arguments are refused in toolsearch's words."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        return [piece.replace("{", "").replace("}", "") for piece in pieces]

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.allow_extra_args = True  # left-over arguments land in ctx.args, refused here
        rest: list[str] = super().parse_args(ctx, args)
        if ctx.args and not ctx.resilient_parsing:
            raise OwnUsageError(
                f"unexpected argument {ctx.args[0]!r}: {ctx.command_path} takes no more arguments",
                ctx,
            )
        return rest


class ToolsearchGroup(TyperGroup):
    """The ``toolsearch`` group: whole one-line descriptions in ``--help``, and every error of
    option parsing as one ``toolsearch: error:`` line with exit code 2."""

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, (command.help or "").strip().split("\n")[0]))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            from toolsearch.config import suggest

            known = self.list_commands(ctx)
            raise OwnUsageError(
                f"no command {name!r}{suggest(name, known)}; the commands are {', '.join(known)}",
                ctx,
            )
        return super().resolve_command(ctx, args)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if not kwargs.pop("standalone_mode", True):
            return super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[misc]
        argv = list(args[0] if args else kwargs.get("args") or sys.argv[1:])
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[misc]
        except _errors.NoArgsIsHelpError as error:
            error.show()  # the help itself, as with no arguments before
            sys.exit(error.exit_code)
        except _errors.ClickException as error:
            try:
                message = option_error(error, argv, self._params_of(argv))
            except Exception:  # never a traceback for a usage error: click's words instead
                message = " ".join(str(error.format_message()).split())
            sys.stderr.write(f"toolsearch: error: {message}\n")
            sys.exit(ExitCode.ERROR)
        except typer.Abort:
            sys.stderr.write("toolsearch: interrupted\n")
            sys.exit(ExitCode.INTERRUPTED)
        sys.exit(code if isinstance(code, int) else 0)

    def _params_of(self, argv: list[str]) -> list[Any]:
        """The parameters of the command the arguments name (for errors that carry no context)."""
        command = self.commands.get(argv[0]) if argv else None
        return list(command.params) if command is not None else []


def option_error(error: Any, argv: list[str], params: list[Any]) -> str:
    """A parsing error in toolsearch's words, naming the option, the value and where help is."""
    from toolsearch.sanitize import one_line

    ctx = getattr(error, "ctx", None)
    where = f"; see '{ctx.command_path} --help'" if ctx is not None else ""
    if isinstance(error, OwnUsageError):
        message = error.message
    elif isinstance(error, _errors.NoSuchOption):
        message = f"no such option: {error.option_name}"
        if error.possibilities:
            message += f" (did you mean {', '.join(sorted(error.possibilities))}?)"
    elif isinstance(error, _errors.BadOptionUsage):
        option = _find_option(ctx.command.params if ctx is not None else params, error.option_name)
        needs = "takes no value" if option is not None and option.is_flag else "needs a value"
        message = f"{error.option_name} {needs}"
    elif isinstance(error, _errors.MissingParameter) and error.param is not None:
        message = f"missing {_param_label(error.param)}"
    elif isinstance(error, _errors.BadParameter) and error.param is not None:
        message = _bad_value(error.param, ctx, argv)
    else:  # nothing toolsearch knows how to say better: click's own words, on one line
        message = error.format_message()
    return one_line(str(message)) + where


def _find_option(params: list[Any], name: str) -> Any:
    for param in params:
        if _is_option(param) and name in (*param.opts, *param.secondary_opts):
            return param
    return None


def _is_option(param: Any) -> bool:
    return getattr(param, "param_type_name", None) == "option"


def _param_label(param: Any, argv: Sequence[str] = ()) -> str:
    """An option as the user wrote it (``-n`` or ``--limit``), else its long name; an argument
    by its metavar (``QUERY``)."""
    if _is_option(param):
        names = [*param.opts, *param.secondary_opts]
        used = [n for n in names if any(w == n or w.startswith(n + "=") for w in argv)]
        return str(used[0] if used else max(names, key=len, default=param.name))
    return str(param.metavar or param.name).upper().strip("[].")


def _expects(kind: Any) -> str:
    """What a parameter type takes, in words."""
    if isinstance(kind, _types.IntRange | _types.FloatRange):
        noun = "a whole number" if isinstance(kind, _types.IntRange) else "a number"
        if kind.min is not None and kind.max is not None:
            return f"{noun} from {kind.min:,} to {kind.max:,}"
        if kind.min is not None:
            return f"{noun} of {kind.min:,} or more"
        if kind.max is not None:
            return f"{noun} of {kind.max:,} or less"
        return noun
    if isinstance(kind, _types.IntParamType):
        return "a whole number"
    if isinstance(kind, _types.FloatParamType):
        return "a number"
    if isinstance(kind, _types.Choice):
        return "one of " + ", ".join(str(c) for c in kind.choices)
    return f"a valid {kind.name}"


def _bad_value(param: Any, ctx: Any, argv: list[str]) -> str:
    """``--max-upfront: 'abc' is not a whole number of 0 or more``: the value found again in
    the arguments (the one the parameter's type refuses)."""
    label = _param_label(param, argv)
    expects = _expects(param.type)
    for value in _given_values(param, argv):
        try:
            param.type.convert(value, param, ctx)
        except _errors.BadParameter:
            return f"{label}: {value!r} is not {expects}"
    return f"{label} takes {expects}"


def _given_values(param: Any, argv: list[str]) -> list[str]:
    """The values given on the command line for an option (``--opt V`` or ``--opt=V``)."""
    if not _is_option(param):
        return []
    names = (*param.opts, *param.secondary_opts)
    values = []
    for index, word in enumerate(argv):
        if word in names and index + 1 < len(argv):
            values.append(argv[index + 1])
        elif "=" in word and word.split("=", 1)[0] in names:
            values.append(word.split("=", 1)[1])
    return values


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
        "--target", metavar="api|claude-code", help="Whose deferral rules apply (default: api)."
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
        from toolsearch.servers.live import LiveOptions

        live = LiveOptions(
            configs=tuple(kwargs.pop("mcp_config") or ()),
            only=tuple(kwargs.pop("only") or ()),
            commands=tuple(kwargs.pop("mcp_command") or ()),
            urls=tuple(kwargs.pop("mcp_url") or ()),
            timeout=kwargs.pop("mcp_timeout"),
            keep_going=kwargs.pop("keep_going"),
        )
        return command(*args, live=live, **kwargs)

    parameters = [*own, *extra]
    wrapper.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in parameters}
    return wrapper  # type: ignore[return-value]


def read_live(options: LiveOptions, max_size: int) -> LiveResult:
    """Read the live servers, saying on stderr what is started and what failed."""
    from toolsearch.sanitize import one_line
    from toolsearch.servers.live import describe_start, load_live

    def announce(spec: ServerSpec) -> None:
        sys.stderr.write(f"toolsearch: {one_line(describe_start(spec))}\n")
        sys.stderr.flush()

    def report(failure: str) -> None:
        sys.stderr.write(f"toolsearch: error: {one_line(failure)}\n")

    return load_live(options, announce, max_size, report)


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


def fail(message: str, code: int = ExitCode.ERROR) -> NoReturn:
    """Print one error line to stderr and exit."""
    from toolsearch.sanitize import one_line

    sys.stderr.write(f"toolsearch: error: {one_line(message)}\n")
    raise typer.Exit(code)


def run_command(body: Callable[[], tuple[str, int]], output: Path | None = None) -> NoReturn:
    """The one way a command runs: its body returns the report and the exit code; the report
    goes to stdout (or atomically to ``output``), and an error becomes one line on stderr and
    its exit code."""
    try:
        text, code = body()
        if output is None:
            write(text)
        else:
            write_report_file(output, text)
    except ToolsearchError as error:
        fail(str(error), error.exit_code)
    except typer.Exit:
        raise
    except KeyboardInterrupt:
        sys.stderr.write("toolsearch: interrupted\n")
        raise typer.Exit(ExitCode.INTERRUPTED) from None
    except Exception as error:  # the last line of defence: never a traceback
        sys.stderr.write(
            f"toolsearch: internal error: {type(error).__name__}: {error}\n"
            f"toolsearch: this is a bug; please report it at {REPORT_URL} with the command "
            "you ran and, if you can, the input (set TOOLSEARCH_DEBUG=1 for a traceback)\n"
        )
        if os.environ.get("TOOLSEARCH_DEBUG"):
            import traceback

            traceback.print_exc()
        raise typer.Exit(ExitCode.BUG) from None
    raise typer.Exit(code)


def run_catalog_command(
    prepare: Callable[[], tuple[Opts, CatalogArgs]],
    execute: Callable[[Inputs, Config, Opts], tuple[str, int]],
    output: Path | None = None,
) -> NoReturn:
    """Run a command over catalog sources: ``prepare`` checks the options before anything is
    read, the sources (and live servers) are loaded, ``execute`` makes the report."""

    def body() -> tuple[str, int]:
        options, args = prepare()
        loaded = load_catalog_inputs(args)
        text, code = execute(loaded.inputs, loaded.config, options)
        if loaded.server_failed:  # --keep-going went on without a server: still exit 2
            code = max(code, ExitCode.ERROR)
        return text, code

    run_command(body, output)


def write_report_file(path: Path, text: str) -> None:
    """``-o PATH``: the report written atomically (a failed write leaves the old file);
    ``-o -`` and ``-o /dev/stdout`` are standard output, without colour."""
    if str(path) in ("-", "/dev/stdout"):
        write(text)
        return
    from toolsearch.atomic import write_text_atomic

    try:
        write_text_atomic(path, text if text.endswith("\n") or not text else text + "\n")
    except OSError as error:
        raise UsageError(
            f"{path}: cannot write the report: {error.strerror or error}; nothing was written"
        ) from None


def write(text: str) -> None:
    """Write a report to stdout; a reader that went away (``| head``) ends the run quietly,
    and a stdout that cannot take it (``> /dev/full``, closed) is an error line."""
    if sys.stdout is None:
        raise InputError("standard output is closed: no report can be written")
    try:
        sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        discard_stdout()
    except OSError as error:
        discard_stdout()
        reason = error.strerror or type(error).__name__
        raise InputError(f"cannot write to standard output: {reason}") from None


def _stdout_is_terminal() -> bool:
    return sys.stdout is not None and sys.stdout.isatty()


def use_color(environ: Mapping[str, str] = os.environ) -> bool:
    """Colour on a terminal. ``NO_COLOR`` set and not empty turns it off (no-color.org);
    ``FORCE_COLOR`` set and not empty turns it on, through a pipe too (force-color.org); with
    both, ``NO_COLOR`` wins, as in rich and pytest."""
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    return _stdout_is_terminal()


def terminal_width() -> int | None:
    if not _stdout_is_terminal():
        return None
    try:
        return os.get_terminal_size().columns
    except OSError:
        return None


def report_color(output: Path | None) -> bool:
    """Colour for a report: never in a report file (``-o``)."""
    return output is None and use_color()


def report_width(output: Path | None) -> int | None:
    """The width a report may use: none (no wrapping) in a report file (``-o``)."""
    return None if output is not None else terminal_width()


WRAP_WIDTH = 100  # reports that wrap (recommend) when no terminal says its width


def wrap_width(output: Path | None = None) -> int:
    """The width to wrap a report to: the terminal's (stdout, unless the report goes to a file),
    else ``COLUMNS``, else the terminal's that stderr writes to (output piped into a pager, or
    a report file the user reads there), else 100."""
    width = report_width(output)
    if width:
        return width
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        if sys.stderr.isatty():
            return os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError):
        pass
    return WRAP_WIDTH


def choose(value: str | None, choices: Iterable[str], option: str) -> str | None:
    """Validate a choice option, suggesting the closest valid value."""
    allowed = tuple(choices)
    if value is None or value in allowed:
        return value
    from toolsearch.config import suggest

    raise UsageError(
        f"{option} must be one of {', '.join(allowed)}, not {value!r}{suggest(value, allowed)}"
    )


def checked_tool_search(value: str | None) -> None:
    """Refuse a --claude-code-tool-search value Claude Code would not read (exit 2)."""
    if value is not None:
        from toolsearch.catalog.tool_search_mode import parse_mode

        parse_mode(value, "--claude-code-tool-search")


def load_checked_config(path: Path | None) -> Config:
    """The config, with its ``rules`` section checked (every command refuses a bad one alike)."""
    from toolsearch.config import load_config

    config = load_config(path)
    if config.rules:
        from toolsearch.lint.rule_settings import settings

        settings(config)
    return config


@dataclass(frozen=True)
class CatalogArgs:
    """What every catalog command is given: sources, config, target and live servers."""

    sources: list[str] | None
    config: Path | None
    target: str | None
    skip_non_catalogs: bool = False
    live: LiveOptions | None = None
    recursive: bool = False


@dataclass(frozen=True)
class Loaded:
    """A run's config and inputs; ``server_failed`` when --keep-going went on without one."""

    config: Config
    inputs: Inputs
    server_failed: bool = False


def load_catalog_inputs(args: CatalogArgs) -> Loaded:
    """Load the config and the inputs every catalog command reads, live MCP servers included."""
    from dataclasses import replace

    from toolsearch.catalog.inputs import load_inputs
    from toolsearch.config import TARGETS

    config = load_checked_config(args.config)
    chosen: Any = choose(args.target, TARGETS, "--target") or config.target or "api"
    sources = list(args.sources or [])
    live = args.live
    if live is None or not (live.requested or live.only):
        inputs = load_inputs(
            sources, config, chosen, args.skip_non_catalogs, recursive=args.recursive
        )
        return Loaded(config, inputs)
    result = read_live(live, config.max_file_size)
    if not result.servers and not sources:
        raise ServerError("no MCP server answered; nothing to report")
    inputs = load_inputs(
        sources,
        config,
        chosen,
        args.skip_non_catalogs,
        extra_documents=result.documents,
        always_load=result.always_load,
        recursive=args.recursive,
    )
    inputs = replace(inputs, notes=(*inputs.notes, *result.notes))
    return Loaded(config, inputs, bool(result.failures))


@app.command(cls=ToolsearchCommand)
@live_sources
def budget(
    sources: Sources = None,
    config: ConfigOpt = None,
    target: TargetOpt = None,
    model: ModelOpt = None,
    claude_code_tool_search: ToolSearchOpt = None,
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
    skip_non_catalogs: SkipOpt = False,
    output_file: OutputOpt = None,
    recursive: RecursiveOpt = False,
    live: LiveOptions | None = None,
) -> None:
    """Estimate the token cost of every tool, of what stays loaded and of what is deferred."""
    from toolsearch.commands.budget import BUDGET_FORMATS, run_budget
    from toolsearch.cost.budget_run import BudgetOptions

    def prepare() -> tuple[BudgetOptions, CatalogArgs]:
        from toolsearch import ci

        fmt = choose(output_format, BUDGET_FORMATS, "--format")
        fmt = fmt or ci.default_format(os.environ) or "text"
        checked_tool_search(claude_code_tool_search)
        options = BudgetOptions(
            model=model,
            context_window=context_window,
            claude_code_tool_search=claude_code_tool_search,
            fmt=fmt,
            show_all=show_all,
            per_scope=per_scope,
            max_upfront=max_upfront,
            baseline=baseline,
            max_increase=max_increase,
            exact=exact or exact_per_tool,
            exact_per_tool=exact_per_tool,
            color=report_color(output_file),
            width=report_width(output_file),
            step_summary=ci.step_summary_path(os.environ),
            root=ci.repo_root(os.environ),
        )
        return options, CatalogArgs(sources, config, target, skip_non_catalogs, live, recursive)

    run_catalog_command(prepare, run_budget, output_file)


# --- lint ---------------------------------------------------------------------------------


def rules_option(flag: str, text: str) -> Any:
    """A rule-selector option (ids, globs, levels, ALL; repeatable, comma-separated)."""
    return typer.Option(flag, metavar="RULES", help=text)


@app.command(cls=ToolsearchCommand)
@live_sources
def lint(
    sources: Sources = None,
    config: ConfigOpt = None,
    target: TargetOpt = None,
    model: ModelOpt = None,
    claude_code_tool_search: ToolSearchOpt = None,
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
    from toolsearch.commands.lint import LINT_FORMATS, run_lint
    from toolsearch.lint.lint_run import STATISTICS_FORMATS, LintOptions

    def prepare() -> tuple[LintOptions, CatalogArgs]:
        from toolsearch import ci

        fmt = choose(output_format, LINT_FORMATS, "--format")
        fmt = fmt or (None if statistics else ci.default_format(os.environ)) or "text"
        if (fix or diff) and update_baseline:
            raise UsageError("--fix and --diff do not go with --update-baseline: run them apart")
        if statistics and fmt not in STATISTICS_FORMATS:
            raise UsageError(
                f"--statistics prints a table for people: use it with --format text or concise, "
                f"not {fmt} (--format markdown has a count per rule too)"
            )
        choose(fail_on, ("error", "warning", "info"), "--fail-on")
        checked_tool_search(claude_code_tool_search)
        options = LintOptions(
            fmt=fmt,
            select=tuple(select or ()),
            ignore=tuple(ignore or ()),
            extend_select=tuple(extend_select or ()),
            fail_on=fail_on,
            model=model,
            claude_code_tool_search=claude_code_tool_search,
            color=report_color(output_file),
            width=report_width(output_file),
            baseline=baseline,
            update_baseline=update_baseline,
            step_summary=ci.step_summary_path(os.environ),
            root=ci.repo_root(os.environ),
            quiet=quiet,
            exit_zero=exit_zero,
            statistics=statistics,
            fix=fix,
            diff=diff,
        )
        return options, CatalogArgs(sources, config, target, skip_non_catalogs, live, recursive)

    if show_settings:

        def settings_body() -> tuple[str, int]:
            from toolsearch.lint.show_settings import show_settings as merged
            from toolsearch.report.lint_settings import render

            options, args = prepare()
            chosen = choose(target, ("api", "claude-code"), "--target")
            loaded = load_checked_config(args.config)
            found = merged(loaded, options, chosen, output_format is not None, os.environ)
            return render(found), ExitCode.OK

        run_command(settings_body, output_file)
    run_catalog_command(prepare, run_lint, output_file)


@app.command("rules", cls=ToolsearchCommand)
def rules_command(
    config: ConfigOpt = None,
    output_format: Annotated[
        str | None, typer.Option("--format", "-f", metavar="FORMAT", help="text or json.")
    ] = None,
    output_file: OutputOpt = None,
) -> None:
    """List every lint rule with its level and what it finds."""

    def body() -> tuple[str, int]:
        from toolsearch.commands.rules import RULES_FORMATS, run_rules

        fmt = choose(output_format, RULES_FORMATS, "--format") or "text"
        text = run_rules(
            load_checked_config(config), fmt, report_color(output_file), report_width(output_file)
        )
        return text, ExitCode.OK

    run_command(body, output_file)


@app.command("rule", cls=ToolsearchCommand)
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

    def body() -> tuple[str, int]:
        from toolsearch.lint.rule_settings import rule_by_id, settings

        fmt = choose(output_format, ("text", "markdown"), "--format") or "text"
        rule = rule_by_id(rule_id)
        chosen = settings(load_checked_config(config))[rule.ID]
        if fmt == "markdown":
            from toolsearch.report.rule_markdown import render_doc_markdown

            return render_doc_markdown(rule, chosen), ExitCode.OK
        from toolsearch.report.rule_doc import render_doc

        return render_doc(
            rule, chosen, report_color(output_file), report_width(output_file)
        ), ExitCode.OK

    run_command(body, output_file)


# --- query / eval (issue 4) ------------------------------------------------------------------


ModeOpt = Annotated[
    str | None,
    typer.Option(
        "--mode",
        "-m",
        metavar="MODE",
        help="bm25 (natural language, default), regex (re.search), claude-code, or hybrid "
        "(bm25 fused with sentence embeddings: the semantic extra).",
    ),
]
AllToolsOpt = Annotated[
    bool,
    typer.Option("--all", help="Search every tool, not only the deferred ones."),
]


@app.command(cls=ToolsearchCommand)
@live_sources
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
    target: TargetOpt = None,
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
    from toolsearch.commands.query import QUERY_FORMATS, run_query
    from toolsearch.retrieval.query_run import QueryOptions

    def prepare() -> tuple[QueryOptions, CatalogArgs]:
        from toolsearch.retrieval.modes import MODES

        fmt = choose(output_format, QUERY_FORMATS, "--format") or "text"
        choose(mode, MODES, "--mode")
        options = QueryOptions(
            query=text,
            mode=mode,
            limit=limit,
            all_tools=all_tools,
            model=model,
            fmt=fmt,
            color=report_color(output_file),
            width=report_width(output_file),
            explain=explain,
        )
        return options, CatalogArgs(sources, config, target, skip_non_catalogs, live, recursive)

    run_catalog_command(prepare, run_query, output_file)


@app.command(cls=ToolsearchCommand)
def serve(
    sources: Sources = None,
    config: ConfigOpt = None,
    target: TargetOpt = None,
    mode: ModeOpt = None,
    skip_non_catalogs: SkipOpt = False,
    recursive: RecursiveOpt = False,
) -> None:
    """Serve the catalogs' search as an MCP server over stdio: one tool, search_tools."""
    from toolsearch.commands.serve import ServeOptions, run_serve

    def prepare() -> tuple[ServeOptions, CatalogArgs]:
        from toolsearch.retrieval.modes import MODES

        choose(mode, MODES, "--mode")
        args = CatalogArgs(sources, config, target, skip_non_catalogs, recursive=recursive)
        return ServeOptions(mode), args

    run_catalog_command(prepare, run_serve)


@app.command("eval", cls=ToolsearchCommand)
@live_sources
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
            help="bm25, regex, claude-code or hybrid (repeatable; default: each case's own).",
        ),
    ] = None,
    at: Annotated[
        int,
        typer.Option(
            "--at", metavar="N", help="The k of recall@k that --min-recall and misses use.", min=1
        ),
    ] = 5,
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
    target: TargetOpt = None,
    model: ModelOpt = None,
    skip_non_catalogs: SkipOpt = False,
    output_file: OutputOpt = None,
    recursive: RecursiveOpt = False,
    live: LiveOptions | None = None,
) -> None:
    """Measure whether search finds the right tools: recall@k, hit@5, MRR and the misses."""
    from toolsearch.commands.eval import EVAL_FORMATS, run_eval
    from toolsearch.retrieval.eval_run import EvalOptions

    def prepare() -> tuple[EvalOptions, CatalogArgs]:
        from toolsearch.retrieval.modes import MODES

        fmt = choose(output_format, EVAL_FORMATS, "--format") or "text"
        for item in mode or []:
            choose(item, MODES, "--mode")
        args = list(arguments or [])
        cases = None
        if not (self_check or held_out):
            if not args:
                raise UsageError(
                    "eval needs a CASES file (or --self or --held-out to check each tool)"
                )
            cases = Path(args.pop(0))
            from toolsearch.retrieval.cases import looks_like_catalog

            if cases.is_file() and looks_like_catalog(cases):
                raise UsageError(
                    f"{cases} is a tool catalog, not a cases file: give the cases first "
                    f"(toolsearch eval CASES SOURCE...), or search each tool with its own words: "
                    f"toolsearch eval --self {' '.join([str(cases), *args])}"
                )
        options = EvalOptions(
            cases=cases,
            self_check=self_check,
            held_out=held_out,
            modes=tuple(dict.fromkeys(mode or ())),
            at=at,
            min_recall=min_recall,
            all_tools=all_tools,
            model=model,
            fmt=fmt,
            misses_shown=misses,
            color=report_color(output_file),
            width=report_width(output_file),
        )
        return options, CatalogArgs(args, config, target, skip_non_catalogs, live, recursive)

    run_catalog_command(prepare, run_eval, output_file)


# --- recommend (issue 5) ---------------------------------------------------------------------


@app.command(cls=ToolsearchCommand)
@live_sources
def recommend(
    sources: Sources = None,
    config: ConfigOpt = None,
    target: TargetOpt = None,
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
    skip_non_catalogs: SkipOpt = False,
    output_file: OutputOpt = None,
    recursive: RecursiveOpt = False,
    live: LiveOptions | None = None,
) -> None:
    """Choose the 3-5 tools to keep loaded, say why, and apply it (--apply, --diff)."""
    from toolsearch.commands.recommend import RECOMMEND_FORMATS, run_recommend
    from toolsearch.recommend.recommend_run import RecommendOptions, check_sources

    def prepare() -> tuple[RecommendOptions, CatalogArgs]:
        fmt = choose(output_format, RECOMMEND_FORMATS, "--format") or "text"
        mode = choose(search, ("bm25", "regex"), "--search")
        check_sources(sources)
        checked_tool_search(claude_code_tool_search)
        options = RecommendOptions(
            fmt=fmt,
            usage=tuple(usage or ()),
            evaluate=tuple(evaluate or ()),
            keep=keep,
            pins=tuple(pin or ()),
            max_upfront=max_upfront,
            model=model,
            context_window=context_window,
            search=mode,
            intents=intents,
            apply=apply,
            diff=diff,
            show_all=show_all,
            claude_code_tool_search=claude_code_tool_search,
            color=report_color(output_file),
            width=wrap_width(output_file),
        )
        return options, CatalogArgs(sources, config, target, skip_non_catalogs, live, recursive)

    run_catalog_command(prepare, run_recommend, output_file)


# --- sessions (issue 16) ---------------------------------------------------------------------


@app.command()
@live_sources
def sessions(
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[PATH...]",
            help="Transcripts: files, folders (their *.jsonl, subfolders too) or quoted globs. "
            "Default: ~/.claude/projects and $CLAUDE_CONFIG_DIR/projects.",
            show_default=False,
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            metavar="DATE",
            help="Only entries from this date on: 2026-11-01, an ISO 8601 time, or 7d (days back).",
        ),
    ] = None,
    project: Annotated[
        str | None,
        typer.Option(
            "--project",
            metavar="NAME",
            help="Only this project: its folder under projects/, or its directory's name or path.",
        ),
    ] = None,
    catalog: Annotated[
        list[str] | None,
        typer.Option(
            "--catalog",
            metavar="SOURCE",
            help="Catalog sources of your servers (repeatable; NAME=PATH names the server; "
            "default: 'catalog' from the config): tools never called, upfront cost, cases "
            "named source/name.",
        ),
    ] = None,
    keep: Annotated[
        int,
        typer.Option(
            "--keep", metavar="N", help="How many tools to propose keeping loaded.", min=1
        ),
    ] = 5,
    redact: Annotated[
        bool,
        typer.Option(
            "--redact", help="Show each ToolSearch query as a hash (the exports keep the text)."
        ),
    ] = False,
    export_usage: Annotated[
        Path | None,
        typer.Option(
            "--export-usage",
            metavar="FILE",
            help="Write a name,count,runs usage table for recommend --usage.",
        ),
    ] = None,
    export_cases: Annotated[
        Path | None,
        typer.Option(
            "--export-cases",
            metavar="FILE",
            help="Write eval cases (JSONL) from real searches followed by a call of a tool "
            "they returned.",
        ),
    ] = None,
    model: ModelOpt = None,
    output_format: Annotated[
        str | None,
        typer.Option("--format", "-f", metavar="FORMAT", help="text, json or markdown."),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="List every tool and query, not the top ones.")
    ] = False,
    config: ConfigOpt = None,
    skip_non_catalogs: SkipOpt = False,
    output_file: OutputOpt = None,
    live: LiveOptions | None = None,
) -> None:
    """Learn from your Claude Code sessions: tool calls, ToolSearch misses, unused tools."""

    def body() -> tuple[str, int]:
        from datetime import UTC, datetime

        from toolsearch.commands.sessions import SESSIONS_FORMATS, run_sessions
        from toolsearch.sessions.sessions_run import SessionsOptions, parse_since

        fmt = choose(output_format, SESSIONS_FORMATS, "--format") or "text"
        options = SessionsOptions(
            paths=tuple(paths or ()),
            since=parse_since(since, datetime.now(UTC)) if since is not None else None,
            project=project,
            keep=keep,
            redact=redact,
            export_usage=export_usage,
            export_cases=export_cases,
            model=model,
            fmt=fmt,
            show_all=show_all,
            color=report_color(output_file),
            width=report_width(output_file),
        )
        inputs = None
        server_failed = False
        live_asked = live is not None and (live.requested or live.only)
        if catalog or live_asked or load_checked_config(config).catalog:
            loaded = load_catalog_inputs(
                CatalogArgs(list(catalog or ()), config, "claude-code", skip_non_catalogs, live)
            )
            inputs, server_failed = loaded.inputs, loaded.server_failed
        text, code = run_sessions(options, inputs)
        return text, max(code, ExitCode.ERROR) if server_failed else code

    run_command(body, output_file)


# --- report (issue 20) -----------------------------------------------------------------------


@app.command("report")
@live_sources
def report_command(
    sources: Sources = None,
    output_file: Annotated[
        str | None,
        typer.Option(
            "--output-file",
            "-o",
            metavar="PATH",
            help="Write the HTML page here ('-' for stdout). Required.",
        ),
    ] = None,
    output_format: Annotated[
        str | None,
        typer.Option("--format", "-f", metavar="FORMAT", help="html (the only format)."),
    ] = None,
    config: ConfigOpt = None,
    target: TargetOpt = None,
    model: ModelOpt = None,
    mode: Annotated[
        str | None,
        typer.Option(
            "--mode",
            "-m",
            metavar="MODE",
            help="Search of the findability self-check: bm25 or claude-code (default: config "
            "search.mode, else the target's).",
        ),
    ] = None,
    usage: Annotated[
        list[str] | None,
        typer.Option(
            "--usage",
            metavar="PATH",
            help="Usage evidence for the recommendation, as recommend --usage (repeatable).",
        ),
    ] = None,
    baseline: Annotated[
        Path | None,
        typer.Option(
            "--baseline",
            metavar="PATH",
            help="Show what changed since a saved budget JSON or older catalog files.",
        ),
    ] = None,
    context_window: Annotated[
        int | None,
        typer.Option("--context-window", metavar="N", help="Context window size in tokens.", min=1),
    ] = None,
    claude_code_tool_search: ToolSearchOpt = None,
    skip_non_catalogs: SkipOpt = False,
    recursive: RecursiveOpt = False,
    live: LiveOptions | None = None,
) -> None:
    """Write one self-contained HTML page: treemap, figures, recommendation, findings."""
    from toolsearch.commands.report import run_report
    from toolsearch.page_run import PageOptions, check_output

    def prepare() -> tuple[PageOptions, CatalogArgs]:
        from toolsearch.recommend.recommend_run import check_sources

        choose(output_format, ("html",), "--format")
        if mode == "regex":
            raise UsageError("--mode regex: the self-check searches each tool's own words")
        choose(mode, ("bm25", "claude-code"), "--mode")
        if output_file is None:
            raise UsageError("report needs -o/--output-file PATH (or -o - for stdout)")
        output = None if output_file == "-" else check_output(Path(output_file))
        check_sources(sources)
        checked_tool_search(claude_code_tool_search)
        options = PageOptions(
            output=output,
            model=model,
            context_window=context_window,
            claude_code_tool_search=claude_code_tool_search,
            usage=tuple(usage or ()),
            baseline=baseline,
            mode=mode,
        )
        return options, CatalogArgs(sources, config, target, skip_non_catalogs, live, recursive)

    run_catalog_command(prepare, run_report)


# --- snapshot (issue 7) ----------------------------------------------------------------------


@app.command(cls=ToolsearchCommand)
@live_sources
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
    output_format: Annotated[
        str | None, typer.Option("--format", "-f", metavar="FORMAT", help="text or json.")
    ] = None,
    output_file: OutputOpt = None,
    live: LiveOptions | None = None,
) -> None:
    """Save live MCP servers' tools/list results, or check them against saved ones (drift)."""

    def body() -> tuple[str, int]:
        from toolsearch.commands.snapshot import SNAPSHOT_FORMATS, run_snapshot
        from toolsearch.servers.snapshot_run import Mode, SnapshotOptions, preflight

        fmt = choose(output_format, SNAPSHOT_FORMATS, "--format") or "text"
        if (out is None) == (check is None):
            raise UsageError("snapshot needs exactly one of --out DIR or --check DIR")
        if live is None or not live.requested:
            raise UsageError(
                "snapshot reads live servers: give --mcp-config, --mcp-command or --mcp-url"
            )
        cfg = load_checked_config(config)
        directory = out if out is not None else check
        assert directory is not None
        mode: Mode = "out" if out is not None else "check"
        preflight(live, mode, directory, cfg.max_file_size)
        result = read_live(live, cfg.max_file_size)
        if not result.servers:
            raise ServerError("no MCP server answered; no snapshot written or checked")
        options = SnapshotOptions(
            mode=mode,
            directory=directory,
            fmt=fmt,
            color=report_color(output_file),
            width=report_width(output_file),
            max_size=cfg.max_file_size,
        )
        text, code = run_snapshot(result, options)
        if result.failures:  # --keep-going went on without a server: still exit 2
            code = max(code, ExitCode.ERROR)
        return text, code

    run_command(body, output_file)


def main() -> None:
    """Console-script entry point."""
    # A run is short and keeps what it loads to the end: the cycle collector's passes over a
    # large catalog cost 5-24% of the run and free next to nothing (peak memory unchanged).
    # Only here: the tests and the library call ``app`` with the collector on.
    gc.disable()
    app()
