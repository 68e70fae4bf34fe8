"""``recommend --evaluate``: how much of recorded usage the recommended tools serve.

A *use* is a (run, tool) pair: a run that called the tool at least once. For a scope and the K
tools the ranking keeps, the runs score is the runs of the kept tools over the runs of the K tools
with the most runs (the best possible K): ``sum(runs[t] for t in kept) / sum of the K largest
runs[t]``; the calls score is the same with call counts. Shares divide by every tool's runs (or
calls) in the scope.

K is ``--keep`` when given, else the number ``recommend`` keeps. Where ``recommend`` keeps every
tool (fewer than 10, or deferral does not pay), K is the number its rule would keep had the scope
been larger, and the ranking's top K is scored: keeping everything would score 1 and say nothing.

The evaluation usage never reaches the ranking: it measures the heuristic, or the ranking by
``--usage`` when that is given too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from toolsearch.recommend.recommend import Ranked, Recommendation, ScopeChoice, default_count
from toolsearch.recommend.usage import ToolUsage, UsageReport


@dataclass(frozen=True)
class Share:
    """What the kept tools serve of one measure (calls or runs)."""

    served: int  # by the kept tools
    best: int  # by the K tools with the most
    total: int  # by every tool of the scope

    @property
    def share(self) -> float | None:
        return self.served / self.total if self.total else None

    @property
    def best_share(self) -> float | None:
        return self.best / self.total if self.total else None

    @property
    def score(self) -> float | None:
        """served / best: 1 is the best possible choice of K tools."""
        return self.served / self.best if self.best else None


@dataclass(frozen=True)
class ScopeEvaluation:
    """One scope's kept tools against the evaluation usage."""

    scope: str
    k: int
    kept: tuple[str, ...]
    best: tuple[str, ...]  # the K tools with the most runs (calls when runs are unknown), if used
    calls: Share
    runs: Share | None  # None: a table without a runs column gave some counts
    whole_scope_kept: bool  # recommend keeps every tool here; its top K is scored


@dataclass(frozen=True)
class Evaluation:
    """Every scope's figures, and the evaluation usage they come from."""

    usage: UsageReport
    scopes: tuple[ScopeEvaluation, ...]

    def mean(self, measure: str) -> float | None:
        """The mean score of the scopes that have one (``measure``: calls or runs)."""
        scores = [
            s
            for e in self.scopes
            if (share := getattr(e, measure)) is not None and (s := share.score) is not None
        ]
        return sum(scores) / len(scores) if scores else None


def top_k(choice: ScopeChoice, keep: int | None) -> list[Ranked]:
    """The K tools the ranking keeps: the kept ones where ``recommend`` defers, else its top K."""
    if choice.deferral:
        return list(choice.kept)
    ranked = list(choice.ranked)
    if keep is not None:
        return ranked[: min(keep, len(ranked))]
    forced = [r for r in ranked if r.pinned or r.required]
    return default_count(forced, ranked)


def _share(
    kept: Sequence[Ranked], ranked: Sequence[Ranked], value: Callable[[Ranked], int]
) -> Share:
    values = sorted((value(r) for r in ranked), reverse=True)
    return Share(sum(value(r) for r in kept), sum(values[: len(kept)]), sum(values))


def evaluate(chosen: Recommendation, usage: UsageReport, keep: int | None) -> Evaluation:
    """Score every scope's kept tools against ``usage`` (read apart from the ranking's)."""
    found = []
    for choice in chosen.scopes:
        kept = top_k(choice, keep)
        ranked = choice.ranked

        def used(r: Ranked) -> ToolUsage | None:
            return usage.get(r.tool)

        def calls(r: Ranked) -> int:
            u = used(r)
            return u.calls if u else 0

        def runs(r: Ranked) -> int:
            u = used(r)
            return u.runs or 0 if u else 0

        runs_known = all(u.runs is not None for r in ranked if (u := used(r)) is not None)
        measure = runs if runs_known else calls
        best = [r for r in sorted(ranked, key=lambda r: -measure(r))[: len(kept)] if measure(r)]
        found.append(
            ScopeEvaluation(
                choice.scope.name,
                len(kept),
                tuple(r.tool.name for r in kept),
                tuple(r.tool.name for r in best),
                _share(kept, ranked, calls),
                _share(kept, ranked, runs) if runs_known else None,
                not choice.deferral,
            )
        )
    return Evaluation(usage, tuple(found))
