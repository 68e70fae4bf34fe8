"""Small wording helpers shared by the text reporters."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from toolsearch.catalog.counts import count_of
from toolsearch.cost.budget import Budget
from toolsearch.lint.findings import Diagnostic

__all__ = [
    "all_scopes_line",
    "count_of",
    "rejection_line",
    "scope_names",
    "shared_notes",
    "unless_rejected",
]


def rejection_line(rejected: Sequence[Diagnostic], refuser: str | None = None) -> str:
    """What ``budget`` says of a request ``lint`` finds the API (or a client) would refuse."""
    rules = ", ".join(dict.fromkeys(d.rule for d in rejected))
    who = (
        f"{refuser} would not send this request as written"
        if refuser
        else ("the API would reject this request (400)")
    )
    return (
        f"{who}: {count_of(len(rejected), 'error')} "
        f"({rules}); toolsearch lint shows where and how to fix them"
    )


def unless_rejected(refuser: str | None) -> str:
    """The saving's proviso when the request has errors."""
    return f" if {refuser} sent it as written" if refuser else " if the API accepted it"


def shared_notes(notes_by_scope: Iterable[tuple[str, Sequence[str]]]) -> dict[str, list[str]]:
    """Notes that more than one scope carries, each with the scopes that carry it, in order."""
    scopes: dict[str, list[str]] = {}
    for name, notes in notes_by_scope:
        for note in dict.fromkeys(notes):
            scopes.setdefault(note, []).append(name)
    return {note: names for note, names in scopes.items() if len(names) > 1}


NAMED_SCOPES = 20  # a shared note names this many scopes, then counts the rest


def scope_names(names: Sequence[str]) -> str:
    """``3 scopes: a, b, c``; past 20 names, ``and N more``."""
    shown = ", ".join(names[:NAMED_SCOPES])
    rest = len(names) - NAMED_SCOPES
    return f"{count_of(len(names), 'scope')}: {shown}" + (f" and {rest:,} more" if rest > 0 else "")


def _tokens(value: float) -> str:
    return f"{round(value):,}"


def all_scopes_line(budget: Budget) -> str:
    """The run's total: a sum of separate requests, each with its own system prompt."""
    totals = budget.totals
    count = len(budget.scopes)
    return (
        f"All {count:,} scopes ({count:,} separate requests, summed; each pays its own "
        f"tool-use system prompt, {_tokens(totals.system_prompt)} together): upfront "
        f"{_tokens(totals.upfront)}, all loaded {_tokens(totals.all_loaded)}, "
        f"saved {_tokens(totals.saved)} "
        f"({totals.saved_pct:.1f}%)"
        + (
            f"; largest scope takes {totals.context_share:.1f}% of its context window"
            if totals.context_window
            else "; context window not published"
        )
    )
