"""The text tool search looks at: name, description, each argument's name and description.

Arguments are walked through nested ``properties``, array ``items``/``prefixItems`` and
``anyOf``/``oneOf``/``allOf`` branches; an argument's field is named by its path
(``args.address.city``, ``args.tags[].name``) and its description by the path plus
``.description``. The name and description are the ones sent to the model (``sent_name``,
``sent_description``), as the search tool sees them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolsearch.catalog.model import Tool

MAX_SCHEMA_DEPTH = 32
NESTED_LISTS = ("prefixItems", "anyOf", "oneOf", "allOf")
NESTED_KEYS = frozenset({"properties", "items", *NESTED_LISTS})


def tool_fields(tool: Tool) -> list[tuple[str, str]]:
    """Every searchable field of a tool as (field name, text), in document order."""
    fields = [("name", tool.sent_name)]
    if tool.sent_description:
        fields.append(("description", tool.sent_description))
    _collect(tool.input_schema, "args", 0, fields)
    return fields


def _is_mapping(value: Any) -> bool:
    return type(value) is dict or isinstance(value, Mapping)  # dict first: it is fast


def _collect(schema: Any, path: str, depth: int, out: list[tuple[str, str]]) -> None:
    if depth > MAX_SCHEMA_DEPTH or not _is_mapping(schema):
        return
    properties = schema.get("properties")
    if properties and _is_mapping(properties):
        for name, prop in properties.items():
            here = f"{path}.{name}"
            out.append((here, str(name)))
            if _is_mapping(prop):
                description = prop.get("description")
                if description and isinstance(description, str):
                    out.append((f"{here}.description", description))
                if not NESTED_KEYS.isdisjoint(prop):
                    _collect(prop, here, depth + 1, out)
    items = schema.get("items")
    if items and _is_mapping(items):
        _collect(items, f"{path}[]", depth + 1, out)
    for key in NESTED_LISTS:
        entries = schema.get(key)
        if entries and isinstance(entries, list):
            suffix = "[]" if key == "prefixItems" else ""
            for entry in entries:
                _collect(entry, path + suffix, depth + 1, out)
