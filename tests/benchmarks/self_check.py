"""Does the self-check tell search modes apart as labelled queries do?

Usage: python -m tests.benchmarks.self_check [metatool] [catalogs] [--labelled]
(from the repository root; hybrid needs the semantic extra). For each ranker (plain rank-bm25,
toolsearch's bm25, claude-code, hybrid) it prints the self-check figures of ``eval --self``
(each tool's own name and description) and of ``eval --held-out`` (each tool's description,
every description held out of the index), and with ``--labelled`` the labelled figures of
tests/benchmarks/retrieval.py on the same tools and cases (MetaTool's 21,111 queries in
claude-code mode take about 10 minutes).

The plain ranker is tests/benchmarks/retrieval.py's: on the held-out check its documents are
the tools without their descriptions, as toolsearch's held-out index is.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from toolsearch.catalog.model import Catalog, Scope
from toolsearch.retrieval.cases import Case
from toolsearch.retrieval.embedding import semantic_available
from toolsearch.retrieval.evaluation import (
    KS,
    Evaluator,
    Outcome,
    description_query,
    metrics,
    run_held_out,
    run_self,
    self_cases,
    without_description,
)
from toolsearch.retrieval.hybrid import prepare_queries

from .retrieval import catalog_sets, compare, metatool_set, plain_bm25

RANKERS = ["plain", "bm25", "claude-code", *(["hybrid"] if semantic_available() else [])]
SHOWN = ("recall@1", "recall@5", "mrr")


def _figures(outcomes: list[Outcome]) -> dict[str, float]:
    m = metrics(outcomes, KS)
    return {"recall@1": m.recall[1], "recall@5": m.recall[5], "mrr": m.mrr}


def _plain(scope: Scope, queries: list[tuple[str, int]], held_out: bool) -> dict[str, float]:
    tools = tuple(without_description(t) for t in scope.tools) if held_out else scope.tools
    pairs = [(Case(str(i), q, ()), [i]) for q, i in queries]
    return plain_bm25(tools, pairs)


def self_figures(
    scope: Scope, rankers: Sequence[str] = RANKERS
) -> dict[str, dict[str, dict[str, float]]]:
    """Per check ("self", "held-out") and ranker: recall@1, recall@5 and MRR."""
    position = {id(t): i for i, t in enumerate(scope.tools)}
    own = [(case.query, position[id(tool)]) for case, tool in self_cases(scope)]
    held = [(description_query(scope.tools[i]), i) for _, i in own]
    found: dict[str, dict[str, dict[str, float]]] = {"self": {}, "held-out": {}}
    for ranker in rankers:
        if ranker == "plain":
            found["self"][ranker] = _plain(scope, own, False)
            found["held-out"][ranker] = _plain(scope, held, True)
            continue
        if ranker == "hybrid":
            prepare_queries([q for q, _ in own])
        evaluator = Evaluator(Catalog((scope,)))
        found["self"][ranker] = _figures(run_self(evaluator, scope, ranker))
        found["held-out"][ranker] = _figures(run_held_out(scope, ranker))
    return found


def report(label: str, scope: Scope, labelled: dict[str, Any] | None) -> dict[str, Any]:
    found: dict[str, Any] = self_figures(scope)
    if labelled is not None:
        found["labelled"] = labelled
    print(f"\n{label}: {len(scope.tools)} tools")
    print(f"{'check':<10} {'ranker':<12}" + "".join(f" {k:>9}" for k in SHOWN))
    for check, rankers in found.items():
        for ranker, values in rankers.items():
            shown = "".join(f" {values[k]:>9.4f}" for k in SHOWN)
            print(f"{check:<10} {ranker:<12}{shown}")
    return {"set": label, **found}


if __name__ == "__main__":
    wanted = [a for a in sys.argv[1:] if not a.startswith("--")] or ["metatool", "catalogs"]
    sets = ([metatool_set()] if "metatool" in wanted else []) + (
        catalog_sets() if "catalogs" in wanted else []
    )
    results: list[Any] = []
    for label, catalog, cases in sets:
        labelled = None
        if "--labelled" in sys.argv:
            measured = compare(label, catalog, cases, [r for r in RANKERS if r != "plain"])
            labelled = {r: measured[r] for r in RANKERS}
        results.append(report(label, catalog.scopes[0], labelled))
    print(json.dumps(results, indent=1), file=sys.stderr)
