"""How many typical intents reach each tool, through the project's BM25 tool search.

Intents are each tool's own words (its name and description, as ``eval --self`` builds them) or,
with ``--intents FILE``, the queries of an eval cases file. Each intent is searched with BM25 over
every tool of the scope and its top 5 (the API's default) are counted: a tool's reach is the
number of intents, other than its own, that bring it up. A tool many intents reach is one that
many tasks touch. Scopes of more than 500 tools use every k-th tool's words: at most 500 intents.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from toolsearch.analysis import Analysis
from toolsearch.catalog.model import Scope, Tool
from toolsearch.errors import SearchInputError
from toolsearch.retrieval.evaluation import self_query
from toolsearch.retrieval.searchers import DEFAULT_LIMIT, BM25Searcher

MAX_INTENTS = 500

Reach = tuple[dict[tuple[str, str], int], int]


def intents(scope: Scope, queries: Sequence[str] | None = None) -> list[tuple[str, Tool | None]]:
    """(query, the tool it was made from) pairs; given queries belong to no tool."""
    if queries is not None:
        return [(q, None) for q in queries]
    tools = scope.tools
    step = max(1, math.ceil(len(tools) / MAX_INTENTS))
    return [(self_query(t), t) for t in tools[::step]]


def reach(
    scope: Scope, queries: Sequence[str] | None = None, analysis: Analysis | None = None
) -> Reach:
    """Per (source, name), how many intents put the tool in their top 5; and how many ran."""
    mode = analysis.search_mode if analysis else "bm25"
    searcher = analysis.searcher(mode, scope.tools) if analysis else BM25Searcher(scope.tools)
    if isinstance(searcher, BM25Searcher):
        searcher.prepare_many()
    counts: Counter[tuple[str, str]] = Counter()
    ran = 0
    for query, own in intents(scope, queries):
        try:
            _, top = searcher.ranks_and_top(query, (), DEFAULT_LIMIT)
        except SearchInputError:
            continue  # over the API's length limit: not an intent a user could send
        ran += 1
        for index in top:
            if index >= len(scope.tools):
                continue  # a host's own tool (Codex's), not one of the scope's
            tool = scope.tools[index]
            if tool is not own:
                counts[place(tool)] += 1
    return {place(t): counts[place(t)] for t in scope.tools}, ran


def place(tool: Tool) -> tuple[str, str]:
    """A tool's own key (file and pointer): two tools of one name are still two tools."""
    return tool.location.file, tool.location.pointer
