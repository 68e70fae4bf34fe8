"""toolsearch as an agent's own (client-side) tool search tool (tool-search-facts.md §2.6).

Send ``SearchTool.definition()`` with the request's tools (it is not deferred); when the model
calls it, ``SearchTool.handle(block)`` turns the ``tool_use`` block into the ``tool_result`` to
send back: ``tool_reference`` blocks naming at most ``limit`` of the request's deferred tools,
best first, in any search mode (``hybrid`` with the semantic extra). Input the tool refuses (no
query, a query too long) comes back as a ``tool_result`` with ``is_error`` and a line of text,
so the model can try again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolsearch.catalog.model import Catalog, Scope, Target, Tool
from toolsearch.errors import SearchInputError
from toolsearch.hosts import DEFAULT_TARGET
from toolsearch.retrieval.library import CatalogLike, as_catalog
from toolsearch.retrieval.modes import default_mode, make_searcher
from toolsearch.retrieval.searchers import DEFAULT_LIMIT, MAX_QUERY, Searcher

DEFAULT_NAME = "tool_search"
MAX_LIMIT = 10


def search_tool_definition(name: str = DEFAULT_NAME, max_limit: int = MAX_LIMIT) -> dict[str, Any]:
    """The custom search tool's definition, to send in ``tools`` (never deferred)."""
    return {
        "name": name,
        "description": (
            "Search the available tools by what they do and load the best matches. Use it "
            "whenever you need a tool that is not loaded yet: describe the task in a few words "
            "(names, actions, objects), and call it again with other words if nothing fits."
        ),
        "input_schema": {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "description": "What the tool should do, in words (at most 500 characters).",
                },
                "limit": {
                    "type": "integer",
                    "description": f"How many tools to load, 1 to {max_limit} (default 5).",
                    "minimum": 1,
                    "maximum": max_limit,
                },
            },
            "required": ["query"],
        },
    }


class SearchTool:
    """A client-side search over one request's deferred tools."""

    def __init__(
        self,
        request: CatalogLike,
        *,
        mode: str | None = None,
        name: str = DEFAULT_NAME,
        max_limit: int = MAX_LIMIT,
        target: Target = DEFAULT_TARGET,
    ) -> None:
        self.catalog: Catalog = as_catalog(request, target)
        self.mode = mode or default_mode(self.catalog.target)
        self.name = name
        self.max_limit = max_limit
        self._searchers: list[Searcher] = []
        for scope in self.catalog.scopes:
            tools = self._deferred(scope)
            if tools:
                self._searchers.append(make_searcher(self.mode, tools, tools))

    def _deferred(self, scope: Scope) -> tuple[Tool, ...]:
        return tuple(t for t in scope.deferred_tools if t.sent_name != self.name)

    def definition(self) -> dict[str, Any]:
        """This tool's definition, to send in ``tools``."""
        return search_tool_definition(self.name, self.max_limit)

    def search(self, query: str, limit: int = DEFAULT_LIMIT) -> list[str]:
        """The names of the best deferred tools for ``query``, at most ``limit``."""
        limit = max(1, min(int(limit), self.max_limit))
        names: list[str] = []
        for searcher in self._searchers:
            for result in searcher.search(query, limit):
                if result.tool.sent_name not in names:
                    names.append(result.tool.sent_name)
        return names[:limit]

    def handle(self, block: Any) -> dict[str, Any]:
        """The ``tool_result`` for a ``tool_use`` block (a dict or an SDK object)."""
        tool_use_id = _field(block, "id")
        given = _field(block, "input")
        query = given.get("query") if isinstance(given, Mapping) else None
        limit = given.get("limit", DEFAULT_LIMIT) if isinstance(given, Mapping) else None
        if not isinstance(query, str) or not query.strip():
            return _error(tool_use_id, "give 'query': a few words saying what the tool does")
        if len(query) > MAX_QUERY:
            return _error(tool_use_id, f"'query' is {len(query)} characters; at most {MAX_QUERY}")
        if isinstance(limit, bool) or not isinstance(limit, int | float) or limit < 1:
            return _error(tool_use_id, f"'limit' must be a whole number from 1 to {self.max_limit}")
        try:
            names = self.search(query, int(limit))
        except SearchInputError as error:
            return _error(tool_use_id, error.detail)
        content: list[dict[str, Any]] = [{"type": "tool_reference", "tool_name": n} for n in names]
        if not content:
            content = [{"type": "text", "text": "No tools matched; try other words."}]
        return {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}


def _field(block: Any, key: str) -> Any:
    return block.get(key) if isinstance(block, Mapping) else getattr(block, key, None)


def _error(tool_use_id: Any, message: str) -> dict[str, Any]:
    return {
        "type": "tool_result",
        "tool_use_id": tool_use_id,
        "content": [{"type": "text", "text": message}],
        "is_error": True,
    }
