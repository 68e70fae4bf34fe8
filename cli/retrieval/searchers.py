"""Tool search as the API does it, offline: which tools are searched, BM25 and regex searchers.

One scope rule for query, eval, ``--self``, ``unfindable-tool`` and the library: a scope's
deferred tools when any tool is deferred, else every tool; ``all_tools`` searches every tool.
BM25 mode also understands Claude Code's ToolSearch forms: ``select:a,b`` fetches those exact
tools, ``+slack send`` keeps tools whose name holds ``slack`` and ranks them by the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal, Protocol

from toolsearch.catalog.fields import tool_fields
from toolsearch.catalog.identity import find_tool
from toolsearch.catalog.model import Scope, Tool
from toolsearch.errors import SearchInputError, ToolsearchError
from toolsearch.retrieval.bm25 import BM25Index, TermCounts
from toolsearch.retrieval.regex_search import MAX_PATTERN, TIME_LIMIT, regex_search
from toolsearch.retrieval.terms import term_spans, terms

SearchedSet = Literal["deferred", "all"]
MAX_QUERY = 500
DEFAULT_LIMIT = 5
SELECT = "select:"


@dataclass(frozen=True)
class Result:
    """One tool a search returned: rank from 1, score (None for ``select:``), matched words, and
    its tie: the first and last rank of the results with the same score (in the whole ranking,
    so a tie may go on past the results shown), None when no other result has its score."""

    tool: Tool
    rank: int
    score: float | None
    matched: dict[str, list[str]] = field(default_factory=dict)
    tie: tuple[int, int] | None = None

    @property
    def name(self) -> str:
        return self.tool.name

    @property
    def source(self) -> str:
        return self.tool.source

    @property
    def scope(self) -> str:
        return self.tool.scope


Ranking = list[tuple[int, float | None]]


def tie_spans(scores: Sequence[float | None]) -> list[tuple[int, int] | None]:
    """For each place of a ranking, the first and last rank of the run of equal scores it is
    in (None alone, or with no score). Some hosts order equal scores at random (Codex does)."""
    spans: list[tuple[int, int] | None] = [None] * len(scores)
    start = 0
    for end in range(1, len(scores) + 1):
        if end < len(scores) and scores[end] is not None and scores[end] == scores[start]:
            continue
        if end - start > 1 and scores[start] is not None:
            spans[start:end] = [(start + 1, end)] * (end - start)
        start = end
    return spans


def with_ties(results: Sequence[Result], ranking: Ranking) -> list[Result]:
    """The results, each with its tie in the whole ``ranking`` they were cut from."""
    spans = tie_spans([score for _, score in ranking])
    return [replace(r, tie=spans[r.rank - 1]) if spans[r.rank - 1] else r for r in results]


@dataclass(frozen=True)
class Found:
    """The results shown and how many tools the query reached in all."""

    results: list[Result]
    total: int


class Searcher(Protocol):
    """Searches a fixed list of tools; the index, if any, is built once."""

    tools: tuple[Tool, ...]

    def ranking(self, query: str) -> Ranking:
        """Every tool the query reaches, best first: (index in ``tools``, score)."""
        ...

    def find(self, query: str, limit: int | None = DEFAULT_LIMIT) -> Found:
        """The top ``limit`` results (all when None), with what matched, and the total."""
        ...

    def ranks_and_top(
        self, query: str, positions: Sequence[int], k: int
    ) -> tuple[list[int | None], list[int]]:
        """Where the tools at ``positions`` rank (None: not reached), and the ``k`` best."""
        ...

    def search(self, query: str, limit: int | None = DEFAULT_LIMIT) -> list[Result]:
        """The top ``limit`` results (all when None), with what matched."""
        ...

    def tie_spans(self, query: str, positions: Sequence[int]) -> list[tuple[int, int] | None]:
        """For the tools at ``positions``: the first and last rank of the tools with the same
        score (None: not reached, or no other tool has its score)."""
        ...


def searched_tools(scope: Scope, all_tools: bool = False) -> tuple[tuple[Tool, ...], SearchedSet]:
    """The tools a search in this scope runs over, and which set that is."""
    deferred = scope.deferred_tools
    if deferred and not all_tools:
        return deferred, "deferred"
    return scope.tools, "all"


def check_query_length(query: str) -> None:
    """Refuse a BM25 query longer than the API accepts."""
    if len(query) > MAX_QUERY:
        raise SearchInputError(
            "invalid_tool_input",
            f"the BM25 query is {len(query)} characters; the API allows at most {MAX_QUERY}",
        )


def matched_words(tool: Tool, query_terms: set[str]) -> dict[str, list[str]]:
    """Per field, the words (as written in the field) whose terms are query terms."""
    matched: dict[str, list[str]] = {}
    for name, text in tool_fields(tool):
        found: list[str] = []
        for start, end, term in term_spans(text):
            word = text[start:end]
            if term in query_terms and word not in found:
                found.append(word)
        if found:
            matched[name] = found
    return matched


@dataclass(frozen=True)
class ParsedQuery:
    """A BM25 query: ``select:`` names, or required name terms and the words to rank by."""

    select: tuple[str, ...] | None
    required: tuple[str, ...]
    ranked_terms: tuple[str, ...]

    @property
    def wanted(self) -> set[str]:
        """Every term whose words count as matched."""
        return set(self.ranked_terms) | {t for r in self.required for t in terms(r)}


def parse_query(query: str) -> ParsedQuery:
    """Read Claude Code's forms: ``select:a,b`` and ``+term`` (term required in the name)."""
    check_query_length(query)
    stripped = query.strip()
    if stripped.lower().startswith(SELECT):
        names = (n.strip() for n in stripped[len(SELECT) :].split(","))
        return ParsedQuery(tuple(n for n in names if n), (), ())
    if "+" not in stripped:  # no required terms: the words are the text's own terms
        return ParsedQuery(None, (), tuple(terms(stripped)))
    words = stripped.split()
    required = tuple(w[1:].lower() for w in words if w.startswith("+") and len(w) > 1)
    rest = terms(" ".join(w for w in words if not (w.startswith("+") and len(w) > 1)))
    ranked = rest or [t for r in required for t in terms(r)]
    return ParsedQuery(None, required, tuple(ranked))


