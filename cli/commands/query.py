"""``toolsearch query``: what the tool search tool would return, per scope."""

from __future__ import annotations

from dataclasses import dataclass

from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.inputs import Inputs
from toolsearch.model import Scope
from toolsearch.searchers import (
    DEFAULT_LIMIT,
    Result,
    SearchedSet,
    make_searcher,
    searched_tools,
)

QUERY_FORMATS = ("text", "json", "tool-reference")


@dataclass(frozen=True)
class QueryOptions:
    """What the user asked of ``query``."""

    query: str
    mode: str | None = None
    limit: int | None = None
    all_tools: bool = False
    fmt: str = "text"
    color: bool = False
    width: int | None = None


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

    @property
    def results(self) -> list[Result]:
        return [r for s in self.scopes for r in s.results]


def search_scopes(inputs: Inputs, options: QueryOptions, config: Config) -> QueryReport:
    """Run the query in every scope that has tools."""
    mode = options.mode or config.search_mode or "bm25"
    limit = options.limit or config.search_limit or DEFAULT_LIMIT
    notes = list(inputs.notes)
    found: list[ScopeResults] = []
    for scope in inputs.catalog.scopes:
        if scope.malformed:
            notes.append(
                f"scope {scope.name}: skipped {len(scope.malformed)} malformed tool "
                "entries (toolsearch lint shows why)"
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
        variants = {t.search_variant for t in scope.search_tools} - {None, mode}
        if variants:
            notes.append(
                f"scope {scope.name} uses the {variants.pop()} search tool; this is a {mode} "
                "preview (--mode chooses)"
            )
        outcome = make_searcher(mode, tools).find(options.query, limit)
        found.append(ScopeResults(scope, len(tools), which, outcome.results, outcome.total))
    if not found:
        raise UsageError("no tools to search: the sources hold no tool definitions")
    return QueryReport(options.query, mode, limit, found, notes)


def run_query(inputs: Inputs, config: Config, options: QueryOptions) -> tuple[str, int]:
    """Search and format; returns the report and the exit code (0, also with no results)."""
    report = search_scopes(inputs, options, config)
    if options.fmt == "json":
        from toolsearch.report import query_json

        return query_json.render(report), 0
    if options.fmt == "tool-reference":
        from toolsearch.report import query_json

        if len(report.scopes) > 1:
            names = ", ".join(s.scope.name for s in report.scopes)
            raise UsageError(
                f"--format tool-reference prints one request's tool_result, but the sources form "
                f"{len(report.scopes)} scopes ({names}); search one request at a time"
            )

        return query_json.render_tool_references(report), 0
    from toolsearch.report import query_text

    return query_text.render(report, options.color, options.width), 0
