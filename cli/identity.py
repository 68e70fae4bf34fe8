"""Find a tool the way users name one: ``name`` when unambiguous, ``source/name`` always."""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.config import suggest
from toolsearch.errors import UsageError
from toolsearch.model import Tool


def find_tool(tools: Sequence[Tool], ident: str, where: str = "") -> Tool:
    """The tool ``ident`` names; ``source/name`` splits at the last ``/``.

    A bare name may also be the name as sent (Claude Code's ``mcp__server__tool``). An unknown
    name or an ambiguous bare name raises UsageError (prefixed with ``where``).
    """
    prefix = f"{where}: " if where else ""
    source, slash, name = ident.rpartition("/")
    if slash:
        for tool in tools:
            if tool.source == source and tool.name == name:
                return tool
    matches = [t for t in tools if t.name == ident] or [t for t in tools if t.sent_name == ident]
    if len(matches) == 1:
        return matches[0]
    if matches:
        candidates = ", ".join(t.key for t in matches)
        raise UsageError(
            f"{prefix}tool name {ident!r} is ambiguous: {candidates}; write source/name"
        )
    known = sorted({t.name for t in tools} | {t.key for t in tools})
    raise UsageError(f"{prefix}unknown tool {ident!r}{suggest(ident, known)}")


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
