"""Small wording helpers shared by the text reporters."""

from __future__ import annotations


def count_of(count: int, noun: str) -> str:
    """``1 tool``, ``10,000 tools``."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"
