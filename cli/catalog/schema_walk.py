"""Every subschema of a JSON Schema, with its pointer, told apart from data by keyword position.

A key named ``default`` or ``title`` is a keyword only where a schema is expected: inside
``properties`` it is a property name, and inside ``enum``, ``const``, ``default`` or
``examples`` it is data. The walk follows only the keywords whose values are schemas (JSON
Schema 2020-12 and draft-07), to a bounded depth.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

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
            if key in SCHEMA_MAP_KEYWORDS and _is_mapping(value):
                if skip_definitions and not pointer and key in DEFINITION_KEYWORDS:
                    continue
                where = f"{pointer}/{_token(key)}"
                named = key == "properties"
                for child_name, child in value.items():
                    if _is_mapping(child):
                        label = str(child_name) if named else None
                        child_pointer = f"{where}/{_token(str(child_name))}"
                        children.append((child, child_pointer, label, depth + 1))
            elif key in SCHEMA_LIST_KEYWORDS and isinstance(value, list):
                for index, child in enumerate(value):
                    if _is_mapping(child):
                        children.append((child, f"{pointer}/{key}/{index}", None, depth + 1))
            elif key in SCHEMA_KEYWORDS and _is_mapping(value):
                children.append((value, f"{pointer}/{key}", None, depth + 1))
        stack.extend(reversed(children))


def _is_mapping(value: object) -> bool:
    """``isinstance(value, Mapping)``, with parsed JSON's plain dict first: the abstract
    class's check costs several times more, and a catalog's schemas hold millions of values."""
    return type(value) is dict or isinstance(value, Mapping)


def _token(key: str) -> str:
    """A JSON Pointer reference token (RFC 6901)."""
    if "~" in key or "/" in key:
        return key.replace("~", "~0").replace("/", "~1")
    return key
