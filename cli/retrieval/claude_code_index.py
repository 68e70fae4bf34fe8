"""Claude Code's ToolSearch keyword scores from postings, built once per catalog.

Claude Code tests every (term, tool) pair with a fresh ``\\b``-delimited regex. A term made of
word characters only (``[A-Za-z0-9_]``, JavaScript's ``\\w``) is a whole word of a text exactly
when it is one of the text's maximal runs of word characters, so a set of those runs per tool
answers it; other terms (rare: ``a.b``, ``-x``) fall back to the regex. Per term, the tools it
reaches (as a name part, inside one, as a whole word of hint or description) are found once and
kept; a query adds up its terms' postings, with numpy from ``VECTOR_FROM`` tools. The scores are
Claude Code's, term by term, in its order (tests compare them with the per-pair form).
"""

from __future__ import annotations

import dataclasses
import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from toolsearch.retrieval.ascii_runs import LETTERS_DIGITS, ascii_runs, run_table
from toolsearch.retrieval.top_scores import top_positions

MCP_GAINS = (12, 6)  # a name part equal to the term, a part holding it: MCP tools
BUILT_IN_GAINS = (10, 5)  # the same for a tool that is not MCP
MCP_COARSE_GAINS = (12, 4)  # the term equal to a coarse entry, or inside one (from 2.1.113)
BUILT_IN_COARSE_GAINS = (10, 3)
FULL_GAIN = 3  # the full name holds the term while the tool has scored nothing yet
HINT_GAIN = 4  # a whole word of the search hint
DESCRIPTION_GAIN = 2  # a whole word of the description
# the most one query term adds to a tool's score: an equal name part and coarse entry, a hint
# word, a description word, the full name
MOST_PER_TERM = (
    max(MCP_GAINS + BUILT_IN_GAINS)
    + max(MCP_COARSE_GAINS + BUILT_IN_COARSE_GAINS)
    + HINT_GAIN
    + DESCRIPTION_GAIN
    + FULL_GAIN
)
VECTOR_FROM = 200  # tools: from here numpy adds up postings faster than a dict
DENSE_FROM = 8  # a term reaching 1/8 of the tools or more adds a whole row of scores
TERM_CACHE = 100_000  # distinct terms kept per index
GRAM = 3  # characters of the pieces that index many keys
GRAMS_FROM = 2000  # keys: from here a term's keys are found by its pieces, not by a scan
SPLIT_FROM = 256  # places of a term in the joined keys: from here str.split finds them faster

SEPARATOR = "\x00"  # between texts searched as one
_WORD_RUN = re.compile(r"[A-Za-z0-9_]+")
_WORD_RUN_TABLE = run_table(LETTERS_DIGITS + "_")  # the same runs, found faster
_WORD_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


@dataclass(frozen=True)
class Entry:
    """One searched tool as ToolSearch reads it (every text lower-cased).

    ``coarse`` is empty before Claude Code 2.1.113, which scores no coarse entries."""

    parts: tuple[str, ...]
    full: str
    is_mcp: bool
    description: str
    hint: str
    coarse: tuple[str, ...] = ()
    # the hint's and the description's runs of word characters, each once, in order: read
    # once per entry (the indexes of a run share a tool's entry)
    hint_words: tuple[str, ...] = dataclasses.field(init=False, repr=False, compare=False)
    description_words: tuple[str, ...] = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hint_words", _distinct_words(self.hint))
        object.__setattr__(self, "description_words", _distinct_words(self.description))


def _distinct_words(text: str) -> tuple[str, ...]:
    """The text's runs of word characters (``_WORD_RUN``'s, found by ``ascii_runs``), each once."""
    return tuple(dict.fromkeys(ascii_runs(text, _WORD_RUN_TABLE)))


def whole_word(term: str, text: str) -> bool:
    """JavaScript's ``\\b`` on both sides of the term (ASCII word characters)."""
    at = text.find(term)
    while at >= 0:
        if _bounded(text, term, at):
            return True
        at = text.find(term, at + 1)
    return False


