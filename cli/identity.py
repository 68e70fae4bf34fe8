"""Find a tool the way users name one: ``name`` when unambiguous, ``source/name`` always."""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.config import suggest
from toolsearch.errors import UsageError
from toolsearch.model import Tool


def lookup(tools: Sequence[Tool], ident: str, where: str = "") -> Tool | None:
    """The tool ``ident`` names, or None; ``source/name`` splits at the last ``/``.

    A bare name may also be the name as sent (Claude Code's ``mcp__server__tool``). An
    ambiguous bare name raises UsageError (prefixed with ``where``) listing the candidates.
    """
    source, slash, name = ident.rpartition("/")
    if slash:
        for tool in tools:
            if tool.source == source and tool.name == name:
                return tool
    matches = [t for t in tools if t.name == ident] or [t for t in tools if t.sent_name == ident]
    if len({t.key for t in matches}) > 1:
        prefix = f"{where}: " if where else ""
        candidates = ", ".join(sorted({t.key for t in matches}))
        raise UsageError(
            f"{prefix}tool name {ident!r} is ambiguous: {candidates}; write source/name"
        )
    return matches[0] if matches else None


def find_tool(tools: Sequence[Tool], ident: str, where: str = "") -> Tool:
    """Like ``lookup``, but an unknown name is an error with the closest suggestion."""
    found = lookup(tools, ident, where)
    if found is None:
        prefix = f"{where}: " if where else ""
        known = sorted({t.name for t in tools} | {t.key for t in tools})
        raise UsageError(f"{prefix}unknown tool {ident!r}{suggest(ident, known)}")
    return found


def ambiguous_names(tools: Sequence[Tool]) -> frozenset[str]:
    """Names that more than one tool has: show those as ``source/name``."""
    seen: set[str] = set()
    twice: set[str] = set()
    for tool in tools:
        (twice if tool.name in seen else seen).add(tool.name)
    return frozenset(twice)


def display_name(tool: Tool, ambiguous: frozenset[str]) -> str:
    """``name``, or ``source/name`` when the name alone is ambiguous."""
    return tool.key if tool.name in ambiguous else tool.name
