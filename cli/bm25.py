"""BM25 over rank-bm25, with an IDF that stays positive so two- and three-tool catalogs rank.

rank-bm25's ``BM25Okapi`` gives a term found in half the documents or more an IDF of zero or
less (its issue #50): with two tools every score is 0. This index keeps its scoring and
parameters (k1 1.5, b 0.75) and uses Lucene's IDF, ``log(1 + (N - n + 0.5) / (n + 0.5))``.
Indexing counts terms with ``collections.Counter`` and scoring walks only the tools that hold
each query term; both give exactly the numbers of rank-bm25's own loops (a test checks).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi

from toolsearch.fields import tool_fields
from toolsearch.model import Tool
from toolsearch.terms import terms

NAME_WEIGHT = 3  # name terms count three times: the name says most about a tool


class FixedIdfBM25(BM25Okapi):  # type: ignore[misc]
    """rank-bm25's Okapi BM25 with Lucene's always-positive IDF and sparse scoring."""

    def __init__(self, corpus: Sequence[Sequence[str]], k1: float = 1.5, b: float = 0.75):
        self._postings: dict[str, tuple[Any, Any]] = {}
        super().__init__(corpus, k1=k1, b=b)

    def _initialize(self, corpus: Sequence[Sequence[str]]) -> dict[str, int]:
        self.doc_freqs = [Counter(document) for document in corpus]
        self.doc_len = [len(document) for document in corpus]
        self.corpus_size = len(corpus)
        total = sum(self.doc_len)
        self.avgdl = total / self.corpus_size if self.corpus_size and total else 1.0
        nd: Counter[str] = Counter()
        for frequencies in self.doc_freqs:
            nd.update(frequencies.keys())
        self._norm = self.k1 * (1 - self.b + self.b * np.asarray(self.doc_len) / self.avgdl)
        return dict(nd)

    def _calc_idf(self, nd: dict[str, int]) -> None:
        n = self.corpus_size
        self.idf = {word: math.log(1 + (n - df + 0.5) / (df + 0.5)) for word, df in nd.items()}
        self.average_idf = sum(self.idf.values()) / len(self.idf) if self.idf else 0.0

    def _posting(self, term: str) -> tuple[Any, Any]:
        found = self._postings.get(term)
        if found is None:
            ids = [i for i, frequencies in enumerate(self.doc_freqs) if term in frequencies]
            tfs = [self.doc_freqs[i][term] for i in ids]
            found = (np.asarray(ids, dtype=np.intp), np.asarray(tfs, dtype=float))
            self._postings[term] = found
        return found

    def get_scores(self, query: Sequence[str]) -> Any:
        """Scores of every document; a query term counts once per occurrence, as rank-bm25."""
        score = np.zeros(self.corpus_size)
        for term in query:
            idf = self.idf.get(term)
            if not idf:
                continue
            ids, tfs = self._posting(term)
            score[ids] += idf * (tfs * (self.k1 + 1) / (tfs + self._norm[ids]))
        return score


def tool_document(tool: Tool) -> list[str]:
    """A tool's terms: the name's ``NAME_WEIGHT`` times, then every other field's."""
    fields = tool_fields(tool)
    document = terms(fields[0][1]) * NAME_WEIGHT
    document.extend(terms("\n".join(text for _, text in fields[1:])))
    return document


class BM25Index:
    """A BM25 index over some tools, built once."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        self.tools = tuple(tools)
        self.documents = [tool_document(t) for t in self.tools]
        self.model = FixedIdfBM25(self.documents) if self.tools else None

    def scores(self, query_terms: Sequence[str]) -> Any:
        """One score per tool (0 for a tool that holds no query term)."""
        if self.model is None:
            return np.zeros(0)
        return self.model.get_scores(query_terms)
