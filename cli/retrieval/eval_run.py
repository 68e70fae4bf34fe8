"""The eval run: labelled cases, each tool's own words (--self), or each tool's description
with descriptions held out of the index (--held-out), searched in each mode and gated on
--min-recall, into an ``EvalReport``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolsearch.analysis import Analysis
from toolsearch.catalog.claude_code_versions import competing_built_ins_note
from toolsearch.catalog.counts import count_of
from toolsearch.catalog.identity import ambiguous_names
from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.model import Catalog
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.hosts.claude_code import SEARCH_MODE as CLAUDE_CODE_MODE
from toolsearch.hosts.claude_code import hidden_from_model
from toolsearch.retrieval.cases import Case, load_cases
from toolsearch.retrieval.evaluation import (
    KS,
    NO_DESCRIPTION,
    Evaluator,
    Metrics,
    Outcome,
    case_modes,
    metrics,
    run_held_out,
    run_self,
)
from toolsearch.retrieval.modes import approximation_note, default_limit
from toolsearch.retrieval.platform_search import checked_platform_search
from toolsearch.retrieval.searchers import searched_tools

DEFAULT_MISSES_SHOWN = 20


@dataclass(frozen=True)
class EvalOptions:
    """What the user asked of ``eval``."""

    cases: Path | None = None
    self_check: bool = False
    held_out: bool = False  # the self-check with every description held out of the index
    modes: tuple[str, ...] = ()
    at: int | None = None  # None: the search's own default limit (5; Codex's 8)
    min_recall: float | None = None
    all_tools: bool = False
    model: str | None = None  # Haiku: Claude Code defers nothing, so every tool is searched
    fmt: str = "text"
    misses_shown: int = DEFAULT_MISSES_SHOWN
    color: bool = False
    width: int | None = None


@dataclass(frozen=True)
class EvalReport:
    """Metrics per mode, every outcome, the misses and the gate."""

    label: str
    self_check: bool
    at: int
    ks: tuple[int, ...]
    outcomes: list[Outcome]
    modes: dict[str, Metrics]
    misses: list[Outcome]
    searched: int
    min_recall: float | None
    failures: list[str]
    notes: list[str]
    ambiguous: frozenset[str] = frozenset()
    held_out: bool = False
    preface: str | None = None  # the first line: what the ranking stands for, when not exact

    @property
    def cases(self) -> int:
        return len({(o.case.where, o.case.id) for o in self.outcomes})


def _hidden_misses(outcomes: Sequence[Outcome], catalog: Catalog) -> list[str]:
    """The expected tools of Claude Code's searches that its version hides from the model."""
    found = {
        tool.key: None
        for o in outcomes
        if o.mode == CLAUDE_CODE_MODE
        for tool, rank in zip(o.expected, o.ranks, strict=True)
        if rank is None and hidden_from_model(tool, catalog)
    }
    return list(found)


def _embed_hybrid_queries(cases: Sequence[Case], modes: Sequence[str] | None, default: str) -> None:
    """Embed the queries that run in hybrid mode in one batch (the model loads once)."""
    queries = [c.query for c in cases if "hybrid" in case_modes(c, modes, default)]
    if queries:
        from toolsearch.retrieval.embedding import require_semantic
        from toolsearch.retrieval.hybrid import prepare_queries

        require_semantic()
        prepare_queries(queries)


