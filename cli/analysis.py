"""One run's analysis: built once from the loaded catalog, the config and the model choice.

Every command takes it. What it derives (the budget of the whole catalog or of one scope, a
scope's model, a searcher over a set of tools, a place's line) is computed on first use and
kept, so a rule, a report and a recommendation that ask the same question share one answer.
A lint rule's ``Context`` is a thin view of (analysis, scope).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from toolsearch.catalog.model import Catalog, Location, Scope, Tool
from toolsearch.config import Config

T = TypeVar("T")

if TYPE_CHECKING:
    from toolsearch.catalog.tool_search_mode import ToolSearchDecision
    from toolsearch.cost.budget import Budget, ScopeBudget
    from toolsearch.cost.models import ModelInfo
    from toolsearch.cost.tokens import TokenCounter
    from toolsearch.retrieval.bm25 import TermCounts
    from toolsearch.retrieval.claude_code_search import RunIndexes
    from toolsearch.retrieval.evaluation import Outcome
    from toolsearch.retrieval.searchers import Searcher


@dataclass
class Analysis:
    """The catalog, config and model choice of a run, and what is derived from them."""

    catalog: Catalog
    config: Config = field(default_factory=Config)
    model_override: str | None = None
    documents: Mapping[str, Any] = field(default_factory=dict)
    context_window: int | None = None
    place_rows: bool = True  # budget rows carry their line (finding it re-reads every tool)
    counter: TokenCounter | None = None  # the offline estimate unless one is given
    _scope_budgets: dict[str, ScopeBudget] = field(default_factory=dict, repr=False)
    _part_budgets: dict[tuple[str, tuple[int, ...]], ScopeBudget] = field(
        default_factory=dict, repr=False
    )
    # by mode, the searched tools and the others exact names may reach (by id)
    _searchers: dict[tuple[str, tuple[int, ...], tuple[int, ...]], Searcher] = field(
        default_factory=dict, repr=False
    )
    _self_checks: dict[tuple[str, str], list[Outcome]] = field(default_factory=dict, repr=False)
    _term_counts: TermCounts = field(default_factory=dict, repr=False)  # BM25's, per tool
    # Claude Code's indexes, by what their version reads (``ClaudeCodeSearcher``'s ``indexes``)
    _claude_code_indexes: RunIndexes = field(default_factory=dict, repr=False)
    _models: dict[str | None, ModelInfo] = field(default_factory=dict, repr=False)  # by model id
    _remembered: dict[tuple[str, str], Any] = field(default_factory=dict, repr=False)
    tool_search: str | None = None  # --claude-code-tool-search
    environ: Mapping[str, str] | None = None  # where ENABLE_TOOL_SEARCH is read (os.environ)
    tool_search_decision: ToolSearchDecision | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        """The target host decides effective deferral, once (Claude Code's tool-search mode
        needs this run's model, window and counter)."""
        from toolsearch.hosts import host_of

        settled = host_of(self.catalog).settle(self)
        self.catalog, self.tool_search_decision = settled.catalog, settled.decision

    def definition_tokens(self, scope: Scope) -> tuple[int, int, int]:
        """The deferred and the loaded tools' definitions in ``scope``, and what the deferred
        ones still put upfront (Claude Code's listed names), in tokens (rounded)."""
        rows = self.budget_of(self.catalog.subset(scope), lines=False).scopes[0].rows
        deferred = round(sum(r.tokens for r in rows if r.deferred))
        listed = round(sum(r.upfront_when_deferred for r in rows if r.deferred))
        return deferred, round(sum(r.tokens for r in rows if not r.deferred)), listed

    @property
    def configured_tool_search(self) -> str | None:
        """The config's ``claude-code.tool-search``."""
        return self.config.claude_code_tool_search

    @property
    def window(self) -> int | None:
        """The context window asked for: the option, else the config's."""
        return self.context_window or self.config.context_window

    def model_id(self, scope: Scope) -> str | None:
        """--model > the request's model > the config's model (None: the default)."""
        return self.model_override or scope.model or self.config.model

    def model(self, scope: Scope) -> ModelInfo:
        """The scope's model, resolved once per model id (a rule asks once per tool)."""
        chosen = self.model_id(scope)
        found = self._models.get(chosen)
        if found is None:
            from toolsearch.cost.host_models import resolve_for

            found = self._models[chosen] = resolve_for(self.catalog.target, chosen)[0]
        return found

    @cached_property
    def budget(self) -> Budget:
        """The whole catalog's budget."""
        return self.budget_of(self.catalog, self.place_rows)

    def budget_of(self, catalog: Catalog, lines: bool = True) -> Budget:
        """The budget of ``catalog`` (this catalog or a part of it) under this run's choices."""
        from toolsearch.cost.budget import compute_budget

        return compute_budget(
            catalog,
            model_override=self.model_override,
            config_model=self.config.model,
            context_window=self.window,
            counter=self.counter,
            lines=lines,
        )

    def scope_budget(self, scope: Scope) -> ScopeBudget:
        """One scope's budget: taken from the whole budget when that is known, else costed
        alone (a lint of one scope need not cost the others)."""
        found = self.computed_scope_budget(scope)
        if found is None:
            found = self.budget_of(self.catalog.subset(scope)).scopes[0]
            self._scope_budgets[scope.name] = found
        return found

    def computed_scope_budget(self, scope: Scope) -> ScopeBudget | None:
        """The scope's budget if something already asked for it, else None (nothing costed)."""
        found = self._scope_budgets.get(scope.name)
        if found is None and "budget" in self.__dict__:
            found = next((s for s in self.budget.scopes if s.scope.name == scope.name), None)
        return found

    def part_budget(self, scope: Scope, tools: Sequence[Tool]) -> ScopeBudget:
        """The budget of ``scope`` restricted to ``tools`` (server and search tools kept), costed
        once per run for the same tools (rules ask for the loaded part of a scope alike)."""
        from dataclasses import replace

        key = (scope.name, tuple(map(id, tools)))
        found = self._part_budgets.get(key)
        if found is None:
            part = replace(scope, tools=tuple(tools))
            found = self._part_budgets[key] = self.budget_of(self.catalog.subset(part)).scopes[0]
        return found

    def searcher(
        self, mode: str, tools: Sequence[Tool], everything: Sequence[Tool] | None = None
    ) -> Searcher:
        """A searcher of ``mode`` over ``tools`` (``everything``: what exact names may also
        reach), built once per run for the same tools: ``recommend``'s reach and the
        self-check of a scope whose tools are all searched share one index."""
        searched = tuple(map(id, tools))
        within = set(searched)
        others = tuple(i for i in map(id, everything or ()) if i not in within)
        key = (mode, searched, others)
        found = self._searchers.get(key)
        if found is None:
            from toolsearch.retrieval.modes import make_searcher

            own = self.config.codex_multi_agent
            found = self._searchers[key] = make_searcher(
                mode,
                tools,
                everything,
                self.catalog.claude_code,
                codex_own=own,
                term_counts=self._term_counts,
                claude_code_indexes=self._claude_code_indexes,
            )
        return found

    def self_check(self, scope: Scope, mode: str, sample: int | None = None) -> list[Outcome]:
        """``eval --self`` on one scope: each searched tool, searched for with its own name and
        description, run once per run (the unfindable-tool rule and the report ask alike); with
        ``sample``, at most that many tools, spread evenly (``evaluation.evenly``)."""
        key = (scope.name, mode if sample is None else f"{mode} sample {sample}")
        found = self._self_checks.get(key)
        if found is None:
            from toolsearch.retrieval.evaluation import Evaluator, run_self

            evaluator = Evaluator(self.catalog.subset(scope), make=self.searcher)
            found = self._self_checks[key] = run_self(evaluator, scope, mode, sample)
        return found

    def held_out_check(self, scope: Scope, mode: str) -> list[Outcome]:
        """``eval --held-out`` on one scope: each searched tool, searched for with its
        description among names and arguments only, run once per run."""
        key = (scope.name, f"held-out {mode}")
        found = self._self_checks.get(key)
        if found is None:
            from toolsearch.retrieval.evaluation import run_held_out

            found = self._self_checks[key] = run_held_out(scope, mode, make=self.searcher)
        return found

    def remember(self, key: tuple[str, str], make: Callable[[], T]) -> T:
        """What ``make`` gives, made once per run for ``key`` (two rules that read the same
        derived facts of a scope share them)."""
        if key not in self._remembered:
            self._remembered[key] = make()
        found: T = self._remembered[key]
        return found

    @property
    def search_mode(self) -> str:
        """The config's mode, else the target's (``--mode`` is the command's to apply)."""
        from toolsearch.hosts import host_of

        return self.config.search_mode or host_of(self.catalog).default_mode

    def locate(self, file: str, pointer: str, fallback: Location | None = None) -> Location:
        """A place in one of the run's files, with its line and column when found."""
        document = self.documents.get(file)
        if document is not None:
            line, column = document.position(pointer)
            if line is not None:
                return Location(file, pointer, line, column)
        if fallback is not None:
            found = self.catalog.resolve(fallback)
            return Location(file, pointer, found.line, found.column)
        return Location(file, pointer)