@dataclass(frozen=True)
class _TermHits:
    """What one term adds to each tool it reaches, and which tools satisfy it as ``+term``."""

    gains: dict[int, int]  # name parts and coarse entries
    full: dict[int, int]  # tools whose full name holds it while no part does: their gains
    added: dict[int, int]  # everything but the full name: gains, hint and description; its
    # keys are the tools that satisfy the term as ``+term`` (every gain is above 0)
    vector: Any = None  # ``added`` in numpy: (ids, values), or a dense row (None, row)
    reach: Any = None  # numpy: the ids of ``added`` (which is then empty)


class KeywordIndex:
    """Postings over name parts, coarse entries, hint and description words of ``entries``.

    ``within``: an index holding every one of ``entries`` (the same objects), e.g. recommend's
    reach over every tool when the self-check searches the deferred ones. A term's hits are a
    property of each entry alone, so such an index reads them from that one, kept to its own
    entries, and builds no postings of its own (numpy indexes only)."""

    def __init__(self, entries: Sequence[Entry], within: KeywordIndex | None = None) -> None:
        self.entries = tuple(entries)
        self.vectorised = len(self.entries) >= VECTOR_FROM
        self._hits: dict[str, _TermHits] = {}
        # the last query's scores: a self-check reads a query's ranks, then its ties
        self._last: tuple[tuple[tuple[str, ...], tuple[str, ...]], Any] | None = None
        self._within: tuple[KeywordIndex, Any, Any] | None = None
        if within is not None and self.vectorised and within.vectorised:
            self._within = _places_within(within, self.entries)
        if self._within is None:
            self._build()

    @property
    def reads_another(self) -> bool:
        """Whether this index reads its terms' hits from another (``within``)."""
        return self._within is not None

    def _build(self) -> None:
        self._parts = _postings(e.parts for e in self.entries)
        self._coarse = _postings(e.coarse for e in self.entries)
        self._part_keys = _keys(self._parts)
        self._coarse_keys = _keys(self._coarse)
        self._hint_words = _distinct_postings(e.hint_words for e in self.entries)
        self._description_words = _distinct_postings(e.description_words for e in self.entries)
        # tools whose full name is not their parts spaced: a term (never holding whitespace)
        # can sit in such a full name without sitting in a part
        self._irregular = tuple(
            i for i, e in enumerate(self.entries) if e.full.split() != list(e.parts)
        )
        self._texts: dict[str, tuple[str, list[int]]] = {}

    def ranked(self, terms: Sequence[str], required: Sequence[str]) -> list[tuple[int, int]]:
        """(position, score) of every tool scoring above 0 that holds each required term,
        best first; ties stay in ``entries`` order."""
        scores = self._scores(terms, required)
        if isinstance(scores, dict):
            return sorted(scores.items(), key=lambda pair: (-pair[1], pair[0]))
        import numpy as np

        positive = np.flatnonzero(scores > 0)
        order = positive[np.argsort(-scores[positive], kind="stable")]
        return list(zip(order.tolist(), scores[order].tolist(), strict=True))

    def ranks_and_top(
        self, terms: Sequence[str], required: Sequence[str], positions: Sequence[int], k: int
    ) -> tuple[list[int | None], list[int]]:
        """Where the tools at ``positions`` rank (None: not reached) and the ``k`` best, as
        ``ranked`` orders them, without ordering every tool."""
        scores = self._scores(terms, required)
        if isinstance(scores, dict):
            ranks_of: list[int | None] = []
            for p in positions:
                mine = scores.get(p)
                ranks_of.append(
                    None
                    if mine is None
                    else 1 + sum(1 for i, s in scores.items() if s > mine or (s == mine and i < p))
                )
            top = sorted(scores, key=lambda i: (-scores[i], i))[:k]
            return ranks_of, top
        return _ranks_and_top_with_numpy(scores, positions, k)

    def tie_spans(
        self, terms: Sequence[str], required: Sequence[str], positions: Sequence[int]
    ) -> list[tuple[int, int] | None]:
        """The first and last rank of the run of equal scores each tool at ``positions`` is in,
        as ``ranked`` orders them (None: not reached, or alone with its score)."""
        scores = self._scores(terms, required)
        spans: list[tuple[int, int] | None] = []
        for p in positions:
            if isinstance(scores, dict):
                mine = scores.get(p)
                if mine is None:
                    spans.append(None)
                    continue
                above = sum(1 for s in scores.values() if s > mine)
                equal = sum(1 for s in scores.values() if s == mine)
            else:
                import numpy as np

                mine = scores[p]
                if mine <= 0:
                    spans.append(None)
                    continue
                above = int(np.count_nonzero(scores > mine))
                equal = int(np.count_nonzero(scores == mine))
            spans.append((above + 1, above + equal) if equal > 1 else None)
        return spans

    def _scores(self, terms: Sequence[str], required: Sequence[str]) -> Any:
        """Every score above 0 of a tool that holds each required term: a dict below
        ``VECTOR_FROM`` tools, else a numpy array of every tool's score (0: not reached). The
        last query's are kept: callers read them and never write to them."""
        key = (tuple(terms), tuple(required))
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        scores = self._compute_scores(terms, required)
        self._last = (key, scores)
        return scores

    def _compute_scores(self, terms: Sequence[str], required: Sequence[str]) -> Any:
        hits = [self._term(t) for t in terms]
        if self.vectorised:
            import numpy as np

            keep = None
            for word in required:
                reached = np.zeros(len(self.entries), dtype=bool)
                reached[self._term(word).reach] = True
                keep = reached if keep is None else keep & reached
            return _scores_with_numpy(len(self.entries), hits, keep)
        allowed: set[int] | None = None
        for word in required:
            reach = self._term(word).added
            allowed = set(reach) if allowed is None else allowed.intersection(reach)
        scores: dict[int, int] = {}
        for hit in hits:
            # the full name counts only while a tool has scored nothing, this term's gains too
            unscored = [i for i, gain in hit.full.items() if scores.get(i, 0) + gain == 0]
            for i, gain in hit.added.items():
                scores[i] = scores.get(i, 0) + gain
            for i in unscored:
                scores[i] = scores.get(i, 0) + FULL_GAIN
        return {i: s for i, s in scores.items() if s > 0 and (allowed is None or i in allowed)}

    def _term(self, term: str) -> _TermHits:
        found = self._hits.get(term)
        if found is None:
            if len(self._hits) >= TERM_CACHE:
                self._hits.clear()
            found = self._hits[term] = self._find(term)
        return found

    def _find(self, term: str) -> _TermHits:
        if self._within is not None:
            return self._find_within(term)
        if self.vectorised and SEPARATOR not in term:
            return self._find_with_numpy(term)
        gains: dict[int, int] = {}
        holding = _holding(self._parts, self._part_keys, term)
        for i in holding:
            gains[i] = _gain(self.entries[i], MCP_GAINS, BUILT_IN_GAINS)[1]
        for i in self._parts.get(term, ()):
            gains[i] = _gain(self.entries[i], MCP_GAINS, BUILT_IN_GAINS)[0]
        coarse_holding = _holding(self._coarse, self._coarse_keys, term)
        coarse: dict[int, int] = {}
        for i in coarse_holding:
            coarse[i] = _gain(self.entries[i], MCP_COARSE_GAINS, BUILT_IN_COARSE_GAINS)[1]
        for i in self._coarse.get(term, ()):
            coarse[i] = _gain(self.entries[i], MCP_COARSE_GAINS, BUILT_IN_COARSE_GAINS)[0]
        for i, gain in coarse.items():
            gains[i] = gains.get(i, 0) + gain
        full = {
            i: gains.get(i, 0)
            for i in self._irregular
            if i not in holding and term in self.entries[i].full
        }
        hint = self._whole_word(term, self._hint_words, "hint")
        description = self._whole_word(term, self._description_words, "description")
        added = dict(gains)
        for i in hint:
            added[i] = added.get(i, 0) + HINT_GAIN
        for i in description:
            added[i] = added.get(i, 0) + DESCRIPTION_GAIN
        if not self.vectorised:
            return _TermHits(gains, full, added)
        import numpy as np

        reach = np.fromiter(added, dtype=np.intp, count=len(added))
        return _TermHits(gains, full, added, self._vector(added), reach)

    def _find_within(self, term: str) -> _TermHits:
        """The term's hits in the index holding these entries, kept to these entries."""
        assert self._within is not None
        other, place, kept = self._within  # this index's position of each of the other's
        found = other._term(term)
        ids, values = found.vector
        if ids is None:
            vector = (None, values[kept])  # a dense row: these entries', in their order
        else:
            mine = place[ids]
            vector = (mine[mine >= 0], values[mine >= 0])
        reach = place[found.reach]
        full = {int(place[i]): gain for i, gain in found.full.items() if place[i] >= 0}
        return _TermHits({}, full, {}, vector, reach[reach >= 0])

    @cached_property
    def _tables(self) -> Any:
        """numpy tables of the name-part and coarse postings, and which tools are MCP."""
        import numpy as np

        mcp = np.fromiter((e.is_mcp for e in self.entries), dtype=bool, count=len(self.entries))
        return _table(self._parts, self._part_keys), _table(self._coarse, self._coarse_keys), mcp

    def _find_with_numpy(self, term: str) -> _TermHits:
        """``_find`` for a large catalog: every step over arrays, not tools."""
        import numpy as np

        parts_table, coarse_table, mcp = self._tables
        size = len(self.entries)
        parts = np.zeros(size, dtype=np.int32)  # a term's gains: small (``MOST_PER_TERM``)
        _mark(parts, parts_table, term, mcp, MCP_GAINS, BUILT_IN_GAINS)
        coarse = np.zeros(size, dtype=np.int32)
        _mark(coarse, coarse_table, term, mcp, MCP_COARSE_GAINS, BUILT_IN_COARSE_GAINS)
        added = parts + coarse
        full = {
            i: int(added[i])
            for i in self._irregular
            if parts[i] == 0 and term in self.entries[i].full
        }
        for field, postings, gain in (
            ("hint", self._hint_words, HINT_GAIN),
            ("description", self._description_words, DESCRIPTION_GAIN),
        ):
            found = self._whole_word(term, postings, field)
            if found:
                added[np.array(found, dtype=np.intp)] += gain
        reach = np.flatnonzero(added)
        vector: Any = (reach, added[reach]) if len(reach) * DENSE_FROM < size else (None, added)
        return _TermHits({}, full, {}, vector, reach)

    def _vector(self, added: dict[int, int]) -> Any:
        """A term's additions for numpy: sparse, or a whole row when it reaches many tools."""
        import numpy as np

        ids = np.fromiter(added, dtype=np.intp, count=len(added))
        values = np.fromiter(added.values(), dtype=np.int32, count=len(added))
        if len(added) * DENSE_FROM < len(self.entries):
            return ids, values
        row = np.zeros(len(self.entries), dtype=np.int32)
        row[ids] = values
        return None, row

    def _whole_word(self, term: str, postings: dict[str, list[int]], field: str) -> tuple[int, ...]:
        if _WORD_RUN.fullmatch(term):
            return tuple(postings.get(term, ()))
        if SEPARATOR in term:
            return tuple(
                i for i, e in enumerate(self.entries) if whole_word(term, getattr(e, field))
            )
        joined, starts = self._joined(field)
        found: list[int] = []
        at = joined.find(term)
        while at >= 0:
            if _bounded(joined, term, at):
                i = bisect_right(starts, at) - 1
                found.append(i)
                if i + 1 == len(starts):
                    break
                at = joined.find(term, starts[i + 1])
            else:
                at = joined.find(term, at + 1)
        return tuple(found)

    def _joined(self, field: str) -> tuple[str, list[int]]:
        found = self._texts.get(field)
        if found is None:
            found = self._texts[field] = _joined([getattr(e, field) for e in self.entries])
        return found


