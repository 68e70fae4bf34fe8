"""Claude Code's own ToolSearch, as Claude Code 2.1.100 runs it over deferred MCP tools.

Not the API's BM25 or regex: keyword scores over name parts, the search hint and the
description, with ``select:a,b``, exact names, ``mcp__`` prefixes and ``+required`` words.
Worked out from Claude Code's published package (issue 15); every step below says which rule
it follows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from toolsearch.catalog.identity import find_tool
from toolsearch.catalog.model import Tool
from toolsearch.errors import ToolsearchError
from toolsearch.retrieval.searchers import (
    DEFAULT_LIMIT,
    SELECT,
    Found,
    Ranking,
    RankingSearch,
    Result,
    with_ties,
)

MCP_PREFIX = "mcp__"
NO_MATCH = "No matching deferred tools found"
HINT_KEY = "anthropic/searchHint"
_CAMEL = re.compile(r"([a-z])([A-Z])")


@dataclass(frozen=True)
class NameParts:
    """A sent name as ToolSearch splits it: its parts, the spaced "full" form, MCP or not."""

    parts: tuple[str, ...]
    full: str
    is_mcp: bool


def name_parts(sent_name: str) -> NameParts:
    """``mcp__s__a_b`` -> (s, a, b), "s a b"; ``getUser_id`` -> (get, user, id), "get user id"."""
    if sent_name.startswith(MCP_PREFIX):
        bare = sent_name[len(MCP_PREFIX) :].lower()
        parts = tuple(p for piece in bare.split("__") for p in piece.split("_") if p)
        return NameParts(parts, bare.replace("__", " ").replace("_", " "), True)
    spaced = _CAMEL.sub(r"\1 \2", sent_name).replace("_", " ").lower()
    parts = tuple(spaced.split())
    return NameParts(parts, " ".join(parts), False)


def search_hint(tool: Tool) -> str | None:
    """``_meta["anthropic/searchHint"]`` when a string: whitespace runs folded, trimmed."""
    meta = tool.raw.get("_meta")
    hint = meta.get(HINT_KEY) if isinstance(meta, Mapping) else None
    return " ".join(hint.split()) if isinstance(hint, str) else None


def whole_word(term: str, text: str) -> bool:
    """JavaScript's ``\\b`` on both sides of the escaped term (ASCII word characters)."""
    return re.search(rf"\b{re.escape(term)}\b", text, re.ASCII) is not None


@dataclass(frozen=True)
class _Entry:
    parts: NameParts
    description: str  # lower-cased, as sent (cut at 2,048 characters)
    hint: str  # lower-cased, "" when none


