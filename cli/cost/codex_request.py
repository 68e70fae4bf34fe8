"""What Codex CLI 0.171.0 sends the Responses API about tools, for costing ``--target codex``.

Upfront, every request carries Codex's built-in tools and its client ``tool_search`` tool
(recorded from Codex itself in ``codex_upfront_tools.json``); every MCP tool is deferred and
costs nothing until a search loads it. A loaded tool comes back in the ``tool_search_output``
as a namespace ``mcp__<server>`` ("Tools in the mcp__<server> namespace.") holding the function
with ``strict: false``, ``defer_loading: true`` and Codex's reading of the input schema:
- the keywords its ``JsonSchema`` keeps (``$ref``, ``type``, ``description``, ``enum``,
  ``items``, ``minItems``, ``maxItems``, ``properties``, ``required``,
  ``additionalProperties``, ``anyOf``, ``oneOf``, ``$defs``), properties in name order;
- ``const`` as a one-value ``enum``, an ``enum`` without a ``type`` a string, an object given
  ``properties``, ``$defs`` cut to the definitions some ``$ref`` reaches;
- every ``description`` dropped once the schema's compact JSON passes 5,000 bytes (4,978 bytes
  kept them, 5,029 lost them).
The harness checks this against every tool of sixteen shared catalogs as Codex loaded them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from toolsearch.catalog.codex_names import sanitized
from toolsearch.catalog.model import Tool
from toolsearch.retrieval.codex_search import namespace_of_tool

UPFRONT_FILE = "codex_upfront_tools.json"
_KEPT = (
    "$ref",
    "type",
    "description",
    "enum",
    "items",
    "minItems",
    "maxItems",
    "properties",
    "required",
)
_KEPT_AFTER = ("additionalProperties", "anyOf", "oneOf", "$defs")
DESCRIPTIONS_UP_TO = 5000  # bytes of compact schema JSON; past it Codex drops descriptions


@cache
def upfront_tools() -> tuple[Mapping[str, Any], ...]:
    """The tools Codex sends with every request (11 built-ins, tool_search, web_search)."""
    text = resources.files("toolsearch.cost").joinpath(UPFRONT_FILE).read_text("utf-8")
    tools: list[Mapping[str, Any]] = json.loads(text)["tools"]
    return tuple(tools)


def codex_schema(schema: Any) -> Any:
    """An input schema as Codex sends it back (see the module's note on what is kept)."""
    if not isinstance(schema, Mapping):
        return schema
    source = dict(schema)
    if "const" in source:
        source["enum"] = [source.pop("const")]
    if "enum" in source and "type" not in source:
        source["type"] = "string"
    kinds = source.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if "object" in kinds and not isinstance(source.get("properties"), Mapping):
        source["properties"] = {}
    result: dict[str, Any] = {}
    for key in (*_KEPT, *_KEPT_AFTER):
        if key not in source:
            continue
        value = source[key]
        if key in ("properties", "$defs") and isinstance(value, Mapping):
            value = {name: codex_schema(value[name]) for name in sorted(value)}
        elif key in ("items", "additionalProperties") and not isinstance(value, bool):
            value = codex_schema(value)
        elif key in ("anyOf", "oneOf") and isinstance(value, list):
            value = [codex_schema(variant) for variant in value]
        result[key] = value
    return result


def _references(schema: Any, found: set[str]) -> None:
    """Every ``#/$defs/<name>`` the schema refers to, outside ``$defs`` itself."""
    if isinstance(schema, list):
        for item in schema:
            _references(item, found)
    elif isinstance(schema, Mapping):
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
                found.add(value.removeprefix("#/$defs/"))
            elif key != "$defs":
                _references(value, found)


def used_definitions(schema: Any) -> Any:
    """The schema with ``$defs`` cut to the definitions its ``$ref``s reach (none: no key)."""
    if not isinstance(schema, Mapping) or not isinstance(schema.get("$defs"), Mapping):
        return schema
    definitions = schema["$defs"]
    reached: set[str] = set()
    _references(schema, reached)
    pending = list(reached)
    while pending:
        found: set[str] = set()
        _references(definitions.get(pending.pop()), found)
        pending += [name for name in found - reached if name in definitions]
        reached |= found
    kept = {name: definitions[name] for name in definitions if name in reached}
    trimmed = {key: value for key, value in schema.items() if key != "$defs"}
    return {**trimmed, "$defs": kept} if kept else trimmed


def without_descriptions(schema: Any) -> Any:
    """The schema with every ``description`` dropped, at every level."""
    if isinstance(schema, list):
        return [without_descriptions(item) for item in schema]
    if not isinstance(schema, Mapping):
        return schema
    kept = {}
    for key, value in schema.items():
        if key == "description":
            continue
        if key in ("properties", "$defs") and isinstance(value, Mapping):
            kept[key] = {name: without_descriptions(v) for name, v in value.items()}
        else:
            kept[key] = without_descriptions(value) if key != "enum" else value
    return kept


def sent_parameters(schema: Any) -> Any:
    """The parameters a loaded tool carries: Codex's reading, descriptions dropped when big."""
    parameters = used_definitions(codex_schema(schema if schema is not None else {}))
    size = len(json.dumps(parameters, ensure_ascii=False, separators=(",", ":")).encode())
    return without_descriptions(parameters) if size > DESCRIPTIONS_UP_TO else parameters


def loaded_function(tool: Tool) -> dict[str, Any]:
    """The function entry a ``tool_search_output`` carries for a loaded MCP tool."""
    return {
        "type": "function",
        "name": sanitized(tool.name),
        "description": tool.description or "",
        "strict": False,
        "defer_loading": True,
        "parameters": sent_parameters(tool.input_schema),
    }


def loaded_namespace(tool: Tool) -> dict[str, Any]:
    """The namespace entry that loads one MCP tool, as a ``tool_search_output`` carries it."""
    namespace = namespace_of_tool(tool)
    return {
        "type": "namespace",
        "name": namespace,
        "description": f"Tools in the {namespace} namespace.",
        "tools": [loaded_function(tool)],
    }


def loaded_json(tool: Tool) -> str:
    """The text a loaded tool adds to the conversation (compact JSON, as counted)."""
    return json.dumps(loaded_namespace(tool), ensure_ascii=False, separators=(",", ":"))


def upfront_json() -> str:
    """The text of the tools Codex sends upfront (compact JSON, as counted)."""
    return json.dumps(list(upfront_tools()), ensure_ascii=False, separators=(",", ":"))