def tie_spans_of(
    ranking: Sequence[tuple[int, float | None]], positions: Sequence[int]
) -> list[tuple[int, int] | None]:
    """The tie of each tool at ``positions`` in a full ranking (None: not in it, or no tie)."""
    spans = tie_spans([score for _, score in ranking])
    place = {i: n for n, (i, _) in enumerate(ranking)}
    return [spans[place[p]] if p in place else None for p in positions]


def ranks_and_top_of(
    ranking: Ranking, positions: Sequence[int], k: int
) -> tuple[list[int | None], list[int]]:
    """Where the tools at ``positions`` stand in a full ranking, and its first ``k``."""
    order = [i for i, _ in ranking]
    wanted = set(positions)
    where = {i: rank for rank, i in enumerate(order, 1) if i in wanted}
    return [where.get(p) for p in positions], order[:k]


class RankingSearch:
    """``ranks_and_top`` and ``search`` of a searcher, from its ``ranking`` and ``find``."""

    def ranking(self, query: str) -> Ranking:
        raise NotImplementedError

    def find(self, query: str, limit: int | None = DEFAULT_LIMIT) -> Found:
        raise NotImplementedError

    def ranks_and_top(
        self, query: str, positions: Sequence[int], k: int
    ) -> tuple[list[int | None], list[int]]:
        return ranks_and_top_of(self.ranking(query), positions, k)

    def search(self, query: str, limit: int | None = DEFAULT_LIMIT) -> list[Result]:
        return self.find(query, limit).results

    def tie_spans(self, query: str, positions: Sequence[int]) -> list[tuple[int, int] | None]:
        return tie_spans_of(self.ranking(query), positions)


