"""The library behind ``toolsearch.search``: search a catalog as the tool search tool would.

Build a client-side search tool on it (tool-search-facts.md §2.6)::

    import toolsearch

    results = toolsearch.search(tools, "weather for a city")   # tools: your request's list
    content = toolsearch.tool_references(results)             # the tool_result content
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from toolsearch.catalog.loader import Document
from toolsearch.catalog.model import Catalog, Target
from toolsearch.config import Config
from toolsearch.errors import InputError
from toolsearch.hosts import DEFAULT_TARGET
from toolsearch.hosts.scopes import load_catalog
from toolsearch.retrieval.modes import default_mode, make_searcher
from toolsearch.retrieval.searchers import DEFAULT_LIMIT, Result, searched_tools

CatalogLike = Catalog | str | os.PathLike[str] | Sequence[Any] | Mapping[str, Any]


def as_catalog(catalog: CatalogLike, target: Target = DEFAULT_TARGET) -> Catalog:
    """A Catalog from a Catalog, a file path, or tool definitions already in memory."""
    if isinstance(catalog, Catalog):
        return catalog
    if isinstance(catalog, str | os.PathLike):
        from toolsearch.catalog.inputs import load_inputs

        return load_inputs([os.fspath(catalog)], Config(), target).catalog
    document = Document("tools", None, "<tools>", "", catalog, "json")
    built, _ = load_catalog([document], target)
    if not built.scopes:
        raise InputError("<tools>: not a tool catalog")
    return built


def search(
    catalog: CatalogLike,
    query: str,
    *,
    mode: str | None = None,
    limit: int | None = DEFAULT_LIMIT,
    all_tools: bool = False,
    target: Target = DEFAULT_TARGET,
) -> list[Result]:
    """Search each scope's deferred tools (every tool when none is deferred, or ``all_tools``).

    ``catalog`` is a request body, a tools array (Anthropic, OpenAI or MCP), an MCP
    ``tools/list`` result, a path to any of them, or a loaded Catalog. ``mode`` is ``bm25``
    (with Claude Code's ``select:`` and ``+term`` forms), ``regex``, ``claude-code`` (Claude
    Code's own ToolSearch) or ``hybrid`` (bm25 fused with sentence embeddings: the ``semantic``
    extra); by default the target's (``claude-code`` under it). Raises
    ``toolsearch.errors.SearchInputError`` (``.code`` is the API's ``error_code``) for a query
    the API would refuse. Results of several scopes come one scope after another.
    """
    results: list[Result] = []
    loaded = as_catalog(catalog, target)
    chosen = mode or default_mode(loaded.target)
    for scope in loaded.scopes:
        tools, _ = searched_tools(scope, all_tools)
        if tools:
            results.extend(make_searcher(chosen, tools, scope.tools).search(query, limit))
    return results
