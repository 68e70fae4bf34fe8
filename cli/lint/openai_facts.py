"""OpenAI Responses facts the ``--target openai`` rules share: the 400 texts they quote
(hosts-facts.md §1.1) and what a request defers."""

from __future__ import annotations

from toolsearch.catalog.model import Scope

DEFERRED_WITHOUT_SEARCH = (
    "Invalid Value: 'tools.defer_loading'. Deferred tools require tools.tool_search."
)
SEARCH_WITHOUT_DEFERRED = (
    "Invalid Value: 'tools.tool_search'. tools.tool_search requires at least one deferred tool."
)
MISSING_NAMESPACE = (
    "Missing namespace for function_call '{name}'. It does not exist in the default namespace. "
    "Round-trip the model's function_call item with its namespace field included."
)
NAME_PATTERN = "^[a-zA-Z0-9_-]{1,64}$"
MAX_TOOLS = 128
NAMESPACE_ADVICE = 10  # "fewer than 10 functions" per namespace


def deferred_count(scope: Scope) -> int:
    """Deferred functions (in namespaces too) and deferred MCP servers of a request."""
    servers = sum(1 for t in scope.other_server_tools if t.type == "mcp" and t.deferred)
    return len(scope.deferred_tools) + servers


def has_tool_search(scope: Scope) -> bool:
    """A ``tool_search`` tool is in the request (or implied, for an MCP source)."""
    return bool(scope.openai_search_tools) or scope.implicit_search is not None