class BM25Searcher:
    """BM25 over name (weighted), description and arguments, with Claude Code's query forms."""

    def __init__(self, tools: Sequence[Tool], term_counts: TermCounts | None = None) -> None:
        """``term_counts``: the tools' term counts other indexes of the run made (and keep)."""
        self.tools = tuple(tools)
        self._term_counts = term_counts
        self._last: tuple[str, ParsedQuery] | None = None

    def _parse(self, query: str) -> ParsedQuery:
        """``parse_query``, kept for the last query (an evaluation asks for a case's ranks,
        then for its ties)."""
        if self._last is None or self._last[0] != query:
            self._last = (query, parse_query(query))
        return self._last[1]

    @cached_property
    def index(self) -> BM25Index:
        return BM25Index(self.tools, self._term_counts)

    def prepare_many(self) -> None:
        """Index every term now, for a run of many queries."""
        self.index.model.index_all()

    def ranking(self, query: str) -> Ranking:
        return self._rank(self._parse(query))

    def _rank(self, parsed: ParsedQuery) -> Ranking:
        if parsed.select is not None:
            return [(i, None) for i in self._select(parsed.select)]
        if not self.tools:
            return []
        keep = None
        if parsed.required:
            keep = [
                i
                for i, tool in enumerate(self.tools)
                if all(r in tool.sent_name.lower() for r in parsed.required)
            ]
        elif not parsed.ranked_terms:
            return []
        return list(self.index.ranked(parsed.ranked_terms, keep))

    def ranks_and_top(
        self, query: str, positions: Sequence[int], k: int
    ) -> tuple[list[int | None], list[int]]:
        parsed = self._parse(query)
        if parsed.select is not None or parsed.required or not self.tools:
            return ranks_and_top_of(self._rank(parsed), positions, k)
        if not parsed.ranked_terms:
            return [None] * len(positions), []
        return self.index.ranks_and_top(parsed.ranked_terms, positions, k)

    def tie_spans(self, query: str, positions: Sequence[int]) -> list[tuple[int, int] | None]:
        parsed = self._parse(query)
        if parsed.select is not None or parsed.required or not self.tools:
            return tie_spans_of(self._rank(parsed), positions)
        if not parsed.ranked_terms:
            return [None] * len(positions)
        return self.index.tie_spans(parsed.ranked_terms, positions)

    def _select(self, names: Sequence[str]) -> list[int]:
        positions = {id(t): i for i, t in enumerate(self.tools)}
        picked: list[int] = []
        for ident in names:
            try:
                tool = find_tool(self.tools, ident, "select")
            except ToolsearchError as error:
                raise SearchInputError("invalid_tool_input", str(error)) from None
            if positions[id(tool)] not in picked:
                picked.append(positions[id(tool)])
        return picked

    def search(self, query: str, limit: int | None = DEFAULT_LIMIT) -> list[Result]:
        return self.find(query, limit).results

    def find(self, query: str, limit: int | None = DEFAULT_LIMIT) -> Found:
        parsed = self._parse(query)
        whole = ranking = self._rank(parsed)
        total = len(ranking)
        if parsed.select is None and limit is not None:
            ranking = ranking[:limit]  # select: returns every tool it names
        wanted = parsed.wanted
        results = []
        for rank, (i, score) in enumerate(ranking, 1):
            tool = self.tools[i]
            if parsed.select is not None:
                matched = {"name": [tool.sent_name]}
            else:
                matched = matched_words(tool, wanted)
                if parsed.required:
                    names = matched.setdefault("name", [])
                    names.extend(r for r in parsed.required if r not in names)
            results.append(Result(tool, rank, score, matched))
        return Found(with_ties(results, whole), total)


class RegexSearcher(RankingSearch):
    """The regex variant: ``re.search`` on each field; score = fields matched."""

    def __init__(self, tools: Sequence[Tool], time_limit: float = TIME_LIMIT) -> None:
        self.tools = tuple(tools)
        self.time_limit = time_limit

    def ranking(self, query: str) -> Ranking:
        hits = regex_search(self.tools, query, self.time_limit)
        return [(h.index, float(len(h.matched))) for h in hits]

    def find(self, query: str, limit: int | None = DEFAULT_LIMIT) -> Found:
        hits = regex_search(self.tools, query, self.time_limit)
        chosen = hits if limit is None else hits[:limit]
        results = [
            Result(self.tools[h.index], rank, float(len(h.matched)), h.matched)
            for rank, h in enumerate(chosen, 1)
        ]
        return Found(
            with_ties(results, [(h.index, float(len(h.matched))) for h in hits]), len(hits)
        )


def tool_references(results: Sequence[Result]) -> list[dict[str, Any]]:
    """The ``tool_result`` content a client-side search tool returns (facts §2.6)."""
    return [{"type": "tool_reference", "tool_name": r.tool.sent_name} for r in results]


__all__ = [
    "MAX_PATTERN",
    "MAX_QUERY",
    "BM25Searcher",
    "RegexSearcher",
    "Result",
    "Searcher",
    "searched_tools",
    "tool_references",
]
