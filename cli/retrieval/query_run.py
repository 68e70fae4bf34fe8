"""The query run: one query searched in each scope's searched tools, into a ``QueryReport``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from toolsearch.analysis import Analysis
from toolsearch.catalog.claude_code_versions import claude_code_method, competing_built_ins_note
from toolsearch.catalog.counts import count_of
from toolsearch.catalog.identity import find_tool, lookup
from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.model import Catalog, Scope, Tool
from toolsearch.config import Config
from toolsearch.errors import SearchInputError, ToolsearchError, UsageError
from toolsearch.hosts.claude_code import SEARCH_MODE as CLAUDE_CODE_MODE
from toolsearch.retrieval.modes import approximation_note, default_limit, host_notes
from toolsearch.retrieval.platform_search import checked_platform_search
from toolsearch.retrieval.searchers import (
    SELECT,
    Result,
    SearchedSet,
    parse_query,
    searched_tools,
)


@dataclass(frozen=True)
class QueryOptions:
    """What the user asked of ``query``."""

    query: str
    mode: str | None = None
    limit: int | None = None
    all_tools: bool = False
    model: str | None = None  # Haiku: Claude Code defers nothing, so every tool is searched
    fmt: str = "text"
    color: bool = False
    width: int | None = None
    explain: str | None = None  # a tool: where it ranks for the query, in each mode


@dataclass(frozen=True)
class ScopeResults:
    """One scope's search: what was searched and what came back."""

    scope: Scope
    searched: int
    searched_set: SearchedSet
    results: list[Result]
    total: int


@dataclass(frozen=True)
class QueryReport:
    """Everything a query reporter shows."""

    query: str
    mode: str
    limit: int
    scopes: list[ScopeResults]
    notes: list[str]
    preface: str | None = None  # the first line: what the ranking stands for, when not exact

    @property
    def results(self) -> list[Result]:
        return [r for s in self.scopes for r in s.results]


def search_scopes(inputs: Inputs, options: QueryOptions, config: Config) -> QueryReport:
    """Run the query in every scope that has tools."""
    if not options.query.strip():
        raise UsageError("the query is empty: give words to search for (or a regex with -m regex)")
    analysis = Analysis(inputs.catalog, config, options.model)
    catalog = analysis.catalog  # deferral as Claude Code's tool-search mode leaves it
    mode = options.mode or analysis.search_mode
    limit = options.limit or config.search_limit or default_limit(mode)
    platform = checked_platform_search(config.platform, catalog.target, [mode])
    notes = [*platform, *host_notes(mode, config), *inputs.notes]
    found: list[ScopeResults] = []
    selects = _select_per_scope(catalog, options, mode)
    for scope in catalog.scopes:
        if scope.malformed:
            notes.append(
                f"scope {scope.name}: skipped "
                + count_of(len(scope.malformed), "malformed tool entry", "malformed tool entries")
                + " (toolsearch lint shows why)"
            )
        for toolset in scope.unknown_toolsets:
            server = toolset.server_name or "?"
            notes.append(
                f"scope {scope.name}: the tools of MCP server {server!r} are unknown and were "
                f"not searched: pass {server}=PATH"
            )
        if not scope.tools:
            continue
        tools, which = searched_tools(scope, options.all_tools)
        variants = [t.search_variant for t in scope.search_tools]
        other = next((v for v in variants if v not in (None, mode)), None)  # the first, in order
        if other is not None:
            notes.append(
                f"scope {scope.name} uses the {other} search tool; this is a {mode} "
                "preview (--mode chooses)"
            )
        query = selects.get(scope.name, options.query) if selects is not None else options.query
        if not query:
            continue  # select: names no tool of this scope
        outcome = analysis.searcher(mode, tools, scope.tools).find(query, limit)
        found.append(ScopeResults(scope, len(tools), which, outcome.results, outcome.total))
    if not found:
        skipped = [bad for scope in inputs.catalog.scopes for bad in scope.malformed]
        if skipped:
            first = skipped[0]
            place = f"{first.location.file}#{first.location.pointer}"
            more = f" (and {len(skipped) - 1} more)" if len(skipped) > 1 else ""
            raise UsageError(
                f"no tools to search: every tool entry was skipped, e.g. {place}: "
                f"{first.reason}{more}; toolsearch lint says why for each"
            )
        raise UsageError("no tools to search: the sources hold no tool definitions")
    if mode == CLAUDE_CODE_MODE:
        competing = competing_built_ins_note(catalog.claude_code)
        notes = [*notes, claude_code_method(catalog.claude_code), competing]
    preface = approximation_note(catalog.target, [mode])
    return QueryReport(options.query, mode, limit, found, notes, preface)


def _select_per_scope(catalog: Catalog, options: QueryOptions, mode: str) -> dict[str, str] | None:
    """With several scopes, each scope's part of a ``select:`` query (names of its own tools).

    A name no scope has is an ``invalid_tool_input`` error naming the closest tool; a scope
    none of whose tools is named gets an empty query (no results).
    """
    scopes = [s for s in catalog.scopes if s.tools]
    if mode not in ("bm25", "hybrid") or len(scopes) < 2:
        return None
    names = parse_query(options.query).select
    if names is None:
        return None
    pools = {s.name: searched_tools(s, options.all_tools)[0] for s in scopes}
    per_scope: dict[str, list[str]] = {name: [] for name in pools}
    for ident in names:
        hits = [scope for scope, tools in pools.items() if _names(tools, ident)]
        if not hits:
            everything = [t for tools in pools.values() for t in tools]
            try:
                find_tool(everything, ident, "select")
            except ToolsearchError as error:
                raise SearchInputError("invalid_tool_input", str(error)) from None
        for scope in hits:
            per_scope[scope].append(ident)
    return {
        scope: SELECT + ",".join(idents) if idents else "" for scope, idents in per_scope.items()
    }


def _names(tools: Sequence[Tool], ident: str) -> bool:
    try:
        return lookup(tools, ident) is not None
    except ToolsearchError:
        return True  # ambiguous inside this scope: let the scope's search report it
