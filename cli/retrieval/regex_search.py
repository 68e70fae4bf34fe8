"""Regex search as the API's regex variant: Python ``re.search`` over each field on its own.

Python's ``re`` cannot be interrupted once a match runs, so a pattern is checked with ``re``
(its syntax, flags and error messages are the ones users and Claude write for) and then run
with the ``regex`` module in its re-compatible mode (``regex.V0``) with a limit on the CPU time
of the whole search. A search that runs out of it raises ``execution_time_exceeded``.

The limit is CPU time, not wall-clock time, so a loaded machine never refuses a pattern: at load
10 a search of 1.3 s of CPU takes 7 s of wall time. It counts the search's own thread
(``time.thread_time``); the ``regex`` module's per-call timeout counts the whole process's CPU
time, so a call it stops while other threads of the process ran is run again with what is left.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolsearch.catalog.fields import tool_fields
from toolsearch.catalog.model import Tool
from toolsearch.errors import SearchInputError

if TYPE_CHECKING:
    import regex

MAX_PATTERN = 200
TIME_LIMIT = 2.0  # seconds of CPU time for one search; the API's own limit is not published
LEFT_OVER = 0.01  # the share of the limit below which a stopped call is not run again
MAX_MATCH_SHOWN = 80
MAX_EXPANDED = 10_000  # elements a compiled pattern may hold once its repeats expand


def compile_pattern(pattern: str) -> regex.Pattern[str]:
    """Check length and syntax as the API does, then compile for timed matching."""
    import regex

    if len(pattern) > MAX_PATTERN:
        raise SearchInputError(
            "invalid_tool_input",
            f"the regex pattern is {len(pattern)} characters; the API allows at most "
            f"{MAX_PATTERN} (older docs call this error pattern_too_long)",
        )
    try:
        re.compile(pattern)
    except re.error as error:
        where = f" at position {error.pos}" if error.pos is not None else ""
        raise SearchInputError(
            "invalid_tool_input", f"Invalid regular expression pattern: {error.msg}{where}"
        ) from None
    except (OverflowError, RecursionError) as error:
        raise SearchInputError(
            "invalid_tool_input", f"Invalid regular expression pattern: {error}"
        ) from None
    if _expanded_size(pattern) > MAX_EXPANDED:
        raise SearchInputError(
            "invalid_tool_input",
            f"the regex pattern repeats too much: its minimum repeat counts (such as {{1000}}) "
            f"expand to over {MAX_EXPANDED:,} elements, which toolsearch refuses to compile; "
            "use smaller counts (the API's own limit is not published)",
        )
    try:
        return regex.compile(pattern, regex.V0)
    except regex.error as error:  # accepted by re, refused by regex: report it the same way
        raise SearchInputError(
            "invalid_tool_input", f"Invalid regular expression pattern: {error}"
        ) from None


def _expanded_size(pattern: str) -> int:
    """How many elements the ``regex`` module builds for a pattern ``re`` accepted.

    ``regex`` compiles a repeat's minimum count as that many copies of its body
    (``a{1000000}`` takes a second and 300 MB, ``x{2147483648}`` exhausts memory), so the
    size is measured on ``re``'s parse tree before compiling.
    """
    import importlib

    _parser: Any = importlib.import_module("re._parser")  # behind re.compile (Python 3.11+)

    def size(items: Any) -> int:
        total = 0
        for op, value in items:
            if op in _REPEATS:
                least, _, body = value
                total += (least + 1) * size(body)
            elif op is _parser.SUBPATTERN:
                total += size(value[-1])
            elif op is _parser.BRANCH:
                total += sum(size(branch) for branch in value[1])
            elif op in (_parser.ASSERT, _parser.ASSERT_NOT):
                total += size(value[1])
            elif op is _parser.ATOMIC_GROUP:
                total += size(value)
            elif op is _parser.GROUPREF_EXISTS:
                total += size(value[1]) + (size(value[2]) if value[2] else 0)
            else:
                total += 1
            if total > MAX_EXPANDED:
                return total
        return total

    _REPEATS = (_parser.MAX_REPEAT, _parser.MIN_REPEAT, _parser.POSSESSIVE_REPEAT)
    return size(_parser.parse(pattern))


@dataclass(frozen=True)
class RegexHit:
    """One tool that matched: its position in the searched list and what matched where."""

    index: int
    matched: dict[str, list[str]]


def regex_search(
    tools: Sequence[Tool], pattern: str, time_limit: float = TIME_LIMIT
) -> list[RegexHit]:
    """Tools whose fields match, ordered by fields matched (most first), then catalog order."""
    compiled = compile_pattern(pattern)
    started = time.thread_time()
    seen: dict[str, str | None] = {}  # field text -> matched text; repeated texts run once
    hits: list[RegexHit] = []
    for index, tool in enumerate(tools):
        matched: dict[str, list[str]] = {}
        for field, text in tool_fields(tool):
            if text in seen:
                found = seen[text]
            else:
                try:
                    m = _search_within(compiled, text, started, time_limit)
                except TimeoutError:
                    raise SearchInputError(
                        "execution_time_exceeded",
                        f"the pattern ran for more than {time_limit:g} s of CPU time without "
                        "finishing (catastrophic backtracking?); simplify it, e.g. avoid nested "
                        "quantifiers such as (a+)+",
                    ) from None
                found = m.group()[:MAX_MATCH_SHOWN] if m is not None else None
                seen[text] = found
            if found is not None:
                matched[field] = [found]
        if matched:
            hits.append(RegexHit(index, matched))
    hits.sort(key=lambda h: (-len(h.matched), h.index))
    return hits


def _search_within(
    compiled: regex.Pattern[str], text: str, started: float, time_limit: float
) -> regex.Match[str] | None:
    """One ``search`` within what is left of the search's CPU time; TimeoutError past it."""
    while True:
        left = time_limit - (time.thread_time() - started)
        if left <= time_limit * LEFT_OVER:
            raise TimeoutError
        try:
            return compiled.search(text, timeout=left)
        except TimeoutError:
            continue  # stopped on the process's CPU time: this thread may have time left
