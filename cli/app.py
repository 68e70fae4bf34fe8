"""The command-line interface: the only module that imports typer."""

from __future__ import annotations

import functools
import gc
import inspect
import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer

from toolsearch import __version__
from toolsearch.errors import ExitCode, ServerError, ToolsearchError, UsageError

if TYPE_CHECKING:
    from toolsearch.catalog.inputs import Inputs
    from toolsearch.config import Config
    from toolsearch.servers.live import LiveOptions, LiveResult
    from toolsearch.servers.mcp_config import ServerSpec

REPORT_URL = "https://github.com/toolsearch/toolsearch/issues"

Opts = TypeVar("Opts")

app = typer.Typer(
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
SkipOpt = Annotated[
    bool,
    typer.Option("--skip-non-catalogs", help="Skip files that are not tool catalogs, with a note."),
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


def run_command(body: Callable[[], tuple[str, int]]) -> NoReturn:
    """The one way a command runs: its body returns the report and the exit code; the report
    goes to stdout, and an error becomes one line on stderr and its exit code."""
    try:
        text, code = body()
        write(text)
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

    run_command(body)


def write(text: str) -> None:
    """Write a report to stdout."""
    sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
    sys.stdout.flush()


def use_color() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def terminal_width() -> int | None:
    if not sys.stdout.isatty():
        return None
    try:
        return os.get_terminal_size().columns
    except OSError:
        return None


WRAP_WIDTH = 100  # reports that wrap (recommend) when no terminal says its width


def wrap_width() -> int:
    """The width to wrap a report to: the terminal's (stdout), else ``COLUMNS``, else the
    terminal's that stderr writes to (output piped into a pager), else 100."""
    width = terminal_width()
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
        return Loaded(config, load_inputs(sources, config, chosen, args.skip_non_catalogs))
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
    )
    inputs = replace(inputs, notes=(*inputs.notes, *result.notes))
    return Loaded(config, inputs, bool(result.failures))


@app.command()
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
            max_upfront=max_upfront,
            baseline=baseline,
            max_increase=max_increase,
            exact=exact or exact_per_tool,
            exact_per_tool=exact_per_tool,
            color=use_color(),
            width=terminal_width(),
            step_summary=ci.step_summary_path(os.environ),
            root=ci.repo_root(os.environ),
        )
        return options, CatalogArgs(sources, config, target, skip_non_catalogs, live)

    run_catalog_command(prepare, run_budget)


# --- lint ---------------------------------------------------------------------------------


@app.command()
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
            help="text, json, sarif, github, markdown or gitlab (default: github when "
            "GITHUB_ACTIONS=true, else text).",
        ),
    ] = None,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select", metavar="RULES", help="Run only these rules (repeatable, comma-separated)."
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option(
            "--ignore", metavar="RULES", help="Turn these rules off (repeatable, comma-separated)."
        ),
    ] = None,
    fail_on: Annotated[
        str,
        typer.Option(
            "--fail-on", metavar="LEVEL", help="Exit 1 on findings at this level or above."
        ),
    ] = "error",
    skip_non_catalogs: SkipOpt = False,
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
    live: LiveOptions | None = None,
) -> None:
    """Find requests the API would reject and what makes tool search work badly."""
    from toolsearch.commands.lint import LINT_FORMATS, run_lint
    from toolsearch.lint.lint_run import LintOptions

    def prepare() -> tuple[LintOptions, CatalogArgs]:
        from toolsearch import ci

        fmt = choose(output_format, LINT_FORMATS, "--format")
        fmt = fmt or ci.default_format(os.environ) or "text"
        choose(fail_on, ("error", "warning", "info"), "--fail-on")
        checked_tool_search(claude_code_tool_search)
        options = LintOptions(
            fmt=fmt,
            select=tuple(select or ()),
            ignore=tuple(ignore or ()),
            fail_on=fail_on,
            model=model,
            claude_code_tool_search=claude_code_tool_search,
            color=use_color(),
            width=terminal_width(),
            baseline=baseline,
            update_baseline=update_baseline,
            step_summary=ci.step_summary_path(os.environ),
            root=ci.repo_root(os.environ),
        )
        return options, CatalogArgs(sources, config, target, skip_non_catalogs, live)

    run_catalog_command(prepare, run_lint)


