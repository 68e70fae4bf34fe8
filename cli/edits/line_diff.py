"""A unified diff in near-linear time for edits scattered through a long file.

``difflib.unified_diff`` compares whole files with ``SequenceMatcher``, which is quadratic on
files of many similar lines (a request body of 3,000 tools took 90 s). Here lines that occur
once in each file anchor the comparison (patience diff): the longest run of such lines in the
same order is matched, and ``SequenceMatcher`` only compares the short stretches between them.
"""

from __future__ import annotations

import bisect
import difflib
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Literal

Opcode = tuple[Literal["replace", "delete", "insert", "equal"], int, int, int, int]


def unified_diff(
    before: Sequence[str], after: Sequence[str], fromfile: str, tofile: str, context: int = 3
) -> Iterator[str]:
    """The lines of a unified diff from ``before`` to ``after`` (lines keep their endings)."""
    matcher = _Matched(before, after, opcodes(before, after))
    for index, group in enumerate(matcher.get_grouped_opcodes(context)):
        if index == 0:
            yield f"--- {fromfile}\n"
            yield f"+++ {tofile}\n"
        first, last = group[0], group[-1]
        yield f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n"
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                yield from (" " + line for line in before[i1:i2])
                continue
            yield from ("-" + line for line in before[i1:i2])
            yield from ("+" + line for line in after[j1:j2])


def opcodes(before: Sequence[str], after: Sequence[str]) -> list[Opcode]:
    """``SequenceMatcher.get_opcodes()``'s shape, anchored on lines unique to both sides."""
    found: list[Opcode] = []
    last_i = last_j = 0
    for i, j in [*_anchors(before, after), (len(before), len(after))]:
        if last_i < i or last_j < j:
            gap = difflib.SequenceMatcher(None, before[last_i:i], after[last_j:j], autojunk=False)
            found.extend(
                (tag, i1 + last_i, i2 + last_i, j1 + last_j, j2 + last_j)
                for tag, i1, i2, j1, j2 in gap.get_opcodes()
            )
        if i < len(before):
            found.append(("equal", i, i + 1, j, j + 1))
        last_i, last_j = i + 1, j + 1
    return _merged(found)


def _anchors(before: Sequence[str], after: Sequence[str]) -> list[tuple[int, int]]:
    """The longest list of (i, j), increasing in both, of lines that occur once on each side."""
    once_before = Counter(before)
    once_after = Counter(after)
    where_after = {line: j for j, line in enumerate(after) if once_after[line] == 1}
    pairs = [
        (i, where_after[line])
        for i, line in enumerate(before)
        if once_before[line] == 1 and line in where_after
    ]
    # longest increasing subsequence of j, by patience sorting
    tails: list[int] = []  # the smallest j ending a run of each length
    tail_at: list[int] = []  # index into pairs of that run's end
    previous: list[int] = [-1] * len(pairs)
    for index, (_, j) in enumerate(pairs):
        length = bisect.bisect_left(tails, j)
        if length == len(tails):
            tails.append(j)
            tail_at.append(index)
        else:
            tails[length] = j
            tail_at[length] = index
        previous[index] = tail_at[length - 1] if length else -1
    chain: list[tuple[int, int]] = []
    at = tail_at[-1] if tail_at else -1
    while at >= 0:
        chain.append(pairs[at])
        at = previous[at]
    return chain[::-1]


def _merged(codes: list[Opcode]) -> list[Opcode]:
    """Join neighbouring opcodes of the same tag; an empty comparison is one empty 'equal'."""
    merged: list[Opcode] = []
    for code in codes:
        if merged and merged[-1][0] == code[0]:
            tag, i1, _, j1, _ = merged[-1]
            merged[-1] = (tag, i1, code[2], j1, code[4])
        else:
            merged.append(code)
    return merged or [("equal", 0, 0, 0, 0)]


class _Matched(difflib.SequenceMatcher[str]):
    """A SequenceMatcher whose opcodes are given, for ``get_grouped_opcodes``' hunks."""

    def __init__(self, before: Sequence[str], after: Sequence[str], codes: list[Opcode]) -> None:
        super().__init__(None, before, after, autojunk=False)
        self._codes = codes

    def get_opcodes(self) -> list[Opcode]:
        return list(self._codes)


def _range(start: int, stop: int) -> str:
    """A hunk range as ``unified_diff`` writes it: 1-based, an empty one names the line before."""
    length = stop - start
    beginning = start + 1
    if length == 1:
        return f"{beginning}"
    if not length:
        beginning -= 1
    return f"{beginning},{length}"
