"""The anchored unified diff: a valid patch, difflib's format, and no quadratic comparison."""

from __future__ import annotations

import difflib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from toolsearch.edits.line_diff import opcodes, unified_diff


def patched(before: list[str], diff: list[str]) -> list[str]:
    """Apply a unified diff's hunks to ``before``."""
    result: list[str] = []
    at = 0
    for line in diff[2:]:
        if line.startswith("@@"):
            start = int(line.split()[1][1:].split(",")[0])
            length = line.split()[1].split(",")
            start = start - 1 if len(length) == 1 or int(length[1]) else start
            result.extend(before[at:start])
            at = start
        elif line.startswith(" "):
            result.append(line[1:])
            at += 1
        elif line.startswith("-"):
            at += 1
        else:
            result.append(line[1:])
    return result + before[at:]


lines = st.lists(st.sampled_from(["a\n", "b\n", "c\n", "{\n", "}\n", "x\n", "y\n"]), max_size=30)


@settings(max_examples=300, deadline=None)
@given(lines, lines)
def test_the_diff_turns_before_into_after(before: list[str], after: list[str]) -> None:
    diff = list(unified_diff(before, after, "a/f", "b/f"))
    assert (diff == []) == (before == after)
    assert patched(before, diff) == after
    codes = opcodes(before, after)
    assert codes[0][1] == 0 and codes[-1][2] == len(before) and codes[-1][4] == len(after)


def test_same_output_as_difflib_for_one_local_change() -> None:
    before = [f"line {n}\n" for n in range(40)]
    after = [*before[:20], "new\n", *before[20:]]
    ours = list(unified_diff(before, after, "a/f", "b/f"))
    assert ours == list(difflib.unified_diff(before, after, "a/f", "b/f"))


def test_scattered_edits_in_a_long_file_are_each_their_own_hunk() -> None:
    rng = random.Random(3)
    before: list[str] = []
    for n in range(3_000):
        before += ["  {\n", f'    "name": "tool_{n}",\n', '    "type": "object"\n', "  },\n"]
    after = list(before)
    for index in sorted(rng.sample(range(3_000), 1_500), reverse=True):
        after.insert(index * 4 + 2, '    "defer_loading": true,\n')
    diff = list(unified_diff(before, after, "a/f", "b/f"))
    assert sum(
        line.startswith("+ ") or line == '+    "defer_loading": true,\n' for line in diff
    ) == (1_500)
    assert patched(before, diff) == after
