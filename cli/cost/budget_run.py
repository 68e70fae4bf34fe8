"""The budget run: cost every tool, gate on limits, compare with a baseline, into a
``BudgetReport``."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from toolsearch.analysis import Analysis
from toolsearch.catalog.inputs import Inputs, load_inputs
from toolsearch.catalog.model import Location
from toolsearch.config import Config
from toolsearch.cost.breakdown import ScopeBreakdown, breakdown
from toolsearch.cost.budget import Budget, ScopeBudget, Totals
from toolsearch.cost.budget_diff import BudgetDiff, compare, saved_output, snapshot
from toolsearch.cost.tokens import Method
from toolsearch.errors import UsageError
from toolsearch.hosts import host_of, sending_host
from toolsearch.lint.findings import Diagnostic


@dataclass(frozen=True)
class BudgetOptions:
    """What the user asked of ``budget``."""

    model: str | None = None
    context_window: int | None = None
    claude_code_tool_search: str | None = None
    fmt: str = "text"
    show_all: bool = False
    per_scope: bool = False  # text: a block per scope instead of the summary of every scope
    max_upfront: int | None = None
    baseline: Path | None = None
    max_increase: int | None = None
    exact: bool = False
    exact_per_tool: bool = False
    color: bool = False
    width: int | None = None
    step_summary: Path | None = None
    root: Path | None = None
    breakdown: bool = False  # each tool's parts, and what slimming the schemas saves


@dataclass(frozen=True)
class BudgetReport:
    """What a budget reporter gets: the budget, its baseline diff, notes and failed gates."""

    budget: Budget
    diff: BudgetDiff | None
    notes: list[str]
    failures: list[str]
    located: list[tuple[Location | None, str]]  # each failure with its scope's place
    # per scope name, the request-error findings: the API would reject that request
    rejected: dict[str, tuple[Diagnostic, ...]] = field(default_factory=dict)
    breakdown: tuple[ScopeBreakdown, ...] | None = None  # with --breakdown
    # per scope name, the client that refuses its errors (absent: the API)
    refusers: dict[str, str] = field(default_factory=dict)


def budget_report(inputs: Inputs, config: Config, options: BudgetOptions) -> BudgetReport:
    """Cost, gate and compare (nothing is written)."""
    host = host_of(inputs.catalog)
    if options.exact and host.costs.counting != "claude":
        raise UsageError(
            "--exact counts with Anthropic's count_tokens endpoint, which says nothing of "
            f"OpenAI's tokens; --target {host.name} has only the o200k_base estimate: drop --exact"
        )
    analysis = Analysis(
        inputs.catalog,
        config,
        options.model,
        {d.display: d for d in inputs.documents},
        options.context_window,
        place_rows=options.fmt == "json",
        tool_search=options.claude_code_tool_search,
    )
    budget = analysis.budget
    notes = list(inputs.notes)
    if options.exact:
        budget = apply_exact(budget, options.exact_per_tool)
        notes.append("totals are exact (count_tokens differences); per-tool rows are estimates")
    diff = _baseline(options, analysis, inputs, budget)
    failed = scope_failures(budget, diff, options, config)
    github = options.fmt == "github"  # only its annotations need the places
    located: list[tuple[Location | None, str]] = [
        (_scope_location(budget, inputs, name, options) if github else None, message)
        for name, message in failed
    ]
    from toolsearch.lint.rejections import rejections

    parts = breakdown(budget, analysis.counter) if options.breakdown else None
    return BudgetReport(
        budget,
        diff,
        notes,
        [message for _, message in failed],
        located,
        rejections(analysis),
        parts,
        {
            scope.name: sender.refuser
            for scope in inputs.catalog.scopes
            if (sender := sending_host(inputs.catalog, scope)).refuser
        },
    )


def _scope_location(
    budget: Budget, inputs: Inputs, name: str, options: BudgetOptions
) -> Location | None:
    """Where a scope's annotation goes: its tools array, else its first file."""
    from toolsearch.ci import repo_paths

    for scope_budget in budget.scopes:
        scope = scope_budget.scope
        if scope.name != name:
            continue
        where = scope.tools_location or (Location(scope.files[0], "") if scope.files else None)
        if where is None:
            return None
        where = inputs.catalog.resolve(where)
        paths = repo_paths(inputs.documents, options.root)
        return replace(where, file=paths.get(where.file, where.file))
    return None