class ClaudeCodeSearcher(RankingSearch):
    """ToolSearch over ``tools`` (the deferred ones); ``everything`` adds the loaded tools that
    exact names and ``select:`` may also name."""

    def __init__(self, tools: Sequence[Tool], everything: Sequence[Tool] | None = None) -> None:
        self.tools = tuple(tools)
        searched = {id(t) for t in self.tools}
        self.others = tuple(t for t in everything or () if id(t) not in searched)

    @cached_property
    def _entries(self) -> list[_Entry]:
        return [
            _Entry(
                name_parts(t.sent_name),
                (t.sent_description or "").lower(),
                (search_hint(t) or "").lower(),
            )
            for t in self.tools
        ]

    def ranking(self, query: str) -> Ranking:
        return [(i, score) for i, score in self._rank(query, None)]

    def _rank(self, query: str, limit: int | None) -> list[tuple[int, float | None]]:
        """Positions in ``tools`` (a name found only among the others is placed after them)."""
        stripped = query.strip()
        if stripped[: len(SELECT)].lower() == SELECT:
            return [(i, None) for i in self._select(stripped[len(SELECT) :])]
        lowered = stripped.lower()
        exact = self._exact(lowered)
        if exact is not None:
            return [(exact, None)]
        if lowered.startswith(MCP_PREFIX) and len(lowered) > len(MCP_PREFIX):
            prefixed: list[tuple[int, float | None]] = [
                (i, None)
                for i, t in enumerate(self.tools)
                if t.sent_name.lower().startswith(lowered)
            ]
            if prefixed:
                return prefixed if limit is None else prefixed[:limit]
        return self._keywords(lowered.split())

    def _select(self, names: str) -> list[int]:
        """Each name by exact sent name among the deferred tools, then among all; names found
        once each, in the order asked; a name not found is dropped (``source/name`` works too
        when no sent name matches)."""
        picked: list[int] = []
        for name in (n.strip() for n in names.split(",")):
            if not name:
                continue
            found = self._by_sent_name(name)
            if found is None:
                found = self._by_key(name)
            if found is not None and found not in picked:
                picked.append(found)
        return picked

    def _by_sent_name(self, name: str) -> int | None:
        for i, tool in enumerate(self.tools):
            if tool.sent_name == name:
                return i
        for j, tool in enumerate(self.others):
            if tool.sent_name == name:
                return len(self.tools) + j
        return None

    def _by_key(self, name: str) -> int | None:
        everything = (*self.tools, *self.others)
        try:
            tool = find_tool(everything, name, "select")
        except ToolsearchError:
            return None
        return next(i for i, t in enumerate(everything) if t is tool)

    def _exact(self, lowered: str) -> int | None:
        for i, tool in enumerate(self.tools):
            if tool.sent_name.lower() == lowered:
                return i
        for j, tool in enumerate(self.others):
            if tool.sent_name.lower() == lowered:
                return len(self.tools) + j
        return None

    def _keywords(self, words: list[str]) -> list[tuple[int, float | None]]:
        required = [w[1:] for w in words if w.startswith("+") and len(w) > 1]
        optional = [w for w in words if not (w.startswith("+") and len(w) > 1)]
        scored_terms = [*required, *optional]
        if not scored_terms:
            return []
        ranked: list[tuple[int, float | None]] = []
        for i, entry in enumerate(self._entries):
            if required and not all(_has_required(entry, word) for word in required):
                continue
            score = _score(entry, scored_terms)
            if score > 0:
                ranked.append((i, float(score)))
        ranked.sort(key=lambda pair: -(pair[1] or 0))  # stable: ties stay in catalog order
        return ranked

    def tool_at(self, position: int) -> Tool:
        """A tool by position: the searched tools, then the others."""
        if position < len(self.tools):
            return self.tools[position]
        return self.others[position - len(self.tools)]

    def find(self, query: str, limit: int | None = DEFAULT_LIMIT) -> Found:
        ranking = self._rank(query, limit)
        total = len(ranking)
        is_select = query.strip()[: len(SELECT)].lower() == SELECT
        shown = ranking if is_select or limit is None else ranking[:limit]
        results = []
        for rank, (i, score) in enumerate(shown, 1):
            tool = self.tool_at(i)
            whole = score is None  # select:, an exact name or a prefix: the name itself
            matched = {"name": [tool.sent_name]} if whole else _matched(tool, query)
            results.append(Result(tool, rank, score, matched))
        return Found(with_ties(results, ranking), total)


def _has_required(entry: _Entry, word: str) -> bool:
    """A required word is a name part, inside one, or a whole word of description or hint."""
    if any(word == part or word in part for part in entry.parts.parts):
        return True
    return whole_word(word, entry.description) or (
        bool(entry.hint) and whole_word(word, entry.hint)
    )


def _score(entry: _Entry, terms: list[str]) -> int:
    """12 (10) for a name part, else 6 (5) for a part holding the term (MCP tools score the
    higher figures); 3 when the full name holds it and nothing scored yet; 4 for a whole word of
    the hint; 2 for a whole word of the description."""
    parts = entry.parts
    score = 0
    for term in terms:
        if term in parts.parts:
            score += 12 if parts.is_mcp else 10
        elif any(term in part for part in parts.parts):
            score += 6 if parts.is_mcp else 5
        if term in parts.full and score == 0:
            score += 3
        if entry.hint and whole_word(term, entry.hint):
            score += 4
        if entry.description and whole_word(term, entry.description):
            score += 2
    return score


def _matched(tool: Tool, query: str) -> dict[str, list[str]]:
    """Per field (name, search hint, description), the query words that scored there."""
    terms = list(dict.fromkeys(w.removeprefix("+") for w in query.lower().split()))
    fields = {
        "name": (" ".join(name_parts(tool.sent_name).parts), False),
        "hint": ((search_hint(tool) or "").lower(), True),
        "description": ((tool.sent_description or "").lower(), True),
    }
    matched: dict[str, list[str]] = {}
    for field, (text, whole) in fields.items():
        found = [t for t in terms if t and (whole_word(t, text) if whole else t in text)]
        if found:
            matched[field] = found
    return matched
