"""Where findings point: a tool's fields in each dialect, and the place of a scope-wide finding."""

from __future__ import annotations

from toolsearch.catalog.model import Location, Scope, Tool

_PREFIX = {"openai-chat": "/function"}
_SCHEMA_KEY = {
    "anthropic": "input_schema",
    "mcp": "inputSchema",
    "openai-chat": "parameters",
    "openai-responses": "parameters",
}


def field_pointer(tool: Tool, field: str) -> str:
    """The pointer of ``name``, ``description`` or ``input_schema`` below the tool's entry."""
    key = _SCHEMA_KEY[tool.dialect] if field == "input_schema" else field
    return f"{_PREFIX.get(tool.dialect, '')}/{key}"


def scope_location(scope: Scope) -> Location:
    """The scope's tools array, else its first entry, else its first file."""
    if scope.tools_location is not None:
        return scope.tools_location
    for group in (scope.tools, scope.server_tools, scope.toolsets, scope.malformed):
        if group:
            return group[0].location
    return Location(scope.files[0] if scope.files else scope.name, "")
