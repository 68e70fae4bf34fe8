"""``--mode hybrid``: toolsearch's lexical ranking fused with sentence embeddings.

Reciprocal rank fusion: a tool's score is ``1/(K + lexical rank) + WEIGHT/(K + semantic rank)``
(a term is 0 where the lexical ranking does not reach the tool); every searched tool has a
semantic rank, so every tool is reached. K and WEIGHT were chosen on MetaTool and held on two
labelled sets that were not used to choose them (README, "Search modes"). ``select:`` and
``+term`` work as in bm25 mode (``+term`` keeps the tools whose name holds the term).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

import numpy as np

from toolsearch.catalog.fields import tool_fields
from toolsearch.catalog.model import Tool
from toolsearch.retrieval.embedding import Embedder, shared_embedder
from toolsearch.retrieval.searchers import (
    DEFAULT_LIMIT,
    BM25Searcher,
    Found,
    ParsedQuery,
    Ranking,
    RankingSearch,
    Result,
    matched_words,
    parse_query,
    with_ties,
)
from toolsearch.retrieval.terms import words

K = 5
WEIGHT = 1.5


def tool_text(tool: Tool) -> str:
    """What is embedded for a tool: its name as words, then its other fields as written."""
    parts = [" ".join(words(tool.sent_name))]
    parts.extend(text for name, text in tool_fields(tool) if name != "name")
    return ". ".join(p.strip() for p in parts if p.strip())


def semantic_query(query: str) -> str:
    """The query as embedded: without Claude Code's ``+`` markers."""
    return " ".join(w[1:] if w.startswith("+") and len(w) > 1 else w for w in query.split())


def prepare_queries(queries: Sequence[str]) -> None:
    """Embed a run's queries in one batch, kept in the cache (eval's labelled queries)."""
    texts = [t for t in map(semantic_query, queries) if t]
    shared_embedder().embed(texts, cache=True)


class HybridSearcher(RankingSearch):
    """Lexical (bm25 mode's ranking) and semantic rankings fused by reciprocal rank."""

    def __init__(self, tools: Sequence[Tool], embedder: Embedder | None = None) -> None:
        self.tools = tuple(tools)
        self.lexical = BM25Searcher(self.tools)
        self.embedder = embedder or shared_embedder()

    @cached_property
    def vectors(self) -> np.ndarray:
        """One unit vector per tool (cached on disk by text)."""
        return self.embedder.embed([tool_text(t) for t in self.tools], cache=True)

    def prepare_many(self) -> None:
        """Index and embed every tool now, for a run of many queries."""
        self.lexical.prepare_many()
        self.vectors  # noqa: B018

    def semantic_scores(self, query: str) -> np.ndarray:
        """Cosine similarity of the query to each tool."""
        text = semantic_query(query)
        if not self.tools or not text:
            return np.zeros(len(self.tools), dtype=np.float32)
        tools = self.vectors  # first: a run that must embed its tools loads every core
        vector = self.embedder.embed([text])[0]
        return np.asarray(tools @ vector, dtype=np.float32)

    def ranking(self, query: str) -> Ranking:
        return self._rank(query, parse_query(query))

    def _rank(self, query: str, parsed: ParsedQuery) -> Ranking:
        if parsed.select is not None:
            return self.lexical.ranking(query)
        if not self.tools or not semantic_query(query).strip():
            return []
        keep = list(range(len(self.tools)))
        if parsed.required:
            names = [t.sent_name.lower() for t in self.tools]
            keep = [i for i in keep if all(r in names[i] for r in parsed.required)]
        allowed = np.zeros(len(self.tools), dtype=bool)
        allowed[keep] = True
        fused = np.zeros(len(self.tools), dtype=np.float64)
        for rank, (i, _) in enumerate(self.lexical.ranking(query), 1):
            fused[i] += 1.0 / (K + rank)
        similarity = self.semantic_scores(query)
        order = [int(i) for i in np.argsort(-similarity, kind="stable") if allowed[i]]
        for rank, i in enumerate(order, 1):
            fused[i] += WEIGHT / (K + rank)
        best = sorted(order, key=lambda i: (-fused[i], i))
        return [(i, float(fused[i])) for i in best]

    def find(self, query: str, limit: int | None = DEFAULT_LIMIT) -> Found:
        parsed = parse_query(query)
        if parsed.select is not None:
            return self.lexical.find(query, limit)
        whole = ranking = self._rank(query, parsed)
        total = len(ranking)
        if limit is not None:
            ranking = ranking[:limit]
        wanted = parsed.wanted
        results = [
            Result(self.tools[i], rank, score, matched_words(self.tools[i], wanted))
            for rank, (i, score) in enumerate(ranking, 1)
        ]
        return Found(with_ties(results, whole), total)
