"""The run behind ``toolsearch report``: one run's budget, findings, recommendation, findability
self-check and baseline diff, gathered into a ``PageReport`` for the HTML page.

Each part is the one the other commands compute (``budget``, ``lint``, ``recommend``, ``eval
--self``); the budget, the findings and the self-check share one ``Analysis``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from toolsearch.analysis import Analysis
from toolsearch.catalog.codex_names import CODEX
from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.model import Scope, Tool
from toolsearch.config import Config
from toolsearch.cost.breakdown import ScopeBreakdown, breakdown
from toolsearch.cost.budget import Budget
from toolsearch.cost.budget_diff import BudgetDiff
from toolsearch.lint.findings import Diagnostic
from toolsearch.recommend.recommend import Recommendation

SELF_CHECK_AT = 5  # the API's default limit: a deferred tool outside the top 5 is not returned
# Past this many searched tools a scope's self-check searches an even sample of them (each still
# among all), as the unfindable-tool rule stops at its max-tools (1,000): the page stays linear.
SELF_CHECK_SAMPLE = 1000
# Past this many tools the page shows the costliest ones (and those kept loaded) one by one and
# sums the rest per source: the page stays a page, and takes time in proportion to the catalog.
TOOLS_SHOWN = 500
# From this many tools, report lints and self-checks in a forked worker while it costs and ranks
# (quiet 2-core machine, generated catalogs: 0.90 -> 0.79 s at 1,000 tools, no gain at 500).
LINT_APART_FROM = 1000

Place = tuple[str, str, str]  # a tool's scope, file and pointer: its own key on the page


@dataclass(frozen=True)
class PageOptions:
    """What the user asked of ``report``."""

    output: Path | None  # None: standard output (-o -)
    model: str | None = None
    context_window: int | None = None
    claude_code_tool_search: str | None = None
    usage: tuple[str, ...] = ()
    baseline: Path | None = None
    mode: str | None = None  # the self-check's search (--mode); None: config, else target's


@dataclass(frozen=True)
class Findable:
    """One searched tool of the self-check: its rank for its own words (None: not found)."""

    tool: Tool
    rank: int | None
    error: str | None = None
    hidden: bool = False  # Claude Code keeps it for apps: neither listed nor searched


@dataclass(frozen=True)
class Findability:
    """The self-check of one scope (``eval --self``): each searched tool and its rank."""

    scope: str
    mode: str
    searched: str  # "deferred": the deferred tools; "all": nothing is deferred, every tool
    at: int
    tools: tuple[Findable, ...]
    of: int = 0  # how many tools were searchable; more than len(tools) when sampled

    @property
    def sampled(self) -> bool:
        return self.of > len(self.tools)

    @property
    def found(self) -> int:
        return sum(1 for t in self.tools if t.rank is not None and t.rank <= self.at)


@dataclass(frozen=True)
class PageReport:
    """What the HTML page shows."""

    budget: Budget
    diagnostics: tuple[Diagnostic, ...]
    recommendation: Recommendation | None
    recommend_problem: str | None  # why there is no recommendation (constraints no choice meets)
    findability: tuple[Findability, ...]
    diff: BudgetDiff | None
    notes: tuple[str, ...]
    files: tuple[str, ...]
    target: str
    tools: tuple[Tool, ...] = ()  # every tool of the run, as the analysis sees it
    breakdown: tuple[ScopeBreakdown, ...] = ()  # each shown tool's parts and what slimming saves
    shown: frozenset[Place] | None = None  # the tools shown one by one; None: every tool


def page_report(inputs: Inputs, config: Config, options: PageOptions) -> PageReport:
    """Compute every part of the page (nothing is written). The findings and the self-check are
    pure functions of the analysis: on a large catalog a forked worker lints and self-checks
    while this process ranks and breaks down (``toolsearch.forked``); the page is the same
    either way."""
    from toolsearch.cost.count_store import add_ignored, ignored_so_far
    from toolsearch.forked import Pending

    analysis = Analysis(
        inputs.catalog,
        config,
        options.model,
        {d.display: d for d in inputs.documents},
        options.context_window,
        place_rows=False,  # the page shows no row's line (finding them re-reads every tool)
        tool_search=options.claude_code_tool_search,
    )

    def apart() -> Apart:
        """The findings, each scope's self-check (its tools as positions: a light result to
        send back) and the caches ignored on the way (a worker's notes are its own)."""
        from toolsearch.lint.linter import run
        from toolsearch.lint.rule_settings import enabled, settings

        diagnostics = tuple(run(analysis, enabled(settings(config))))  # the rules load here
        checks = tuple(
            _light(_findability(analysis, scope, options.mode), scope)
            for scope in analysis.catalog.scopes
            if scope.tools
        )
        return diagnostics, checks, ignored_so_far()

    with Pending(apart, _lint_apart(len(analysis.catalog.tools))) as pending:
        try:
            budget = analysis.budget
            diff = None
            if options.baseline is not None:
                from toolsearch.cost.budget_run import baseline_diff

                diff = baseline_diff(options.baseline, analysis, inputs, budget)
            recommendation, problem = _recommendation(inputs, config, options, analysis)
            shown = shown_places(budget, recommendation)
            parts = breakdown(budget, analysis.counter, None if shown is None else _place_in(shown))
        except Exception:
            pending.result()  # when both fail, the lint's error is the one reported
            raise
        diagnostics, checks, ignored = pending.result()
    scopes = [scope for scope in analysis.catalog.scopes if scope.tools]
    findability = tuple(_whole(check, scope) for check, scope in zip(checks, scopes, strict=True))
    add_ignored(ignored)
    return PageReport(
        budget,
        diagnostics,
        recommendation,
        problem,
        findability,
        diff,
        tuple(inputs.notes),
        tuple(sorted({d.display for d in inputs.documents})),
        inputs.catalog.target,
        analysis.catalog.tools,
        parts,
        shown,
    )


# A scope's self-check as a worker sends it back: each searched tool as its position among the
# scope's searched tools, with its rank and error (tools themselves would be pickled whole).
LightFindability = tuple[
    str, str, str, int, tuple[tuple[int, int | None, str | None, bool], ...], int
]
Apart = tuple[tuple[Diagnostic, ...], tuple[LightFindability, ...], dict[str, str]]


def _light(found: Findability, scope: Scope) -> LightFindability:
    from toolsearch.retrieval.searchers import searched_tools

    position = {id(tool): i for i, tool in enumerate(searched_tools(scope)[0])}
    tools = tuple((position[id(t.tool)], t.rank, t.error, t.hidden) for t in found.tools)
    return found.scope, found.mode, found.searched, found.at, tools, found.of


def _whole(light: LightFindability, scope: Scope) -> Findability:
    from toolsearch.retrieval.searchers import searched_tools

    name, mode, searched, at, tools, of = light
    searchable = searched_tools(scope)[0]
    found = tuple(Findable(searchable[i], rank, error, hidden) for i, rank, error, hidden in tools)
    return Findability(name, mode, searched, at, found, of)


def _lint_apart(tools: int) -> bool:
    """Whether to lint and self-check in a forked worker (``toolsearch.forked.apart_from``)."""
    from toolsearch.forked import apart_from

    least = apart_from(LINT_APART_FROM)
    return least is not None and tools >= least


def shown_places(budget: Budget, recommendation: Recommendation | None) -> frozenset[Place] | None:
    """The tools the page shows one by one: past ``TOOLS_SHOWN`` tools, the costliest
    ``TOOLS_SHOWN`` of the run and every tool kept loaded; None when every tool fits."""
    rows = budget.rows
    if len(rows) <= TOOLS_SHOWN:
        return None
    costliest = sorted(rows, key=lambda row: -row.tokens)[:TOOLS_SHOWN]
    shown = {(row.scope, row.file, row.pointer) for row in costliest}
    if recommendation is not None:
        for choice in recommendation.scopes:
            shown.update(place_of(ranked.tool) for ranked in choice.kept)
    return frozenset(shown)


def place_of(tool: Tool) -> Place:
    """A tool's key on the page."""
    return tool.scope, tool.location.file, tool.location.pointer


def _place_in(places: frozenset[Place]) -> Callable[[Tool], bool]:
    return lambda tool: place_of(tool) in places


def _recommendation(
    inputs: Inputs, config: Config, options: PageOptions, analysis: Analysis
) -> tuple[Recommendation | None, str | None]:
    """``recommend``'s choice (with --usage evidence when given), or why there is none."""
    from toolsearch.recommend.recommend import ConstraintError, Options, recommend

    if inputs.catalog.target == CODEX:
        from toolsearch.recommend.codex_advice import NO_KEEP_LOADED

        return None, NO_KEEP_LOADED
    usage = None
    if options.usage:
        from toolsearch.recommend.usage import match_usage
        from toolsearch.recommend.usage_read import read_usage

        evidence = read_usage(
            options.usage, config.max_file_size, config.max_values, config.max_folder_depth
        )
        usage = match_usage(evidence, inputs.catalog.tools)
    chosen = Options(
        model=options.model,
        context_window=options.context_window,
        search=config.search_mode or "bm25",
        tool_search=options.claude_code_tool_search,
    )
    try:
        found = recommend(inputs.catalog, inputs.documents, config, chosen, usage, analysis)
        return found, None
    except ConstraintError as error:  # the config's budget.max-upfront cannot be met
        return None, str(error)


def _findability(analysis: Analysis, scope: Scope, chosen: str | None) -> Findability:
    """``eval --self`` on one scope: each searched tool, searched for with its own words."""
    from toolsearch.hosts.claude_code import SEARCH_MODE as CLAUDE_CODE_SEARCH
    from toolsearch.hosts.claude_code import hidden_from_model
    from toolsearch.retrieval.searchers import searched_tools

    mode = chosen or analysis.search_mode
    if mode == "regex":  # a tool's own words are not a regex: the self-check is word search
        mode = "bm25"
    searchable, searched = searched_tools(scope)
    sample = SELF_CHECK_SAMPLE if len(searchable) > SELF_CHECK_SAMPLE else None
    outcomes = analysis.self_check(scope, mode, sample)
    hides = mode == CLAUDE_CODE_SEARCH
    tools = tuple(
        Findable(
            o.expected[0],
            o.ranks[0],
            o.error,
            hides and hidden_from_model(o.expected[0], analysis.catalog),
        )
        for o in outcomes
    )
    return Findability(scope.name, mode, searched, SELF_CHECK_AT, tools, len(searchable))


def check_output(path: Path) -> Path:
    """Refuse, before anything is read, an output path that cannot be written."""
    from toolsearch.errors import UsageError

    if path.is_dir():
        raise UsageError(f"-o {path}: is a folder; give a file name, e.g. {path / 'report.html'}")
    parent = path.parent
    if not parent.is_dir():
        raise UsageError(f"-o {path}: the folder {parent} does not exist")
    return path
