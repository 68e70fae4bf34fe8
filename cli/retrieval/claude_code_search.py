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
from toolsearch.retrieval.claude_code_index import Entry, KeywordIndex, whole_word
from toolsearch.retrieval.searchers import (
    DEFAULT_LIMIT,
    SELECT,
    Found,
    Ranking,
    RankingSearch,
    Result,
    ranks_and_top_of,
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


class ClaudeCodeSearcher(RankingSearch):
    """ToolSearch over ``tools`` (the deferred ones); ``everything`` adds the loaded tools that
    exact names and ``select:`` may also name."""

    def __init__(self, tools: Sequence[Tool], everything: Sequence[Tool] | None = None) -> None:
        self.tools = tuple(tools)
        searched = {id(t) for t in self.tools}
        self.others = tuple(t for t in everything or () if id(t) not in searched)

    @cached_property
    def _index(self) -> KeywordIndex:
        return KeywordIndex([entry_of(t) for t in self.tools])

    def ranking(self, query: str) -> Ranking:
        return self._rank(query, None)

    def _rank(self, query: str, limit: int | None) -> list[tuple[int, float | None]]:
        """Positions in ``tools`` (a name found only among the others is placed after them)."""
        words = self._keyword_query(query)
        if words is not None:
            required, terms = words
            if not terms:
                return []
            return [(i, float(score)) for i, score in self._index.ranked(terms, required)]
        stripped = query.strip()
        if stripped[: len(SELECT)].lower() == SELECT:
            return [(i, None) for i in self._select(stripped[len(SELECT) :])]
        lowered = stripped.lower()
        exact = self._exact(lowered)
        if exact is not None:
            return [(exact, None)]
        prefixed = self._prefixed(lowered)
        return prefixed if limit is None else prefixed[:limit]

    def _keyword_query(self, query: str) -> tuple[list[str], list[str]] | None:
        """The required words and every scored term of a keyword search; None for
        ``select:``, an exact name, or an ``mcp__`` prefix some tool's name starts with."""
        stripped = query.strip()
        if stripped[: len(SELECT)].lower() == SELECT:
            return None
        lowered = stripped.lower()
        if self._exact(lowered) is not None or self._prefixed(lowered):
            return None
        words = lowered.split()
        required = [w[1:] for w in words if w.startswith("+") and len(w) > 1]
        optional = [w for w in words if not (w.startswith("+") and len(w) > 1)]
        return required, [*required, *optional]

    def _prefixed(self, lowered: str) -> list[tuple[int, float | None]]:
        """The deferred tools whose sent names start with an ``mcp__`` prefix query."""
        if not lowered.startswith(MCP_PREFIX) or len(lowered) <= len(MCP_PREFIX):
            return []
        return [
            (i, None) for i, t in enumerate(self.tools) if t.sent_name.lower().startswith(lowered)
        ]

    def ranks_and_top(
        self, query: str, positions: Sequence[int], k: int
    ) -> tuple[list[int | None], list[int]]:
        words = self._keyword_query(query)
        if words is None:
            return ranks_and_top_of(self.ranking(query), positions, k)
        required, terms = words
        if not terms:
            return [None] * len(positions), []
        return self._index.ranks_and_top(terms, required, positions, k)

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

    @cached_property
    def _lowered_names(self) -> dict[str, int]:
        """Each lower-cased sent name's first position (searched tools, then the others)."""
        found: dict[str, int] = {}
        for i, tool in enumerate((*self.tools, *self.others)):
            found.setdefault(tool.sent_name.lower(), i)
        return found

    def _exact(self, lowered: str) -> int | None:
        return self._lowered_names.get(lowered)

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
        return Found(results, total)


def entry_of(tool: Tool) -> Entry:
    """A tool as ToolSearch reads it: name parts, and its description (as sent) and search hint
    lower-cased."""
    parts = name_parts(tool.sent_name)
    description = (tool.sent_description or "").lower()
    return Entry(
        parts.parts, parts.full, parts.is_mcp, description, (search_hint(tool) or "").lower()
    )


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