def evaluate(inputs: Inputs, options: EvalOptions, config: Config | None = None) -> EvalReport:
    """Run every case (or every tool's self-check) in its modes and gate on --min-recall."""
    # of the config, eval reads only whether Codex's own tools compete
    own = Config(codex_multi_agent=config.codex_multi_agent) if config else Config()
    platform = config.platform if config else None  # where the searches would run
    analysis = Analysis(inputs.catalog, own, model_override=options.model)
    catalog = analysis.catalog  # deferral as Claude Code's tool-search mode leaves it
    at = options.at or default_limit((options.modes or (analysis.search_mode,))[0])
    evaluator = Evaluator(catalog, options.all_tools, at, make=analysis.searcher)
    outcomes: list[Outcome] = []
    notes = list(inputs.notes)
    if options.self_check or options.held_out:
        flag = "--held-out" if options.held_out else "--self"
        if "regex" in options.modes:
            raise UsageError(f"{flag} checks word search: a tool's own words are not a regex")
        run_modes = options.modes or (analysis.search_mode,)
        notes[:0] = checked_platform_search(platform, catalog.target, run_modes, flag)
        for mode in run_modes:
            for scope in catalog.scopes:
                if options.held_out:
                    checked = run_held_out(scope, mode, options.all_tools, analysis.searcher)
                else:
                    checked = run_self(evaluator, scope, mode)
                outcomes.extend(checked)
        label = (
            "each tool's description, every description held out of the index"
            if options.held_out
            else "each tool's own name and description"
        )
        if not outcomes:
            raise UsageError("no tools to check: the sources hold no tool definitions")
    else:
        assert options.cases is not None
        limits = config or Config()
        cases = load_cases(options.cases, limits.max_file_size, limits.max_values)
        wanted = (case_modes(c, options.modes or None, analysis.search_mode) for c in cases)
        run_modes = tuple(m for modes in wanted for m in modes)
        notes[:0] = checked_platform_search(platform, catalog.target, run_modes)
        _embed_hybrid_queries(cases, options.modes or None, analysis.search_mode)
        for case in cases:
            for mode in case_modes(case, options.modes or None, analysis.search_mode):
                outcomes.append(evaluator.run(case, mode))
        label = str(options.cases)
        default = analysis.search_mode
        skipped = sum(1 for c in cases if not case_modes(c, options.modes or None, default))
        if skipped:
            notes.append(
                f"{skipped} {'case' if skipped == 1 else 'cases'} skipped: "
                "their mode was not selected with --mode"
            )
        if not outcomes:
            raise UsageError("no case runs in the selected --mode")
    if CLAUDE_CODE_MODE in {o.mode for o in outcomes}:
        notes.append(competing_built_ins_note(catalog.claude_code))
        hidden = _hidden_misses(outcomes, catalog)
        if hidden:
            notes.append(
                f"{count_of(len(hidden), 'tool')} kept for apps, never found: Claude Code "
                f"neither lists nor searches {'it' if len(hidden) == 1 else 'them'} "
                f'(_meta.ui.visibility without "model"): {", ".join(hidden)}'
            )
    loaded = sum(len(o.always_loaded) for o in outcomes)
    if loaded:
        notes.append(f"{loaded} expected tools are always loaded (not deferred): counted at rank 1")
    ks = tuple(sorted({*KS, at}))
    by_mode: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        by_mode.setdefault(outcome.mode, []).append(outcome)
    modes = {mode: metrics(found, ks) for mode, found in by_mode.items()}
    misses = [o for o in outcomes if o.missed(at)]
    no_description = len({o.case.id for o in outcomes if o.error == NO_DESCRIPTION})
    if no_description:
        notes.append(
            f"{count_of(no_description, 'tool')} without a description: not found (nothing "
            "to search with)"
        )
    failures = []
    if options.min_recall is not None:
        for mode, found in modes.items():
            value = found.recall[at]
            if value < options.min_recall:
                failures.append(
                    f"{mode}: recall@{at} {value:.4f} is below --min-recall {options.min_recall:g}"
                )
    searched = sum(len(searched_tools(s, options.all_tools)[0]) for s in catalog.scopes)
    return EvalReport(
        label,
        options.self_check or options.held_out,
        at,
        ks,
        outcomes,
        modes,
        misses,
        searched,
        options.min_recall,
        failures,
        notes,
        ambiguous_names(catalog.tools),
        options.held_out,
        approximation_note(catalog.target, list(modes)),
    )