def _places_within(
    other: KeywordIndex, entries: tuple[Entry, ...]
) -> tuple[KeywordIndex, Any, Any] | None:
    """``other``, for each of its entries its position among ``entries`` (-1: not there) and
    whether it is there, when ``entries`` are some of ``other``'s in the same order; else None."""
    import numpy as np

    place = np.full(len(other.entries), -1, dtype=np.intp)
    where = {id(e): i for i, e in enumerate(other.entries)}
    last = -1
    for position, entry in enumerate(entries):
        at = where.get(id(entry), -1)
        if at <= last:  # not there, or out of order (a dense row is read in its order)
            return None
        place[at] = position
        last = at
    return other, place, place >= 0


def _is_word(text: str, at: int) -> bool:
    """Whether ``text[at]`` is a word character of JavaScript's ``\\b`` (outside: no)."""
    return 0 <= at < len(text) and text[at] in _WORD_CHARACTERS


def _bounded(text: str, term: str, at: int) -> bool:
    """Whether ``term`` found at ``at`` has a word boundary on both sides, as ``\\b`` says."""
    end = at + len(term)
    return _is_word(text, at - 1) != _is_word(text, at) and _is_word(text, end - 1) != _is_word(
        text, end
    )


def _table(postings: dict[str, list[int]], keys: _Keys) -> Any:
    """Postings as arrays: where each key starts in the joined keys, each key's tools (flat,
    with offsets), and each key's number."""
    import numpy as np

    joined, starts, names = keys
    lengths = [len(postings[name]) for name in names]
    offsets = np.zeros(len(names) + 1, dtype=np.intp)
    offsets[1:] = np.cumsum(lengths, dtype=np.intp)
    flat = np.fromiter((i for name in names for i in postings[name]), np.intp, int(offsets[-1]))
    number = {name: k for k, name in enumerate(names)}
    grams = _grams(names) if len(names) >= GRAMS_FROM else None
    return joined, np.array(starts, dtype=np.intp), offsets, flat, number, grams, names


