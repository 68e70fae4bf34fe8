"""Measure search quality: recall@k, hit@5 and MRR over labelled cases, each tool's own words
(``--self``), or each tool's description with every description held out of the index
(``--held-out``).

recall@k = |expected tools in the top k| / |expected|, averaged over cases; hit@k = any expected
tool in the top k; MRR = the reciprocal rank of the first expected tool found (0 when none is).
Tools with equal scores may come back in any order (Codex orders ties at random), so a tie that
straddles k counts as a fractional hit: the expected value over the tie's orders (TIES_METHOD).
An expected tool that is loaded while only deferred tools are searched counts as found at rank 1
("always loaded"). A case whose query the search refuses (a pattern that does not compile, or
one stopped by the time limit) is a miss with its error.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from toolsearch.catalog.identity import ToolIndex
from toolsearch.catalog.model import Catalog, Scope, Tool
from toolsearch.errors import SearchInputError, UsageError
from toolsearch.retrieval.cases import Case
from toolsearch.retrieval.modes import make_searcher
from toolsearch.retrieval.searchers import (
    MAX_QUERY,
    Searcher,
    searched_tools,
)
from toolsearch.retrieval.terms import words

T = TypeVar("T")

KS = (1, 3, 5, 10)
DEFAULT_AT = 5
TIES_METHOD = (
    "ties: tools with equal scores count at k as the expected value over the tie's orders "
    "(a tie that straddles k is a fractional hit)"
)


@dataclass(frozen=True)
class Outcome:
    """One case run in one mode: the rank of each expected tool (None = not found)."""

    case: Case
    mode: str
    expected: tuple[Tool, ...]
    ranks: tuple[int | None, ...]
    got: tuple[Tool, ...]  # the top results, as many as the report's cut-off
    always_loaded: tuple[Tool, ...] = ()
    error: str | None = None
    ties: tuple[tuple[int, int] | None, ...] = ()  # per expected tool: its tie's first, last rank

    def _span(self, index: int) -> tuple[int, int] | None:
        rank = self.ranks[index]
        if rank is None:
            return None
        tie = self.ties[index] if index < len(self.ties) else None
        return tie or (rank, rank)

    def missed(self, k: int) -> bool:
        """An expected tool is not in the top k as the search listed it (a tie's other orders
        are the metrics' business: the misses agree with ``unfindable-tool`` and the page)."""
        return any(r is None or r > k for r in self.ranks)

    def straddles(self, ks: Iterable[int]) -> bool:
        """Whether an expected tool's tie straddles one of ``ks`` (a fractional hit there)."""
        spans = [self._span(i) for i in range(len(self.ranks))]
        return any(
            first <= k < last for span in spans if span for first, last in [span] for k in ks
        )

    def recall(self, k: int) -> float:
        """The share of expected tools in the top k, a tie straddling k counted by its chance."""
        spans = [self._span(i) for i in range(len(self.ranks))]
        return sum(within(span, k) for span in spans if span) / len(self.ranks)

    def hit(self, k: int) -> float:
        """Whether any expected tool is in the top k: 1 or 0, or, when the only chance is a tie
        straddling k, the expected value over the tie's orders."""
        spans = [s for s in (self._span(i) for i in range(len(self.ranks))) if s]
        if any(last <= k for _, last in spans):
            return 1.0
        straddling = [(first, last) for first, last in spans if first <= k < last]
        if not straddling:
            return 0.0
        first, last = straddling[0]  # one tie at most holds both rank k and rank k + 1
        size, slots, wanted = last - first + 1, k - first + 1, len(straddling)
        return 1.0 - math.comb(size - wanted, slots) / math.comb(size, slots)

    @property
    def reciprocal_rank(self) -> float:
        found = [r for r in self.ranks if r is not None]
        return 1.0 / min(found) if found else 0.0


def within(span: tuple[int, int], k: int) -> float:
    """The chance a tool whose tie spans ranks ``first``-``last`` is in the top k, every order
    of the tie being equally likely."""
    first, last = span
    if last <= k:
        return 1.0
    if first > k:
        return 0.0
    return (k - first + 1) / (last - first + 1)


@dataclass(frozen=True)
class Metrics:
    """Averages over the cases run in one mode."""

    cases: int
    recall: dict[int, float]
    hit5: float
    mrr: float


def metrics(outcomes: Sequence[Outcome], ks: Iterable[int]) -> Metrics:
    """recall@k for each k, hit@5 and MRR, averaged over ``outcomes``."""
    n = len(outcomes) or 1
    return Metrics(
        len(outcomes),
        {k: sum(o.recall(k) for o in outcomes) / n for k in ks},
        sum(o.hit(5) for o in outcomes) / n,
        sum(o.reciprocal_rank for o in outcomes) / n,
    )


MakeSearcher = Callable[[str, Sequence[Tool], Sequence[Tool] | None], Searcher]


@dataclass
class Evaluator:
    """Runs cases against a catalog, building each scope's searcher once per mode."""

    catalog: Catalog
    all_tools: bool = False
    at: int = DEFAULT_AT
    _searchers: dict[tuple[str, str], Searcher] = field(default_factory=dict)
    _positions: dict[str, dict[int, int]] = field(default_factory=dict)  # id(tool) -> position
    _found: dict[str, Tool] = field(default_factory=dict)
    _index: ToolIndex | None = None
    make: MakeSearcher | None = None  # Analysis.searcher shares the run's

    def searcher(self, scope: Scope, mode: str) -> Searcher:
        key = (scope.name, mode)
        if key not in self._searchers:
            tools, _ = searched_tools(scope, self.all_tools)
            if self.make is None:
                searcher = make_searcher(mode, tools, scope.tools, self.catalog.claude_code)
            else:
                searcher = self.make(mode, tools, scope.tools)
            prepare = getattr(searcher, "prepare_many", None)
            if prepare is not None:
                prepare()  # an evaluation runs many queries: index (and embed) every tool now
            self._searchers[key] = searcher
            self._positions[scope.name] = {id(t): i for i, t in enumerate(tools)}
        return self._searchers[key]

    def _tool(self, ident: str, case: Case) -> Tool:
        if ident not in self._found:
            if self._index is None:
                self._index = ToolIndex(self.catalog.tools)
            self._found[ident] = self._index.find(ident, f"{case.where} ({case.id})")
        return self._found[ident]

    def scope_of(self, case: Case) -> tuple[Scope, tuple[Tool, ...]]:
        """The scope holding a case's expected tools (they must share one)."""
        tools = tuple(self._tool(e, case) for e in case.expected)
        scopes = {t.scope for t in tools}
        if len(scopes) > 1:
            raise UsageError(
                f"{case.where} ({case.id}): expected tools are in different scopes "
                f"({', '.join(sorted(scopes))}); one case searches one request"
            )
        scope = next(s for s in self.catalog.scopes if s.name == tools[0].scope)
        return scope, tools

    def run(self, case: Case, mode: str) -> Outcome:
        scope, expected = self.scope_of(case)
        return self.run_in(scope, case, mode, expected)

    def run_in(self, scope: Scope, case: Case, mode: str, expected: tuple[Tool, ...]) -> Outcome:
        searcher = self.searcher(scope, mode)
        positions = self._positions[scope.name]
        searched = [positions[id(t)] for t in expected if id(t) in positions]
        try:
            found, top = searcher.ranks_and_top(case.query, searched, max(self.at, 10))
            error = None
        except SearchInputError as failure:
            found, top, error = [None] * len(searched), [], str(failure)
        rank_of = dict(zip(searched, found, strict=True))
        loaded = tuple(t for t in expected if id(t) not in positions)
        ranks = tuple(rank_of[positions[id(t)]] if id(t) in positions else 1 for t in expected)
        # a host's own tools (Codex's) stand after the searched ones: tool_at reaches them
        pick = getattr(searcher, "tool_at", searcher.tools.__getitem__)
        got = tuple(pick(i) for i in top)
        spans = dict.fromkeys(searched)
        if error is None and any(r is not None for r in found):
            spans.update(zip(searched, searcher.tie_spans(case.query, searched), strict=True))
        ties = tuple(spans[positions[id(t)]] if id(t) in positions else None for t in expected)
        return Outcome(case, mode, expected, ranks, got, loaded, error, ties)


def case_modes(case: Case, modes: Sequence[str] | None, default: str = "bm25") -> list[str]:
    """The modes a case runs in: its own (if selected), else every selected mode, else the
    run's default (the target's: bm25, or claude-code under --target claude-code)."""
    if case.mode is not None:
        return [case.mode] if modes is None or case.mode in modes else []
    return list(modes) if modes else [default]


def self_query(tool: Tool) -> str:
    """A query made of a tool's own name (as words) and description, cut to the API's limit."""
    text = " ".join(words(tool.sent_name))
    description = " ".join((tool.sent_description or "").split())
    if description:
        text = f"{text} {description}"
    if len(text) > MAX_QUERY:
        text = text[:MAX_QUERY].rsplit(" ", 1)[0]
    return text


def self_cases(
    scope: Scope, all_tools: bool = False, sample: int | None = None
) -> list[tuple[Case, Tool]]:
    """One case per checked tool: every searched tool (loaded tools are always found); with
    ``sample``, only the tools ``evenly`` picks (their queries alone are made)."""
    tools, _ = searched_tools(scope, all_tools)
    if sample is not None:
        tools = tuple(evenly(tools, sample))
    return [
        (Case(tool.key, self_query(tool), (tool.key,), "bm25", tool.location.file), tool)
        for tool in tools
    ]


def run_self(
    evaluator: Evaluator, scope: Scope, mode: str = "bm25", sample: int | None = None
) -> list[Outcome]:
    """Each searched tool of a scope, searched for with its own words; with ``sample``, at most
    that many, spread evenly over the scope (see ``evenly``), each still searched among all."""
    cases = self_cases(scope, evaluator.all_tools, sample)
    if mode == "hybrid":  # the queries embedded in one batch, as held-out ones are
        from toolsearch.retrieval.hybrid import prepare_queries

        prepare_queries([case.query for case, _ in cases if case.query])
    return [evaluator.run_in(scope, case, mode, (tool,)) for case, tool in cases]


def evenly(items: Sequence[T], most: int) -> list[T]:
    """At most ``most`` of ``items``, spread evenly in their order (the first always among
    them): the same choice on every run, unlike a random sample."""
    if len(items) <= most:
        return list(items)
    return [items[index * len(items) // most] for index in range(most)]


NO_DESCRIPTION = "the tool has no description to search with"


def description_query(tool: Tool) -> str:
    """A tool's description as a query: whitespace folded, cut to the API's limit."""
    text = " ".join((tool.sent_description or "").split())
    if len(text) > MAX_QUERY:
        text = text[:MAX_QUERY].rsplit(" ", 1)[0]
    return text


def without_description(tool: Tool) -> Tool:
    """The tool as the held-out index sees it: name and arguments, no description."""
    return replace(tool, description=None, sent_description=None)


def run_held_out(
    scope: Scope, mode: str = "bm25", all_tools: bool = False, make: MakeSearcher = make_searcher
) -> list[Outcome]:
    """Each searched tool of a scope, searched for with its description in an index where no
    tool has one (names and arguments only): a query whose words the index does not hold for
    that tool, as a user's words often are. A tool without a description is not found."""
    hidden = replace(scope, tools=tuple(without_description(t) for t in scope.tools))
    original = {id(h): t for h, t in zip(hidden.tools, scope.tools, strict=True)}
    evaluator = Evaluator(Catalog((hidden,)), all_tools, make=make)
    searched, _ = searched_tools(hidden, all_tools)
    queries = {id(t): description_query(original[id(t)]) for t in searched}
    if mode == "hybrid":
        from toolsearch.retrieval.hybrid import prepare_queries

        prepare_queries([q for q in queries.values() if q])
    outcomes = []
    for tool in searched:
        source = original[id(tool)]
        case = Case(source.key, queries[id(tool)], (source.key,), mode, source.location.file)
        if not case.query:
            outcomes.append(Outcome(case, mode, (source,), (None,), (), error=NO_DESCRIPTION))
            continue
        found = evaluator.run_in(hidden, case, mode, (tool,))
        got = tuple(original.get(id(t), t) for t in found.got)
        outcomes.append(replace(found, expected=(source,), got=got))
    return outcomes
