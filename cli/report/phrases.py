"""Small wording helpers shared by the text reporters."""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.lint.findings import Diagnostic


def count_of(count: int, noun: str) -> str:
    """``1 tool``, ``10,000 tools``."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def rejection_line(rejected: Sequence[Diagnostic]) -> str:
    """What ``budget`` says of a request ``lint`` finds the API would reject."""
    rules = ", ".join(dict.fromkeys(d.rule for d in rejected))
    return (
        f"the API would reject this request (400): {count_of(len(rejected), 'error')} "
        f"({rules}); toolsearch lint shows where and how to fix them"
    )