def _grams(names: list[str]) -> dict[str, list[int]]:
    """Each ``GRAM``-character piece of the keys, and the keys that hold it."""
    grams: dict[str, list[int]] = {}
    for k, name in enumerate(names):
        for piece in {name[i : i + GRAM] for i in range(len(name) - GRAM + 1)}:
            grams.setdefault(piece, []).append(k)
    return grams


def _keys_holding(grams: dict[str, list[int]], names: list[str], term: str) -> Any:
    """The keys that hold ``term`` (at least ``GRAM`` long): those of its rarest piece that
    really hold it."""
    import numpy as np

    rarest: list[int] | None = None
    for i in range(len(term) - GRAM + 1):
        found = grams.get(term[i : i + GRAM])
        if found is None:
            return np.zeros(0, dtype=np.intp)
        if rarest is None or len(found) < len(rarest):
            rarest = found
    held = [k for k in rarest or () if term in names[k]]
    return np.array(held, dtype=np.intp)


def _mark(
    row: Any, table: Any, term: str, mcp: Any, mcp_gains: tuple[int, int], gains: tuple[int, int]
) -> None:
    """Set each tool's gain in ``row``: a key holding ``term``, then a key equal to it."""
    import numpy as np

    joined, starts, offsets, flat, number, grams, names = table
    if len(term) >= GRAM and grams is not None:
        keys = _keys_holding(grams, names, term)
        if len(keys):
            ids = _gather(offsets, flat, keys)
            row[ids] = np.where(mcp[ids], mcp_gains[1], gains[1])
        count = 0
    else:
        count = joined.count(term)  # found left to right: each key holding it at least once
    if count:
        if count < SPLIT_FROM:
            found, place = [], joined.find(term)
            while place >= 0:
                found.append(place)
                place = joined.find(term, place + len(term))
            at = np.array(found, dtype=np.intp)
        else:  # many: where split cuts, without a Python step per place
            pieces = joined.split(term)
            lengths = np.fromiter(map(len, pieces), dtype=np.intp, count=len(pieces))
            at = np.cumsum(lengths[:-1] + len(term)) - len(term)
        keys = np.unique(np.searchsorted(starts, at, side="right") - 1)
        ids = _gather(offsets, flat, keys)
        row[ids] = np.where(mcp[ids], mcp_gains[1], gains[1])
    exact = number.get(term)
    if exact is not None:
        ids = flat[offsets[exact] : offsets[exact + 1]]
        row[ids] = np.where(mcp[ids], mcp_gains[0], gains[0])


