"""Okapi BM25 with an IDF that stays positive, scored sparsely in pure Python.

rank-bm25's ``BM25Okapi`` gives a term found in half the documents or more an IDF of zero or
less (its issue #50): with two tools every score is 0. This index keeps its scoring and
parameters (k1 1.5, b 0.75) and uses Lucene's IDF, ``log(1 + (N - n + 0.5) / (n + 0.5))``.
Scores are summed over the postings of the query's terms only: in pure Python below
``VECTOR_FROM`` documents (a lint of a small catalog need not import numpy, 80 ms), with numpy
from there (a self-query of 30 terms touches most of a large catalog). Both give the same
floats, in the same order of operations; tests check them against each other and against
rank-bm25's own ``get_scores`` with the same IDF.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from toolsearch.catalog.fields import tool_fields
from toolsearch.catalog.model import Tool
from toolsearch.retrieval.terms import terms
from toolsearch.retrieval.top_scores import top_positions

NAME_WEIGHT = 3  # name terms count three times: the name says most about a tool

Posting = tuple[list[int], list[int]]  # document ids and the term's count in each
VECTOR_FROM = 200  # documents: from here numpy scores faster than a Python loop
DENSE_FROM = 8  # a term in at least 1/8 of the documents adds a whole row of scores


class SparseBM25:
    """Okapi BM25 with Lucene's always-positive IDF, indexed lazily, scored sparsely.

    A single query needs only its own terms: their postings are counted on demand. After
    ``LAZY_TERMS`` distinct terms (eval runs many queries) the whole inverted index is built
    once. ``doc_freqs``, ``idf`` and ``avgdl`` have rank-bm25's meaning.
    """

    LAZY_TERMS = 32

    def __init__(
        self,
        corpus: Sequence[Sequence[str]],
        k1: float = 1.5,
        b: float = 0.75,
        counts: Callable[[], list[Counter[str]]] | None = None,
    ):
        """``counts``: what gives each document's term counts (``Counter(document)``) when
        the whole index is built, if they are made elsewhere (two indexes of a run over the
        same tools share them)."""
        self.k1, self.b = k1, b
        self._corpus = [tuple(document) for document in corpus]  # a tuple is kept, not copied
        self.corpus_size = len(self._corpus)
        self.doc_len = [len(document) for document in self._corpus]
        total = sum(self.doc_len)
        self.avgdl = total / self.corpus_size if self.corpus_size and total else 1.0
        self._norm = [k1 * (1 - b + b * length / self.avgdl) for length in self.doc_len]
        self._postings: dict[str, Posting] = {}
        self._complete = False
        self._doc_freqs: list[Counter[str]] | None = None
        self._counts = counts
        self._last: tuple[tuple[str, ...], Any] | None = None  # the last query's scores
        self._arrays: dict[str, tuple[Any, Any]] = {}  # per term: documents, score shares
        self._norm_array: Any = None
        self.vectorised = self.corpus_size >= VECTOR_FROM
        # the last query's scores: a rank and its ties are read from the same query in turn
        self._last_sparse: tuple[tuple[str, ...], dict[int, float]] | None = None

    @property
    def doc_freqs(self) -> list[Counter[str]]:
        if self._doc_freqs is None:
            made = self._counts
            self._doc_freqs = (
                [Counter(document) for document in self._corpus] if made is None else made()
            )
        return self._doc_freqs

    @property
    def idf(self) -> dict[str, float]:
        self._index_all()
        return {term: self._idf(len(ids)) for term, (ids, _) in self._postings.items()}

    def _idf(self, df: int) -> float:
        return math.log(1 + (self.corpus_size - df + 0.5) / (df + 0.5))

    def index_all(self) -> None:
        """Index every term now: for runs of many queries (the lazy scan per term would cost
        more than the whole index)."""
        self._index_all()

    def _index_all(self) -> None:
        if self._complete:
            return
        postings: dict[str, Posting] = {}
        for i, frequencies in enumerate(self.doc_freqs):
            for term, tf in frequencies.items():
                found = postings.get(term)
                if found is None:
                    postings[term] = ([i], [tf])
                else:
                    found[0].append(i)
                    found[1].append(tf)
        self._postings = postings
        self._complete = True

    def _posting(self, term: str) -> Posting | None:
        found = self._postings.get(term)
        if found is None and not self._complete:
            if len(self._postings) >= self.LAZY_TERMS:
                self._index_all()
                return self._postings.get(term)
            ids: list[int] = []
            tfs: list[int] = []
            for i, document in enumerate(self._corpus):
                if term in document:
                    ids.append(i)
                    tfs.append(document.count(term))
            found = (ids, tfs)
            self._postings[term] = found
        return found

    def sparse_scores(self, query: Sequence[str]) -> dict[int, float]:
        """Scores of the documents that hold a query term; each occurrence in the query counts.
        The last query's are kept (read them, never change them)."""
        key = tuple(query)
        if self._last_sparse is not None and self._last_sparse[0] == key:
            return self._last_sparse[1]
        scores: dict[int, float] = {}
        k1_plus_1, norm = self.k1 + 1, self._norm
        for term in query:
            posting = self._posting(term)
            if not posting or not posting[0]:
                continue
            ids, tfs = posting
            idf = self._idf(len(ids))
            for i, tf in zip(ids, tfs, strict=True):
                scores[i] = scores.get(i, 0.0) + idf * (tf * k1_plus_1 / (tf + norm[i]))
        self._last_sparse = (key, scores)
        return scores

    def ranked(
        self, query: Sequence[str], keep: Iterable[int] | None = None
    ) -> list[tuple[int, float]]:
        """(document, score), best first, ties in document order: the documents that hold a
        query term, or exactly those in ``keep`` (scored 0.0 when they hold none)."""
        if self.vectorised:
            return self._ranked_vectorised(query, keep)
        scores = self.sparse_scores(query)
        order = sorted((-scores.get(i, 0.0), i) for i in (scores if keep is None else keep))
        return [(i, -negated) for negated, i in order]

    def ranks_and_top(
        self, query: Sequence[str], docs: Sequence[int], k: int
    ) -> tuple[list[int | None], list[int]]:
        """Where each of ``docs`` ranks (None: it holds no query term) and the ``k`` best
        documents, both as ``ranked`` orders them, without ordering every document."""
        if self.vectorised:
            return self._ranks_and_top_vectorised(query, docs, k)
        scores = self.sparse_scores(query)
        ranks: list[int | None] = []
        for doc in docs:
            mine = scores.get(doc)
            ranks.append(
                None
                if mine is None
                else 1 + sum(1 for i, s in scores.items() if s > mine or (s == mine and i < doc))
            )
        top = [i for _, i in sorted((-s, i) for i, s in scores.items())[:k]]
        return ranks, top

    def tie_spans(self, query: Sequence[str], docs: Sequence[int]) -> list[tuple[int, int] | None]:
        """For each of ``docs``, the first and last rank of the documents with its score (None
        when it holds no query term or no other document has its score)."""
        if self.vectorised:
            import numpy as np

            score = self._score_array(query)
            values = [float(score[d]) for d in docs]
            above = [int(np.count_nonzero(score > v)) for v in values]
            same = [int(np.count_nonzero(score == v)) for v in values]
        else:
            scores = self.sparse_scores(query)
            values = [scores.get(d, 0.0) for d in docs]
            above = [sum(1 for s in scores.values() if s > v) for v in values]
            same = [sum(1 for s in scores.values() if s == v) for v in values]
        return [
            (a + 1, a + n) if v > 0 and n > 1 else None
            for v, a, n in zip(values, above, same, strict=True)
        ]

    def _ranked_vectorised(
        self, query: Sequence[str], keep: Iterable[int] | None
    ) -> list[tuple[int, float]]:
        import numpy as np

        score = self._score_array(query)
        chosen = np.flatnonzero(score) if keep is None else np.fromiter(keep, dtype=np.intp)
        values = score[chosen]
        order = np.lexsort((chosen, -values))
        return list(zip(chosen[order].tolist(), values[order].tolist(), strict=True))

    def _ranks_and_top_vectorised(
        self, query: Sequence[str], docs: Sequence[int], k: int
    ) -> tuple[list[int | None], list[int]]:
        import numpy as np

        score = self._score_array(query)
        ranks: list[int | None] = []
        for doc in docs:
            mine = score[doc]
            ahead = np.count_nonzero(score > mine) + np.count_nonzero(score[:doc] == mine)
            ranks.append(None if mine <= 0 else 1 + int(ahead))
        return ranks, top_positions(score, k)

    def _score_array(self, query: Sequence[str]) -> Any:
        """Every document's score as a numpy array (0.0 where no query term occurs); the last
        query's is kept (an evaluation asks for a case's ranks, then for its ties). Callers
        read it and never write to it."""
        key = tuple(query)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        score = self._compute_scores(query)
        self._last = (key, score)
        return score

    def _compute_scores(self, query: Sequence[str]) -> Any:
        import numpy as np

        if self._norm_array is None:
            self._norm_array = np.asarray(self._norm)
        norm = self._norm_array
        score = np.zeros(self.corpus_size)
        for term in query:
            found = self._arrays.get(term)
            if found is None:
                posting = self._posting(term)
                if not posting or not posting[0]:
                    continue
                docs = np.asarray(posting[0], dtype=np.intp)
                tfs = np.asarray(posting[1], float)
                part = self._idf(len(docs)) * (tfs * (self.k1 + 1) / (tfs + norm[docs]))
                if len(docs) * DENSE_FROM >= self.corpus_size:
                    # a common term: adding a whole row is faster than a scatter, and adding
                    # 0.0 elsewhere leaves those scores as they were (the same floats)
                    dense = np.zeros(self.corpus_size)
                    dense[docs] = part
                    found = (None, dense)
                else:
                    found = (docs, part)
                self._arrays[term] = found  # the term's share of each score, computed once
            ids, share = found
            if ids is None:
                score += share
            else:
                score[ids] += share
        return score


