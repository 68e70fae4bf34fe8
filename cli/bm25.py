"""BM25 over rank-bm25, with an IDF that stays positive so two- and three-tool catalogs rank.

rank-bm25's ``BM25Okapi`` gives a term found in half the documents or more an IDF of zero or
less (its issue #50): with two tools every score is 0. This index keeps its scoring and
parameters (k1 1.5, b 0.75) and uses Lucene's IDF, ``log(1 + (N - n + 0.5) / (n + 0.5))``.
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
    """rank-bm25's Okapi BM25 with Lucene's always-positive IDF, built lazily, scored sparsely.

    A single query needs only its own terms: their postings are counted on demand. After
    ``LAZY_TERMS`` distinct terms (eval runs many queries) the whole inverted index is built
    once. ``doc_freqs`` and ``idf``, rank-bm25's own structures, are built when first read, so
    rank-bm25's ``get_scores`` gives the same numbers (a test checks).
    """

    LAZY_TERMS = 32

    def __init__(self, corpus: Sequence[Sequence[str]], k1: float = 1.5, b: float = 0.75):
        # rank-bm25's __init__ would count every document at once; the same fields, lazily:
        self.k1, self.b, self.epsilon, self.tokenizer = k1, b, 0.25, None
        self._corpus = [list(document) for document in corpus]
        self.corpus_size = len(self._corpus)
        self.doc_len = [len(document) for document in self._corpus]
        total = sum(self.doc_len)
        self.avgdl = total / self.corpus_size if self.corpus_size and total else 1.0
        self._norm = self.k1 * (1 - self.b + self.b * np.asarray(self.doc_len) / self.avgdl)
        self._postings: dict[str, tuple[Any, Any]] = {}
        self._complete = False
        self._doc_freqs: list[Counter[str]] | None = None

    @property
    def doc_freqs(self) -> list[Counter[str]]:
        if self._doc_freqs is None:
            self._doc_freqs = [Counter(document) for document in self._corpus]
        return self._doc_freqs

    @property
    def idf(self) -> dict[str, float]:
        self._index_all()
        return {term: self._idf(len(ids)) for term, (ids, _) in self._postings.items()}

    def _idf(self, df: int) -> float:
        return math.log(1 + (self.corpus_size - df + 0.5) / (df + 0.5))

    def _index_all(self) -> None:
        if self._complete:
            return
        ids: dict[str, list[int]] = {}
        tfs: dict[str, list[int]] = {}
        for i, frequencies in enumerate(self.doc_freqs):
            for term, tf in frequencies.items():
                if term in ids:
                    ids[term].append(i)
                    tfs[term].append(tf)
                else:
                    ids[term], tfs[term] = [i], [tf]
        self._postings = {
            term: (np.asarray(ids[term], dtype=np.intp), np.asarray(tfs[term], dtype=float))
            for term in ids
        }
        self._complete = True

    def _posting(self, term: str) -> tuple[Any, Any] | None:
        found = self._postings.get(term)
        if found is None and not self._complete:
            if len(self._postings) >= self.LAZY_TERMS:
                self._index_all()
                return self._postings.get(term)
            counts = np.fromiter(
                (document.count(term) for document in self._corpus), float, self.corpus_size
            )
            ids = np.flatnonzero(counts)
            found = (ids, counts[ids])
            self._postings[term] = found
        return found

    def get_scores(self, query: Sequence[str]) -> Any:
        """Scores of every document; a query term counts once per occurrence, as rank-bm25."""
        score = np.zeros(self.corpus_size)
        for term in query:
            posting = self._posting(term)
            if posting is None or not len(posting[0]):
                continue
            ids, tfs = posting
            idf = self._idf(len(ids))
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
