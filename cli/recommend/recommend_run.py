"""The recommend run: usage evidence read, tools ranked and chosen, the choice applied or
diffed when asked, into a ``RecommendReport``."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from toolsearch.catalog.inputs import Inputs
from toolsearch.config import Config
from toolsearch.forked import apart_from
from toolsearch.hosts import DEFAULT_TARGET, host_of
from toolsearch.recommend.apply import NewErrors, Outcome, advise, carry_out
from toolsearch.recommend.evaluate import Evaluation, evaluate
from toolsearch.recommend.openai_plan import NamespacePlan, group_namespaces
from toolsearch.recommend.recommend import REACH_APART_FROM, Options, Recommendation, recommend
from toolsearch.recommend.usage import UsageReport, match_usage
from toolsearch.recommend.usage_read import read_usage


@dataclass(frozen=True)
class RecommendOptions:
    """What the user asked of ``recommend``."""

    fmt: str = "text"
    usage: tuple[str, ...] = ()
    evaluate: tuple[str, ...] = ()  # usage to score the choice against, never to rank by
    keep: int | None = None
    pins: tuple[str, ...] = ()
    max_upfront: int | None = None
    model: str | None = None
    context_window: int | None = None
    search: str | None = None
    intents: Path | None = None
    apply: bool = False
    diff: bool = False
    show_all: bool = False
    color: bool = False
    width: int | None = None
    claude_code_tool_search: str | None = None


@dataclass(frozen=True)
class RecommendReport:
    """What a recommend reporter gets: the choice, what was applied or advised, and notes."""

    chosen: Recommendation
    outcome: Outcome
    notes: list[str]
    with_diff: bool
    target: str = DEFAULT_TARGET
    applied: bool = False  # --apply or --diff was asked
    evaluation: Evaluation | None = None  # --evaluate
    # --target openai: per scope, namespaces of fewer than 10 for its deferred loose functions
    namespaces: tuple[tuple[str, tuple[NamespacePlan, ...]], ...] = ()


def recommend_report(
    inputs: Inputs, config: Config, options: RecommendOptions, check: NewErrors
) -> RecommendReport:
    """Recommend, and apply (--apply) or diff (--diff) when asked (``check``: the lint errors
    the edits would add, which refuse them)."""
    usage: UsageReport | None = None
    all_tools = inputs.catalog.tools
    if options.usage:
        evidence = read_usage(
            options.usage, config.max_file_size, config.max_values, config.max_folder_depth
        )
        usage = match_usage(evidence, all_tools)
    search = options.search or config.search_mode or "bm25"
    queries = None
    if options.intents is not None:
        from toolsearch.retrieval.cases import load_cases

        queries = tuple(
            case.query
            for case in load_cases(options.intents, config.max_file_size, config.max_values)
        )
    chosen = recommend(
        inputs.catalog,
        inputs.documents,
        config,
        Options(
            keep=options.keep,
            pins=options.pins,
            max_upfront=options.max_upfront,
            model=options.model,
            context_window=options.context_window,
            search=search,
            intents=queries,
            tool_search=options.claude_code_tool_search,
            reach_apart_from=apart_from(REACH_APART_FROM),
        ),
        usage,
    )
    openai = host_of(inputs.catalog).apply == "responses-functions"
    if options.apply or options.diff:
        outcome = carry_out(chosen, inputs, check, write=options.apply)
        if openai:
            outcome = Outcome(outcome.changes, ())
    else:
        outcome = Outcome((), () if openai else advise(chosen))
    evaluation = None
    if options.evaluate:
        held_out = match_usage(
            read_usage(
                options.evaluate, config.max_file_size, config.max_values, config.max_folder_depth
            ),
            all_tools,
        )
        evaluation = evaluate(chosen, held_out, options.keep)
    return RecommendReport(
        chosen,
        outcome,
        list(inputs.notes),
        options.diff,
        inputs.catalog.target,
        options.apply or options.diff,
        evaluation,
        _namespaces(chosen) if openai else (),
    )


def _namespaces(chosen: Recommendation) -> tuple[tuple[str, tuple[NamespacePlan, ...]], ...]:
    """Per scope that defers, namespaces of fewer than 10 for its deferred functions that sit in
    no namespace or in one of 10 or more (an MCP source under openai is one namespace)."""
    found = []
    for choice in chosen.scopes:
        sizes = Counter(t.namespace for t in choice.scope.tools)
        deferred = [
            r.tool
            for r in choice.ranked
            if not r.kept and (r.tool.namespace is None or sizes[r.tool.namespace] >= 10)
        ]
        if not choice.deferral or not deferred:
            continue
        plans: list[NamespacePlan] = []
        for namespace in dict.fromkeys(t.namespace for t in deferred):
            members = [t for t in deferred if t.namespace == namespace]
            plans.extend(group_namespaces(namespace or choice.scope.name, members))
        found.append((choice.scope.name, tuple(plans)))
    return tuple(found)