_DOCUMENT = "_bm25_document"  # where a tool keeps its terms once made (as a cached property)


def tool_document(tool: Tool) -> tuple[str, ...]:
    """A tool's terms: the name's ``NAME_WEIGHT`` times, then every other field's. Made once
    per tool: a run that indexes the same tools twice (recommend's reach over every tool, the
    self-check over the deferred ones) splits their text once. The tuple itself is returned
    (``SparseBM25`` keeps its own copy of a corpus)."""
    known: tuple[str, ...] | None = tool.__dict__.get(_DOCUMENT)
    if known is None:
        fields = tool_fields(tool)
        document = terms(fields[0][1]) * NAME_WEIGHT
        document.extend(terms("\n".join(text for _, text in fields[1:])))
        known = tool.__dict__[_DOCUMENT] = tuple(document)  # the frozen tool's own cache
    return known


TermCounts = dict[int, tuple[Tool, Counter[str]]]  # by id(tool): the tool, its terms' counts


def _term_counts(
    tools: Sequence[Tool], documents: Sequence[Sequence[str]], shared: TermCounts
) -> list[Counter[str]]:
    """Each tool's term counts: from ``shared`` when another index made them, else made now
    (and kept there)."""
    made = []
    for tool, document in zip(tools, documents, strict=True):
        found = shared.get(id(tool))
        if found is None or found[0] is not tool:  # the tool is held there: its id is its own
            found = shared[id(tool)] = (tool, Counter(document))
        made.append(found[1])
    return made


