"""Every subschema of a JSON Schema, with its pointer, told apart from data by keyword position.

A key named ``default`` or ``title`` is a keyword only where a schema is expected: inside
``properties`` it is a property name, and inside ``enum``, ``const``, ``default`` or
``examples`` it is data. The walk follows only the keywords whose values are schemas (JSON
Schema 2020-12 and draft-07), to a bounded depth.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from toolsearch.catalog.locate import join_pointer

MAX_DEPTH = 64
SCHEMA_KEYWORDS = frozenset(
    {
        "items",
        "additionalItems",
        "additionalProperties",
        "unevaluatedItems",
        "unevaluatedProperties",
        "contains",
        "propertyNames",
        "not",
        "if",
        "then",
        "else",
    }
)
SCHEMA_LIST_KEYWORDS = frozenset({"anyOf", "oneOf", "allOf", "prefixItems", "items"})
SCHEMA_MAP_KEYWORDS = frozenset(
    {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
)
DEFINITION_KEYWORDS = ("$defs", "definitions")


class Node(NamedTuple):
    """One subschema: its pointer below the schema root and, under ``properties``, its name."""

    pointer: str
    schema: Mapping[str, Any]
    property_name: str | None


def subschemas(schema: Any, skip_definitions: bool = False) -> Iterator[Node]:
    """Every object subschema, the root first (``skip_definitions``: not the root's
    ``$defs``/``definitions`` entries)."""
    if not isinstance(schema, Mapping):
        return
    stack: list[tuple[Mapping[str, Any], str, str | None, int]] = [(schema, "", None, 0)]
    while stack:
        node, pointer, name, depth = stack.pop()
        yield Node(pointer, node, name)
        if depth >= MAX_DEPTH:
            continue
        children: list[tuple[Mapping[str, Any], str, str | None, int]] = []
        for key, value in node.items():
            if skip_definitions and not pointer and key in DEFINITION_KEYWORDS:
                continue
            where = pointer + join_pointer(key)
            if key in SCHEMA_MAP_KEYWORDS and isinstance(value, Mapping):
                named = key == "properties"
                for child_name, child in value.items():
                    if isinstance(child, Mapping):
                        child_pointer = where + join_pointer(str(child_name))
                        label = str(child_name) if named else None
                        children.append((child, child_pointer, label, depth + 1))
            elif key in SCHEMA_LIST_KEYWORDS and isinstance(value, list):
                for index, child in enumerate(value):
                    if isinstance(child, Mapping):
                        children.append((child, where + join_pointer(index), None, depth + 1))
            elif key in SCHEMA_KEYWORDS and isinstance(value, Mapping):
                children.append((value, where, None, depth + 1))
        stack.extend(reversed(children))