def _gather(offsets: Any, flat: Any, keys: Any) -> Any:
    """The tools of several keys, from the flat postings, without a loop over keys."""
    import numpy as np

    lengths = offsets[keys + 1] - offsets[keys]
    total = int(lengths.sum())
    shift = np.repeat(offsets[keys] - (np.cumsum(lengths) - lengths), lengths)
    return flat[shift + np.arange(total)]


def _gain(entry: Entry, mcp: tuple[int, int], built_in: tuple[int, int]) -> tuple[int, int]:
    return mcp if entry.is_mcp else built_in


def _postings(keys_per_entry: Any) -> dict[str, list[int]]:
    """Each key's entries, each entry once, in order."""
    return _distinct_postings(dict.fromkeys(keys) for keys in keys_per_entry)


def _distinct_postings(keys_per_entry: Any) -> dict[str, list[int]]:
    """``_postings`` of entries whose keys are each given once."""
    postings: dict[str, list[int]] = {}
    for i, keys in enumerate(keys_per_entry):
        for key in keys:
            postings.setdefault(key, []).append(i)
    return postings


def _holding(postings: dict[str, list[int]], keys: _Keys, term: str) -> set[int]:
    """Entries with a key that holds ``term`` (equal keys included); ``keys`` is the postings'
    keys joined by ``_joined``."""
    found: set[int] = set()
    if SEPARATOR in term:
        for key, ids in postings.items():
            if term in key:
                found.update(ids)
        return found
    joined, starts, names = keys
    at = joined.find(term)
    while at >= 0:
        k = bisect_right(starts, at) - 1
        found.update(postings[names[k]])
        if k + 1 == len(starts):
            break
        at = joined.find(term, starts[k + 1])
    return found