class BM25Index:
    """A BM25 index over some tools, built once; ``shared`` holds each tool's term counts for
    the other indexes of a run (recommend's reach over every tool, the self-check over the
    deferred ones): a tool's terms are counted once."""

    def __init__(self, tools: Sequence[Tool], shared: TermCounts | None = None) -> None:
        self.tools = tuple(tools)
        self.documents = [tool_document(t) for t in self.tools]
        counts = partial(_term_counts, self.tools, self.documents, {} if shared is None else shared)
        self.model = SparseBM25(self.documents, counts=counts)  # no cycle: the CLI runs no GC

    def ranked(
        self, query_terms: Sequence[str], keep: Iterable[int] | None = None
    ) -> list[tuple[int, float]]:
        """(position, score) of the tools that hold a query term (or of ``keep``), best first."""
        return self.model.ranked(query_terms, keep)

    def ranks_and_top(
        self, query_terms: Sequence[str], positions: Sequence[int], k: int
    ) -> tuple[list[int | None], list[int]]:
        """Where each tool at ``positions`` ranks (None: not reached), and the ``k`` best."""
        return self.model.ranks_and_top(query_terms, positions, k)

    def tie_spans(
        self, query_terms: Sequence[str], positions: Sequence[int]
    ) -> list[tuple[int, int] | None]:
        """Each tool's tie: the first and last rank sharing its score (None: no tie)."""
        return self.model.tie_spans(query_terms, positions)
