"""Tool identity as users write it: ``name`` when unambiguous, ``source/name`` always."""

from __future__ import annotations

from collections.abc import Iterable

from toolsearch.errors import UsageError
from toolsearch.model import Tool


def matches(tool: Tool, reference: str) -> bool:
    """True when ``reference`` (``name`` or ``source/name``) names this tool."""
    if tool.name == reference:
        return True
    source, slash, name = reference.rpartition("/")
    return bool(slash) and (tool.source, tool.name) == (source, name)


def resolve(tools: Iterable[Tool], reference: str, what: str = "tool") -> Tool | None:
    """The one tool a reference names, None when none does; an ambiguous bare name is an error.

    An exact ``name`` match wins over a ``source/name`` reading, so tool names that contain a
    slash still work.
    """
    pool = list(tools)
    exact = [t for t in pool if t.name == reference]
    found = exact or [t for t in pool if matches(t, reference)]
    keys = sorted({t.key for t in found})
    if len(keys) > 1:
        raise UsageError(
            f"{what} {reference!r} is ambiguous: it names {', '.join(keys)}; write source/name"
        )
    return found[0] if found else None