_Keys = tuple[str, list[int], list[str]]  # keys joined, where each starts, the keys


def _keys(postings: dict[str, list[int]]) -> _Keys:
    names = list(postings)
    return (*_joined(names), names)


def _joined(texts: list[str]) -> tuple[str, list[int]]:
    """The texts in one, a separator (not a word character, so a match ends as it would at
    the end of one text) between them, and where each one starts."""
    starts, at = [], 0
    for text in texts:
        starts.append(at)
        at += len(text) + 1
    return SEPARATOR.join(texts), starts


def _score_type(terms: int) -> Any:
    """The integer type a query's scores are added in: 32 bits while no score can pass it (a
    row of 32-bit scores is half as much to read and add as one of 64), else 64."""
    import numpy as np

    return np.int32 if terms * MOST_PER_TERM < 2**31 else np.int64


def _scores_with_numpy(size: int, hits: Sequence[_TermHits], keep: Any) -> Any:
    import numpy as np

    if any(hit.full for hit in hits):
        scores = _scores_in_order(size, hits)
    else:  # a plain sum: every sparse term in one pass, then the dense rows
        sparse = [hit.vector for hit in hits if hit.vector[0] is not None]
        scores = np.zeros(size, dtype=_score_type(len(hits)))
        if sparse:
            ids = np.concatenate([ids for ids, _ in sparse])
            values = np.concatenate([values for _, values in sparse])
            scores += np.bincount(ids, weights=values, minlength=size).astype(scores.dtype)
        dense: dict[int, tuple[int, Any]] = {}  # a term repeated in the query: its row once
        for hit in hits:
            if hit.vector[0] is None:
                times, row = dense.get(id(hit), (0, hit.vector[1]))
                dense[id(hit)] = (times + 1, row)
        for times, row in dense.values():
            scores += row if times == 1 else row * times
    if keep is not None:
        scores[~keep] = 0
    return scores


def _scores_in_order(size: int, hits: Sequence[_TermHits]) -> Any:
    """Scores term by term, as Claude Code adds them: the full name counts only while a tool
    has scored nothing."""
    import numpy as np

    scores = np.zeros(size, dtype=_score_type(len(hits)))
    for hit in hits:
        unscored = None
        if hit.full:
            full = np.fromiter(hit.full, dtype=np.intp, count=len(hit.full))
            gains = np.fromiter(hit.full.values(), dtype=np.int64, count=len(hit.full))
            unscored = full[scores[full] + gains == 0]
        ids, values = hit.vector
        if ids is None:
            scores += values
        else:
            scores[ids] += values
        if unscored is not None:
            scores[unscored] += FULL_GAIN
    return scores


def _ranks_and_top_with_numpy(
    scores: Any, positions: Sequence[int], k: int
) -> tuple[list[int | None], list[int]]:
    import numpy as np

    ranks: list[int | None] = []
    for p in positions:
        mine = scores[p]
        ahead = int(np.count_nonzero(scores > mine) + np.count_nonzero(scores[:p] == mine))
        ranks.append(None if mine <= 0 else 1 + ahead)
    return ranks, top_positions(scores, k)
