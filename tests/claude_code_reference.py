"""Claude Code 2.1.100's keyword scoring as it runs: one ``\\b`` regex per (term, tool) pair.

The oracle the postings of ``claude_code_index`` are checked against: written the way Claude
Code's own code scores (and the way toolsearch scored before it was indexed), slow on purpose.
Each term's pattern is compiled once and searched in each tool's text (``re.search`` looked the
pattern up in Python's own cache on every pair: half of the oracle's time, issue 34).
"""

from __future__ import annotations

import functools
import re

from toolsearch.retrieval.claude_code_index import Entry


@functools.cache
def word_pattern(term: str) -> re.Pattern[str]:
    """``term`` as a whole word (ASCII word boundaries, as Claude Code's ``\\b``)."""
    return re.compile(rf"\b{re.escape(term)}\b", re.ASCII)


def whole_word(term: str, text: str) -> bool:
    return word_pattern(term).search(text) is not None


def has_required(entry: Entry, word: str) -> bool:
    if any(word == part or word in part for part in entry.parts):
        return True
    if any(word == c or word in c for c in entry.coarse):
        return True
    return whole_word(word, entry.description) or (
        bool(entry.hint) and whole_word(word, entry.hint)
    )


def score(entry: Entry, terms: list[str]) -> int:
    mcp = entry.is_mcp
    total = 0
    for term in terms:
        if term in entry.parts:
            total += 12 if mcp else 10
        elif any(term in part for part in entry.parts):
            total += 6 if mcp else 5
        if term in entry.coarse:
            total += 12 if mcp else 10
        elif any(term in c for c in entry.coarse):
            total += 4 if mcp else 3
        if term in entry.full and total == 0:
            total += 3
        if entry.hint and whole_word(term, entry.hint):
            total += 4
        if entry.description and whole_word(term, entry.description):
            total += 2
    return total


def ranked(entries: list[Entry], words: list[str]) -> list[tuple[int, int]]:
    """Every entry that scores, best first, ties in entry order (Claude Code's stable sort)."""
    required = [w[1:] for w in words if w.startswith("+") and len(w) > 1]
    optional = [w for w in words if not (w.startswith("+") and len(w) > 1)]
    terms = [*required, *optional]
    found = []
    for i, entry in enumerate(entries):
        if required and not all(has_required(entry, w) for w in required):
            continue
        total = score(entry, terms)
        if total > 0:
            found.append((i, total))
    found.sort(key=lambda pair: -pair[1])
    return found
