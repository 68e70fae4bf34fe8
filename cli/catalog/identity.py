"""Find a tool the way users name one: ``name`` when unambiguous, ``source/name`` always."""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.catalog.model import Tool
from toolsearch.config import suggest
from toolsearch.errors import UsageError


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
    return _one(matches, ident, where)


def _one(matches: Sequence[Tool], ident: str, where: str) -> Tool | None:
    if len({t.key for t in matches}) > 1:
        prefix = f"{where}: " if where else ""
        candidates = ", ".join(sorted({t.key for t in matches}))
        raise UsageError(
            f"{prefix}tool name {ident!r} is ambiguous: {candidates}; write source/name"
        )
    return matches[0] if matches else None


class ToolIndex:
    """``lookup`` and ``find_tool`` by dictionary: the same answers, without a scan per name."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        self.tools = tools
        self._pairs: dict[tuple[str, str], Tool] = {}
        self._names: dict[str, list[Tool]] = {}
        self._sent: dict[str, list[Tool]] = {}
        for tool in tools:
            self._pairs.setdefault((tool.source, tool.name), tool)
            self._names.setdefault(tool.name, []).append(tool)
            self._sent.setdefault(tool.sent_name, []).append(tool)

    def lookup(self, ident: str, where: str = "") -> Tool | None:
        source, slash, name = ident.rpartition("/")
        if slash and (source, name) in self._pairs:
            return self._pairs[source, name]
        return _one(self._names.get(ident) or self._sent.get(ident, []), ident, where)

    def find(self, ident: str, where: str = "") -> Tool:
        found = self.lookup(ident, where)
        return found if found is not None else find_tool(self.tools, ident, where)


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