@app.command("rules")
def rules_command(config: ConfigOpt = None) -> None:
    """List every lint rule with its level and what it finds."""

    def body() -> tuple[str, int]:
        from toolsearch.lint.rule_settings import all_rules, settings
        from toolsearch.report.rule_doc import render_list

        chosen = settings(load_checked_config(config))
        return render_list(all_rules(), chosen, use_color(), terminal_width()), ExitCode.OK

    run_command(body)


@app.command("rule")
def rule_command(
    rule_id: Annotated[str, typer.Argument(help="A rule id, e.g. all-deferred.")],
    config: ConfigOpt = None,
) -> None:
    """Print one rule's documentation."""

    def body() -> tuple[str, int]:
        from toolsearch.lint.rule_settings import rule_by_id, settings
        from toolsearch.report.rule_doc import render_doc

        rule = rule_by_id(rule_id)
        chosen = settings(load_checked_config(config))[rule.ID]
        return render_doc(rule, chosen, use_color(), terminal_width()), ExitCode.OK

    run_command(body)


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


@app.command()
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
    live: LiveOptions | None = None,
) -> None:
    """Preview what the tool search tool returns for a query (--explain TOOL: why a tool
    ranks where it does)."""
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
            color=use_color(),
            width=terminal_width(),
            explain=explain,
        )
        return options, CatalogArgs(sources, config, target, skip_non_catalogs, live)

    run_catalog_command(prepare, run_query)


@app.command()
def serve(
    sources: Sources = None,
    config: ConfigOpt = None,
    target: TargetOpt = None,
    mode: ModeOpt = None,
    skip_non_catalogs: SkipOpt = False,
) -> None:
    """Serve the catalogs' search as an MCP server over stdio: one tool, search_tools."""
    from toolsearch.commands.serve import ServeOptions, run_serve

    def prepare() -> tuple[ServeOptions, CatalogArgs]:
        from toolsearch.retrieval.modes import MODES

        choose(mode, MODES, "--mode")
        return ServeOptions(mode), CatalogArgs(sources, config, target, skip_non_catalogs)

    run_catalog_command(prepare, run_serve)


@app.command("eval")
@live_sources
def eval_command(
    arguments: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[CASES] [SOURCE...]",
            help="A cases file (JSONL, JSON or YAML), then catalog sources. With --self, "
            "sources only.",
            show_default=False,
        ),
    ] = None,
    self_check: Annotated[
        bool,
        typer.Option("--self", help="No cases: search for each tool with its own words."),
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
        str | None, typer.Option("--format", "-f", metavar="FORMAT", help="text or json.")
    ] = None,
    config: ConfigOpt = None,
    target: TargetOpt = None,
    model: ModelOpt = None,
    skip_non_catalogs: SkipOpt = False,
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
        if not self_check:
            if not args:
                raise UsageError("eval needs a CASES file (or --self to check each tool)")
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
            modes=tuple(dict.fromkeys(mode or ())),
            at=at,
            min_recall=min_recall,
            all_tools=all_tools,
            model=model,
            fmt=fmt,
            misses_shown=misses,
            color=use_color(),
            width=terminal_width(),
        )
        return options, CatalogArgs(args, config, target, skip_non_catalogs, live)

    run_catalog_command(prepare, run_eval)


# --- recommend (issue 5) ---------------------------------------------------------------------


@app.command()
@live_sources
def recommend(
    sources: Sources = None,
    config: ConfigOpt = None,
    target: TargetOpt = None,
    model: ModelOpt = None,
    output_format: Annotated[
        str | None, typer.Option("--format", "-f", metavar="FORMAT", help="text or json.")
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
            color=use_color(),
            width=wrap_width(),
        )
        return options, CatalogArgs(sources, config, target, skip_non_catalogs, live)

    run_catalog_command(prepare, run_recommend)


# --- snapshot (issue 7) ----------------------------------------------------------------------


@app.command()
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
            color=use_color(),
            width=terminal_width(),
            max_size=cfg.max_file_size,
        )
        text, code = run_snapshot(result, options)
        if result.failures:  # --keep-going went on without a server: still exit 2
            code = max(code, ExitCode.ERROR)
        return text, code

    run_command(body)


def main() -> None:
    """Console-script entry point."""
    # A run is short and keeps what it loads to the end: the cycle collector's passes over a
    # large catalog cost 5-24% of the run and free next to nothing (peak memory unchanged).
    # Only here: the tests and the library call ``app`` with the collector on.
    gc.disable()
    app()
