"""Find texts that are the same or nearly the same, in linear time (never all pairs).

Exact duplicates share a normalised text. Near duplicates (Jaccard similarity of word sets at or
above a threshold) are found by prefix filtering: words are ordered rarest first across all
texts, and each set is filed under its first ``len - ceil(threshold * len) + 1`` words, a prefix
that any set at least that similar must share a word with. A set is compared only with the first
``REPRESENTATIVES`` sets filed under each word of its prefix, so each costs a bounded number of
comparisons whatever the catalog's size; only a word that starts more than that many prefixes
can hide a match. The words two sets share are counted by a set intersection, or, when all the
sets hold few distinct words (``BIT_WORDS``), by an AND of integers with a bit per word.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import chain

REPRESENTATIVES = 4
# Up to this many distinct words, each set is also an integer with a bit per word, and the
# words two sets share are counted as the bits of an AND, a third of the time of a set
# intersection. Few words is when comparisons crowd (every word's first holders are taken
# early, so each set meets the most others); with many, the integers grow too long to win.
BIT_WORDS = 1024


@dataclass(frozen=True)
class Match:
    """Item ``index`` repeats the earlier item ``original``; ``similarity`` 1.0 when exact."""

    index: int
    original: int
    similarity: float
    exact: bool


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a and not b:
        return 1.0
    shared = len(a & b)
    return shared / (len(a) + len(b) - shared)


def find_matches(
    texts: Sequence[str],
    word_sets: Sequence[AbstractSet[str]],
    threshold: float,
    min_words: int = 2,
) -> list[Match]:
    """For each item that repeats an earlier one, its match (exact first, else the nearest).

    ``texts`` are normalised texts (equal means exact duplicates; empty ones are skipped);
    ``word_sets`` the words compared for near duplicates (smaller than ``min_words``: skipped).
    """
    threshold = min(max(threshold, 0.0), 1.0)
    frequency = Counter(chain.from_iterable(word_sets))
    # rarest first, ties by the word: one int per word sorts faster than (count, word) pairs
    order = sorted(frequency, key=lambda word: (frequency[word], word))
    rank = {word: position for position, word in enumerate(order)}.__getitem__
    bits = _as_bits(word_sets, order) if len(order) <= BIT_WORDS else None
    least = max(min_words, 1)
    matches: list[Match] = []
    first_of: dict[str, int] = {}
    buckets: dict[str, list[int]] = {}
    for index, (text, found) in enumerate(zip(texts, word_sets, strict=True)):
        if not text:
            continue
        original = first_of.setdefault(text, index)
        if original != index:
            matches.append(Match(index, original, 1.0, True))
            continue
        size = len(found)
        if size < least:
            continue
        prefix = sorted(found, key=rank)[: size - math.ceil(threshold * size) + 1]
        candidates: set[int] = set()
        for word in prefix:
            members = buckets.get(word)
            if members is None:
                buckets[word] = [index]
                continue
            candidates.update(members)
            if len(members) < REPRESENTATIVES:
                members.append(index)
        mine = 0 if bits is None else bits[index]
        best = _nearest(found, sorted(candidates), word_sets, threshold, bits, mine)
        if best is not None:
            matches.append(Match(index, best[1], best[0], False))
    return matches


def _as_bits(word_sets: Sequence[AbstractSet[str]], order: list[str]) -> list[int]:
    """Each set as an integer with the bit of each of its words set."""
    bit = {word: 1 << position for position, word in enumerate(order)}.__getitem__
    return [sum(map(bit, found)) for found in word_sets]


def _nearest(
    found: AbstractSet[str],
    candidates: list[int],
    word_sets: Sequence[AbstractSet[str]],
    threshold: float,
    bits: Sequence[int] | None = None,
    mine: int = 0,
) -> tuple[float, int] | None:
    """The most similar earlier set at or above the threshold (the earliest among equals);
    with ``bits`` (each set as ``_as_bits`` makes it, ``found``'s being ``mine``), the shared
    words are counted in those."""
    best: tuple[float, int] | None = None
    size = len(found)
    # Jaccard is at most the ratio of the sizes: skip sets too small or too large to match.
    low, high = threshold * size, (size / threshold if threshold else math.inf)
    for other in candidates:
        theirs = word_sets[other]
        count = len(theirs)
        if count < low or count > high:
            continue
        shared = len(found & theirs) if bits is None else (mine & bits[other]).bit_count()
        score = shared / (size + count - shared)
        if score >= threshold and (best is None or score > best[0]):
            best = (score, other)
    return best
