"""BM25's and Claude Code's faster forms (issue 34) give what the plain ones give: the same
top documents, the same query terms, the same floats."""

from __future__ import annotations

import numpy as np
import pytest

from toolsearch.retrieval.searchers import parse_query
from toolsearch.retrieval.terms import terms
from toolsearch.retrieval.top_scores import top_positions


def plain_top(score: list[float], k: int) -> list[int]:
    """Every document above 0, by score then position: the first ``k``."""
    return [i for _, i in sorted((-s, i) for i, s in enumerate(score) if s > 0)][:k]


@pytest.mark.parametrize(
    "score",
    [
        [0.0] * 6,  # nothing reached
        [0.0, 2.0, 0.0, 1.0],  # fewer reached than k
        [1.0, 3.0, 3.0, 2.0, 3.0, 0.0, 3.0, 1.0],  # the k-th best tied with those after it
        [5.0, 5.0, 5.0, 5.0, 5.0],  # everything tied
        [0.5, 0.0, 0.5, 0.25, 0.0, 0.0, 0.125],
        [7.0],
        [],
    ],
)
def test_top_equals_sorting_every_document(score: list[float]) -> None:
    array = np.asarray(score, dtype=float)
    for k in (0, 1, 2, 3, 5, len(score), len(score) + 4):
        assert top_positions(array, k) == plain_top(score, k)


def test_top_on_random_scores_with_many_ties() -> None:
    rng = np.random.default_rng(4)
    for _ in range(200):
        size = int(rng.integers(1, 60))
        points = rng.integers(0, 4, size=size)  # a few values: ties and zeros
        k = int(rng.integers(0, size + 3))
        assert top_positions(points * 0.75, k) == plain_top((points * 0.75).tolist(), k)
        assert top_positions(points, k) == plain_top(points.tolist(), k)  # Claude Code's ints


@pytest.mark.parametrize(
    "query",
    [
        "send a slack message",
        "  leading\tand trailing\nwhitespace  ",
        "non\u00a0breaking\u3000ideographic\u2003em spaces",
        "Caf\u00e9 na\u00efve \ufb01le \uff21\uff30\uff29",  # accents, ligature, full width
        "検索ツール 東京 weather",
        "snake_case camelCaseName HTTPServer v2beta",
        "the of and",  # stopwords only: no terms
        "",
        "C++ and a+b",  # a plus inside a word is no required term
    ],
)
def test_a_query_without_required_terms_is_its_texts_terms(query: str) -> None:
    words = query.strip().split()
    required = [w for w in words if w.startswith("+") and len(w) > 1]
    parsed = parse_query(query)
    assert parsed.select is None and parsed.required == ()
    assert not required
    assert parsed.ranked_terms == tuple(terms(" ".join(words)))


def test_a_required_term_still_reads_the_plus_form() -> None:
    parsed = parse_query("+slack send\u00a0message")
    assert parsed.required == ("slack",)
    assert parsed.ranked_terms == ("send", "messag")
