"""Claude Code's own ToolSearch over deferred MCP tools, as the chosen Claude Code version runs it.

Not the API's BM25 or regex: keyword scores over name parts, the search hint and the
description, with ``select:a,b``, exact names, ``mcp__`` prefixes and ``+required`` words.
Worked out from Claude Code's published packages (issue 15: 2.1.100; issue 26: the versions
after it, each change at its boundary in ``claude_code_versions``); every step below says which
rule it follows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property

from toolsearch.catalog import claude_code_versions as versions
from toolsearch.catalog.claude_code_versions import ClaudeCode
from toolsearch.catalog.identity import find_tool
from toolsearch.catalog.locale_order import locale_key
from toolsearch.catalog.model import Tool
from toolsearch.errors import ToolsearchError
from toolsearch.hosts import claude_code as claude_code_host
from toolsearch.hosts.claude_code import is_hidden, sent_description
from toolsearch.retrieval.claude_code_index import Entry, KeywordIndex, whole_word
from toolsearch.retrieval.searchers import (
    DEFAULT_LIMIT,
    SELECT,
    Found,
    Ranking,
    RankingSearch,
    Result,
    ranks_and_top_of,
    with_ties,
)

MCP_PREFIX = "mcp__"
NO_MATCH = "No matching deferred tools found"
HINT_KEY = "anthropic/searchHint"
_CAMEL = re.compile(r"([a-z])([A-Z])")
_OWN_NAME_SPLIT = re.compile(r"[\s_.]+")


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


def own_name_parts(tool: Tool) -> tuple[NameParts, tuple[str, ...]]:
    """From Claude Code 2.1.101: an MCP tool's parts come from its server's and its own names
    (not the sanitised sent name), lower-cased and split on runs of whitespace, ``_`` and
    ``.``; the coarse entries are those two names whole. Other tools split as before, their
    coarse entry the whole name."""
    names = mcp_names(tool)
    if names is None:
        parts = name_parts(tool.sent_name)
        return parts, (tool.sent_name.lower(),)
    coarse = tuple(n.lower() for n in names if n)
    split = tuple(p for n in coarse for p in _OWN_NAME_SPLIT.split(n) if p)
    return NameParts(split, " ".join(split), True), coarse


def mcp_names(tool: Tool) -> tuple[str, str] | None:
    """(server, tool) as Claude Code knows an MCP tool: the catalog's own names under the
    claude-code scope, else read back from an ``mcp__server__tool`` name; None for others."""
    if tool.scope == claude_code_host.NAME:
        return tool.source, tool.name
    if tool.sent_name.startswith(MCP_PREFIX):
        server, _, name = tool.sent_name[len(MCP_PREFIX) :].partition("__")
        return (server, name) if name else None
    return None


def search_hint(tool: Tool) -> str | None:
    """``_meta["anthropic/searchHint"]`` when a string: whitespace runs folded, trimmed."""
    meta = tool.raw.get("_meta")
    hint = meta.get(HINT_KEY) if isinstance(meta, Mapping) else None
    return " ".join(hint.split()) if isinstance(hint, str) else None


class ClaudeCodeSearcher(RankingSearch):
    """ToolSearch over ``tools`` (the deferred ones); ``everything`` adds the loaded tools that
    exact names and ``select:`` may also name; ``claude_code`` is the version previewed."""

    def __init__(
        self,
        tools: Sequence[Tool],
        everything: Sequence[Tool] | None = None,
        claude_code: ClaudeCode | None = None,
        indexes: RunIndexes | None = None,
    ) -> None:
        """``indexes``: the run's indexes (``Analysis``'s), by what their version reads: an index
        over some of an earlier one's tools (the self-check over the deferred ones after
        recommend's reach over every tool) reads its terms' hits there."""
        self.tools = tuple(tools)
        self._indexes = indexes
        searched = {id(t) for t in self.tools}
        self.others = tuple(t for t in everything or () if id(t) not in searched)
        self.claude_code = claude_code or ClaudeCode()
        hides = self.claude_code.since(versions.HIDDEN_TOOLS)
        # Claude Code's own order: every version driven holds its MCP tools sorted by
        # localeCompare of their sent names (ties keep that order); from 2.1.280 it leaves
        # out the tools hidden from the model
        shown = [i for i, t in enumerate(self.tools) if not (hides and is_hidden(t))]
        shown.sort(key=lambda i: locale_key(self.tools[i].sent_name))
        self._order = shown
        self._place = {i: k for k, i in enumerate(shown)}
        self._last_query: tuple[str, tuple[list[str], list[str]] | None] | None = None

    @cached_property
    def _index(self) -> KeywordIndex:
        reading = _reading(self.claude_code)
        last = None if self._indexes is None else self._indexes.get(reading)
        index = KeywordIndex([_entry(self.tools[i], reading) for i in self._order], last)
        if self._indexes is not None and not index.reads_another:
            self._indexes[reading] = index
        return index

    def ranking(self, query: str) -> Ranking:
        return self._rank(query, None)

    def _rank(self, query: str, limit: int | None) -> list[tuple[int, float | None]]:
        """Positions in ``tools`` (a name found only among the others is placed after them)."""
        words = self._keyword_query(query)
        if words is not None:
            required, terms = words
            if not terms:
                return []
            ranked = self._index.ranked(terms, required)
            return [(self._order[k], float(score)) for k, score in ranked]
        stripped = self._capped(query)
        if stripped[: len(SELECT)].lower() == SELECT:
            return [(i, None) for i in self._select(stripped[len(SELECT) :])]
        exact = self._exact(stripped)
        if exact is not None:
            return [(exact, None)]
        prefixed = self._prefixed(stripped.lower())
        return prefixed if limit is None else prefixed[:limit]

    def _capped(self, query: str) -> str:
        """The query trimmed; from 2.1.295 cut to 16,384 characters, then to 32 terms."""
        if not self.claude_code.since(versions.QUERY_CAPS):
            return query.strip()
        cut = query[: versions.MAX_QUERY_CHARACTERS].strip()
        words = cut.split()
        return cut if len(words) <= versions.MAX_QUERY_TERMS else " ".join(words[:32])

    def _keyword_query(self, query: str) -> tuple[list[str], list[str]] | None:
        """The required words and every scored term of a keyword search; None for
        ``select:``, an exact name, or an ``mcp__`` prefix some tool's name starts with. The
        last query's are kept (a self-check asks for a case's ranks, then for its ties):
        callers read them and never change them."""
        if self._last_query is None or self._last_query[0] != query:
            self._last_query = (query, self._read_keywords(query))
        return self._last_query[1]

    def _read_keywords(self, query: str) -> tuple[list[str], list[str]] | None:
        stripped = self._capped(query)
        if stripped[: len(SELECT)].lower() == SELECT:
            return None
        lowered = stripped.lower()
        if self._exact(stripped) is not None or self._prefixed(lowered):
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
            (i, None) for i in self._order if self.tools[i].sent_name.lower().startswith(lowered)
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
        inside = [self._place.get(p, -1) for p in positions]
        ranks, top = self._index.ranks_and_top(terms, required, [p for p in inside if p >= 0], k)
        found = iter(ranks)
        return [None if p < 0 else next(found) for p in inside], [self._order[t] for t in top]

    def tie_spans(self, query: str, positions: Sequence[int]) -> list[tuple[int, int] | None]:
        """As ``RankingSearch.tie_spans``, from the scores alone for a keyword search: a tie
        is a run of equal scores in the ranking (a self-check of 10,000 tools asked the whole
        ranking of every query)."""
        words = self._keyword_query(query)
        if words is None:
            return super().tie_spans(query, positions)
        required, terms = words
        if not terms:
            return [None] * len(positions)
        inside = [self._place.get(p, -1) for p in positions]
        spans = self._index.tie_spans(terms, required, [p for p in inside if p >= 0])
        found = iter(spans)
        return [None if p < 0 else next(found) for p in inside]

    def _select(self, names: str) -> list[int]:
        """Each name by exact sent name among the deferred tools, then among all (a loaded
        tool too); from 2.1.271 else every MCP tool whose own or sanitised name it is; names
        found once each, in the order asked (from 2.1.295 the first 64); a name not found is
        dropped (toolsearch's ``source/name`` works too when nothing else matches)."""
        asked = [n.strip() for n in names.split(",") if n.strip()]
        if self.claude_code.since(versions.QUERY_CAPS):
            asked = asked[: versions.MAX_SELECT_NAMES]
        picked: list[int] = []
        for name in asked:
            found = self._by_sent_name(name)
            if found is not None:
                matches = [found]
            elif self.claude_code.since(versions.SELECT_BY_NAME) and self._by_bare_name(name):
                matches = self._by_bare_name(name)
            else:
                by_key = self._by_key(name)
                matches = [] if by_key is None else [by_key]
            picked.extend(m for m in matches if m not in picked)
        return picked

    def _by_sent_name(self, name: str) -> int | None:
        for i in self._order:
            if self.tools[i].sent_name == name:
                return i
        for j, tool in enumerate(self.others):
            if tool.sent_name == name:
                return len(self.tools) + j
        return None

    def _by_bare_name(self, name: str) -> list[int]:
        """Every MCP tool whose own name, or that name as sent, is ``name``: the deferred ones
        in Claude Code's order, then the loaded ones."""
        found = []
        for i, _ in self._names:
            names = mcp_names(self.tool_at(i))
            if names is not None and name in (names[1], sanitised(names[1])):
                found.append(i)
        return found

    def _by_key(self, name: str) -> int | None:
        """toolsearch's own ``source/name`` form (a bare name is Claude Code's to match)."""
        if "/" not in name:
            return None
        everything = (*self.tools, *self.others)
        try:
            tool = find_tool(everything, name, "select")
        except ToolsearchError:
            return None
        return next(i for i, t in enumerate(everything) if t is tool)

    @cached_property
    def _names(self) -> list[tuple[int, str]]:
        """Positions and sent names: the searched tools in Claude Code's order, the others."""
        ordered = [(i, self.tools[i].sent_name) for i in self._order]
        return ordered + [(len(self.tools) + j, t.sent_name) for j, t in enumerate(self.others)]

    @cached_property
    def _lowered_names(self) -> dict[str, int]:
        """Each lower-cased sent name's first position (searched tools, then the others)."""
        found: dict[str, int] = {}
        for i, name in self._names:
            found.setdefault(name.lower(), i)
        return found

    @cached_property
    def _exact_names(self) -> dict[str, int]:
        found: dict[str, int] = {}
        for i, name in self._names:
            found.setdefault(name, i)
        return found

    def _exact(self, stripped: str) -> int | None:
        """A tool named by the whole query: from 2.1.332 a case-sensitive match first, then
        any case (before it, any case only)."""
        if self.claude_code.since(versions.NEWEST):
            found = self._exact_names.get(stripped)
            if found is not None:
                return found
        return self._lowered_names.get(stripped.lower())

    def tool_at(self, position: int) -> Tool:
        """A tool by position: the searched tools, then the others."""
        if position < len(self.tools):
            return self.tools[position]
        return self.others[position - len(self.tools)]

    def find(self, query: str, limit: int | None = DEFAULT_LIMIT) -> Found:
        ranking = self._rank(query, limit)
        total = len(ranking)
        is_select = self._capped(query)[: len(SELECT)].lower() == SELECT
        shown = ranking if is_select or limit is None else ranking[:limit]
        results = []
        cut = self.claude_code.description_cut
        for rank, (i, score) in enumerate(shown, 1):
            tool = self.tool_at(i)
            whole = score is None  # select:, an exact name or a prefix: the name itself
            matched = {"name": [tool.sent_name]} if whole else _matched(tool, query, cut)
            results.append(Result(tool, rank, score, matched))
        return Found(with_ties(results, ranking), total)


Reading = tuple[bool, bool, int, int | None]  # what ``_reading`` says a version reads
_ENTRY = "_claude_code_entry"  # where a tool keeps its entry, with what the entry read
# a run's last index per reading built with postings of its own (``KeywordIndex``'s ``within``)
RunIndexes = dict[Reading, KeywordIndex]


def entry_of(tool: Tool, claude_code: ClaudeCode | None = None) -> Entry:
    """A tool as ToolSearch reads it: name parts (and, from 2.1.113, coarse entries), its
    description and search hint lower-cased and cut as the version cuts them."""
    return _entry(tool, _reading(claude_code or ClaudeCode()))


@cache
def _reading(cc: ClaudeCode) -> Reading:
    """What a version's ToolSearch reads of a tool: its own names split (from 2.1.101), the
    coarse entries (from 2.1.113), where the description and the hint are cut."""
    own_names = cc.since(versions.NAME_PARTS)
    return own_names, own_names and cc.since(versions.COARSE), cc.description_cut, cc.hint_cut


def _entry(tool: Tool, reading: Reading) -> Entry:
    """``entry_of`` made once per tool while the version reads alike: a run's two searchers
    (recommend's reach over every tool, the self-check over the deferred ones) share it."""
    kept: tuple[Reading, Entry] | None = tool.__dict__.get(_ENTRY)
    if kept is None or kept[0] != reading:
        kept = tool.__dict__[_ENTRY] = (reading, _read_entry(tool, *reading))  # the frozen tool's
    return kept[1]


def _read_entry(
    tool: Tool, own_names: bool, coarse_entries: bool, description_cut: int, hint_cut: int | None
) -> Entry:
    if own_names:
        parts, coarse = own_name_parts(tool)
        coarse = coarse if coarse_entries else ()
    else:
        parts, coarse = name_parts(tool.sent_name), ()
    description = tool.sent_description or ""
    if tool.description is not None:  # a deferred tool is sent whole(r) once loaded
        description = sent_description(tool.description, description_cut) or ""
    hint = search_hint(tool) or ""
    if hint_cut is not None:
        hint = hint[:hint_cut]
    return Entry(parts.parts, parts.full, parts.is_mcp, description.lower(), hint.lower(), coarse)


def sanitised(name: str) -> str:
    """A name as Claude Code sends it: characters outside ``[A-Za-z0-9_-]`` become ``_``."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)


def _matched(tool: Tool, query: str, cut: int) -> dict[str, list[str]]:
    """Per field (name, search hint, description cut where ToolSearch reads it), the query
    words that scored there."""
    terms = list(dict.fromkeys(w.removeprefix("+") for w in query.lower().split()))
    fields = {
        "name": (" ".join(name_parts(tool.sent_name).parts), False),
        "hint": ((search_hint(tool) or "").lower(), True),
        "description": ((sent_description(tool.description, cut) or "").lower(), True),
    }
    matched: dict[str, list[str]] = {}
    for field, (text, whole) in fields.items():
        found = [t for t in terms if t and (whole_word(t, text) if whole else t in text)]
        if found:
            matched[field] = found
    return matched
