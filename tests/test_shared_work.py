"""Work a run does once and shares (issue 34): one index for recommend's reach and the
self-check, each tool's term counts and token counts made once, the last query's scores kept.
Every shared result equals the one made afresh."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from tests.catalog_gen import request as generated_request
from toolsearch.analysis import Analysis
from toolsearch.catalog.model import Catalog, Scope
from toolsearch.cost.slim_savings import slim_estimates
from toolsearch.cost.tokens import Cl100kCounter, count_tools
from toolsearch.recommend.reach import reach
from toolsearch.retrieval.bm25 import (
    VECTOR_FROM,
    BM25Index,
    SparseBM25,
    TermCounts,
    tool_document,
)
from toolsearch.retrieval.evaluation import Evaluator, Outcome, evenly, run_self, self_cases
from toolsearch.retrieval.library import as_catalog
from toolsearch.retrieval.searchers import searched_tools


def catalog_of(count: int, deferred: bool = True) -> Catalog:
    body = generated_request(count)
    if not deferred:
        for tool in body["tools"]:
            tool.pop("defer_loading", None)
    return as_catalog(body)


def outcomes(found: Sequence[Outcome]) -> list[tuple[Any, ...]]:
    """What an outcome says, tools by identity."""
    return [
        (o.case, o.ranks, [t.key for t in o.got], o.ties, o.error, o.always_loaded) for o in found
    ]


def fresh_self_check(scope: Scope, sample: int | None = None) -> list[Outcome]:
    """The self-check with its own index and its own copies of every tool."""
    alone = catalog_of(len(scope.tools), deferred=bool(scope.deferred_tools)).scopes[0]
    return run_self(Evaluator(Catalog((alone,))), alone, "bm25", sample)


def test_reach_and_self_check_share_one_index_when_every_tool_is_searched() -> None:
    analysis = Analysis(catalog_of(60, deferred=False))
    scope = analysis.catalog.scopes[0]
    assert searched_tools(scope) == (scope.tools, "all")
    reached = reach(scope, None, analysis)
    checked = analysis.self_check(scope, "bm25")
    assert len(analysis._searchers) == 1  # one index for both
    assert reached == reach(scope)  # reach over a fresh index
    assert outcomes(checked) == outcomes(fresh_self_check(scope))


def test_searchers_differ_only_by_what_they_can_reach() -> None:
    analysis = Analysis(catalog_of(30))
    scope = analysis.catalog.scopes[0]
    deferred, everything = scope.deferred_tools, scope.tools
    for mode in ("bm25", "claude-code"):
        assert analysis.searcher(mode, everything) is analysis.searcher(
            mode, everything, everything
        )
        assert analysis.searcher(mode, deferred) is not analysis.searcher(
            mode, deferred, everything
        )
    assert analysis.searcher("bm25", deferred) is not analysis.searcher("bm25", everything)


@pytest.mark.parametrize("sample", [None, 7])
def test_self_check_of_the_deferred_tools_after_reach_equals_a_fresh_one(
    sample: int | None,
) -> None:
    analysis = Analysis(catalog_of(40))
    scope = analysis.catalog.scopes[0]
    assert 0 < len(scope.deferred_tools) < len(scope.tools)
    reach(scope, None, analysis)  # indexes every tool first: the term counts are made there
    checked = analysis.self_check(scope, "bm25", sample)
    assert len(checked) == (sample or len(scope.deferred_tools))
    assert outcomes(checked) == outcomes(fresh_self_check(scope, sample))


def test_sampled_self_cases_are_an_even_sample_of_every_case() -> None:
    scope = catalog_of(50).scopes[0]
    every = self_cases(scope)
    assert self_cases(scope, sample=9) == evenly(every, 9)
    assert self_cases(scope, sample=500) == every


def test_indexes_of_a_run_count_a_tools_terms_once_and_score_alike() -> None:
    tools = catalog_of(VECTOR_FROM + 20).scopes[0].tools
    shared: TermCounts = {}
    every = BM25Index(tools, shared)
    every.model.index_all()
    assert len(shared) == len(tools)
    part = BM25Index(tools[4:], shared)  # the deferred ones: counted already
    part.model.index_all()
    assert all(a is b for a, b in zip(part.model.doc_freqs, every.model.doc_freqs[4:], strict=True))
    for index, documents in ((every, every.documents), (part, part.documents)):
        alone = SparseBM25(documents)  # counts its own terms
        alone.index_all()
        assert index.model.doc_freqs == alone.doc_freqs and index.model.idf == alone.idf
        query = list(tool_document(tools[7])[:12])
        assert index.model.ranked(query) == alone.ranked(query)


def random_corpus(size: int, seed: int = 3) -> list[list[str]]:
    rng = np.random.default_rng(seed)
    words = [f"w{i}" for i in range(80)]
    return [[str(w) for w in rng.choice(words, size=int(rng.integers(1, 25)))] for _ in range(size)]


def test_the_last_querys_scores_kept_change_no_answer() -> None:
    corpus = random_corpus(VECTOR_FROM + 50)
    kept = SparseBM25(corpus)
    assert kept.vectorised
    queries = [["w1", "w2", "w2"], ["w7"], ["w1", "w2", "w2"], ["w3", "w40"], ["w3", "w40"]]
    docs = [0, 5, 17, 100]
    for query in queries:
        fresh = SparseBM25(corpus)
        assert kept.ranks_and_top(query, docs, 5) == fresh.ranks_and_top(query, docs, 5)
        assert kept.tie_spans(query, docs) == fresh.tie_spans(query, docs)
        assert kept.ranked(query) == fresh.ranked(query)


class CountingEncoder:
    """Counts the texts the default counter is handed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        original = Cl100kCounter.count_many

        def count_many(counter: Cl100kCounter, texts: Sequence[str]) -> list[int]:
            self.texts.extend(texts)
            return original(counter, texts)

        monkeypatch.setattr(Cl100kCounter, "count_many", count_many)
        monkeypatch.setenv("TOOLSEARCH_NO_CACHE", "1")  # every count reaches the encoder


def test_the_default_counts_of_a_tool_are_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    encoder = CountingEncoder(monkeypatch)
    tools = catalog_of(12).scopes[0].tools
    first = count_tools(tools)
    assert len(encoder.texts) == 1 + 2 * len(tools)  # the glue, then each tool's two parts
    assert count_tools([tools[2], *tools, tools[2]]) == [first[2], *first, first[2]]
    assert len(encoder.texts) == 1 + 2 * len(tools)  # nothing counted again
    given = count_tools(tools, Cl100kCounter())  # a given counter counts what it is handed
    assert given == first and len(encoder.texts) == 2 * (1 + 2 * len(tools))


def test_slimming_estimates_count_only_slimmed_schemas(monkeypatch: pytest.MonkeyPatch) -> None:
    encoder = CountingEncoder(monkeypatch)
    analysis = Analysis(catalog_of(12))
    scope_budget = analysis.budget.scopes[0]
    counted = len(encoder.texts)
    slims = slim_estimates(scope_budget.scope.tools, scope_budget.model)
    assert len(encoder.texts) == counted  # no schema of these tools has anything to cut
    rows = {r.name: r.tokens for r in scope_budget.rows}
    assert [s.before for s in slims] == [round(rows[s.tool.name]) for s in slims]
    assert all(s.before == s.safe == s.unsafe for s in slims)