def _baseline(
    options: BudgetOptions, analysis: Analysis, inputs: Inputs, budget: Budget
) -> BudgetDiff | None:
    if options.baseline is None:
        if options.max_increase is not None:
            from toolsearch.errors import UsageError

            raise UsageError("--max-increase needs --baseline OLD to compare with")
        return None
    return baseline_diff(options.baseline, analysis, inputs, budget)


def baseline_diff(path: Path, analysis: Analysis, inputs: Inputs, budget: Budget) -> BudgetDiff:
    """``budget`` against ``path``: a saved ``budget --format json`` or older catalog files."""
    config = analysis.config
    saved = saved_output(path, config.max_file_size, config.max_values) if path.is_file() else None
    if saved is None:
        old_inputs = load_inputs([str(path)], config, inputs.catalog.target)
        saved = snapshot(analysis.budget_of(old_inputs.catalog), str(path))
    return compare(budget, saved)


def scope_failures(
    budget: Budget, diff: BudgetDiff | None, options: BudgetOptions, config: Config
) -> list[tuple[str, str]]:
    """Limit failures as (scope name, message)."""
    failures = []
    limit = options.max_upfront if options.max_upfront is not None else config.max_upfront
    limit_name = "--max-upfront" if options.max_upfront is not None else "budget.max-upfront"
    if limit is not None:
        for scope in budget.scopes:
            upfront = round(scope.totals.upfront)
            if upfront > limit:
                failures.append(
                    (
                        scope.scope.name,
                        f"scope {scope.scope.name!r}: upfront {upfront:,} tokens exceeds "
                        f"{limit_name} {limit:,}",
                    )
                )
    increase = options.max_increase if options.max_increase is not None else config.max_increase
    increase_name = "--max-increase" if options.max_increase is not None else "budget.max-increase"
    if diff is not None and increase is not None:
        for name, (before, after) in diff.scope_changes.items():
            grown = after - (before if before is not None else 0)
            if grown > increase:
                failures.append(
                    (
                        name,
                        f"scope {name!r}: upfront grew by {grown:,} tokens "
                        f"({before if before is not None else 0:,} -> {after:,}), over "
                        f"{increase_name} {increase:,}",
                    )
                )
    return failures


def apply_exact(budget: Budget, per_tool: bool) -> Budget:
    """Replace each scope's totals with exact count_tokens differences."""
    from toolsearch.cost.exact import exact_counts, make_counter

    scopes: list[ScopeBudget] = []
    for scope_budget in budget.scopes:
        with make_counter(scope_budget.model_id) as count:
            counts = exact_counts(scope_budget.scope, count, per_tool)
        old = scope_budget.totals
        # Claude Code's list of deferred names is not a tool: count_tokens cannot count it
        # alone, so its estimate stays in the upfront figure
        listed = sum(r.upfront_when_deferred for r in scope_budget.rows if r.deferred)
        upfront = counts.upfront + listed
        totals = Totals(
            upfront=upfront,
            all_loaded=counts.all_loaded,
            system_prompt=old.system_prompt,
            search_tool=old.search_tool,
            context_window=old.context_window,
            context_share=100.0 * upfront / old.context_window,
        )
        rows = scope_budget.rows
        if per_tool:
            rows = tuple(
                replace(r, tokens=counts.per_tool.get(f"{r.source}/{r.name}", r.tokens))
                for r in rows
            )
        method = Method(
            "count_tokens",
            scope_budget.method.family,
            "exact: differences of count_tokens calls"
            + ("; per tool: leave one out" if per_tool else "; per-tool rows estimated")
            + ("; the deferred tools' listed names estimated" if listed else ""),
            "exact",
        )
        scopes.append(replace(scope_budget, totals=totals, rows=rows, method=method))
    return replace(budget, scopes=tuple(scopes))
