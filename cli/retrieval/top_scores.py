"""The best documents of a numpy score array, as a full ranking orders them, without sorting
every document: BM25's and Claude Code's keyword search rank 10,000 tools per query."""

from __future__ import annotations

from typing import Any


def top_positions(score: Any, k: int) -> list[int]:
    """The ``k`` best positions with a score above 0: highest score first, ties by position.

    The k-th best score is found by partitioning the whole array (no list of every reached
    position is made); only the positions at or above it, its ties included, are sorted."""
    import numpy as np

    if k <= 0:
        return []
    size = len(score)
    kth = np.partition(score, size - k)[size - k] if size > k else 0
    chosen = np.flatnonzero(score >= kth) if kth > 0 else np.flatnonzero(score > 0)
    order = np.lexsort((chosen, -score[chosen]))
    best: list[int] = chosen[order][:k].tolist()
    return best
