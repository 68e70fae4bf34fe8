"""toolsearch: lint, cost and preview Claude tool catalogs for Anthropic's tool search tool."""

from __future__ import annotations

__version__ = "0.1.0"

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from toolsearch.retrieval.client_tool import SearchTool
    from toolsearch.retrieval.library import CatalogLike
    from toolsearch.retrieval.searchers import Result


def search(catalog: CatalogLike, query: str, **options: Any) -> list[Result]:
    """Search a catalog as the tool search tool would (``toolsearch.retrieval.library``)."""
    from toolsearch.retrieval.library import search as run

    return run(catalog, query, **options)


def tool_references(results: list[Result]) -> list[dict[str, Any]]:
    """The ``tool_result`` content a client-side search tool returns for ``results``."""
    from toolsearch.retrieval.searchers import tool_references as build

    return build(results)


def search_tool(request: CatalogLike, **options: Any) -> SearchTool:
    """A client-side tool search tool over a request's deferred tools: ``.definition()`` to
    send, ``.handle(tool_use)`` for the ``tool_result`` (``toolsearch.retrieval.client_tool``)."""
    from toolsearch.retrieval.client_tool import SearchTool as Tool

    return Tool(request, **options)
