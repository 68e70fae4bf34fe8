"""Recognise the plain schema shape most tools use, which every JSON Schema draft accepts.

Compiling a schema with jsonschema-rs costs about 12 µs, most of it in handing the schema over;
this walk answers for the common shape (types, descriptions, titles, properties, required
names, items, additionalProperties) in a few µs. Anything else, or anything odd inside it, is
left to the compiler: ``False`` means "compile to know", never "invalid".
"""

from __future__ import annotations

from typing import Any

from toolsearch.lint.schema_check import DRAFTS

MAX_DEPTH = 16
TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})
_KEYS = frozenset(
    {"type", "description", "title", "properties", "required", "items", "additionalProperties"}
)
_LEAF_KEYS = frozenset({"type", "description", "title"})
_DRAFT_04 = "http://json-schema.org/draft-04/schema"


def plainly_valid(schema: Any) -> bool:
    """True when the schema has the plain shape and so is valid under every draft."""
    if not isinstance(schema, dict):
        return False
    declared = schema.get("$schema")
    if declared is None:
        return _plain(schema, 0, False)
    if not isinstance(declared, str) or declared.rstrip("#") not in DRAFTS:
        return False
    body = {key: value for key, value in schema.items() if key != "$schema"}
    return _plain(body, 0, declared.rstrip("#") == _DRAFT_04)


def _names(required: Any, draft_04: bool) -> bool:
    """Distinct strings (at least one under draft-04)."""
    if type(required) is not list or not all(type(name) is str for name in required):
        return False
    return len(set(required)) == len(required) and bool(required or not draft_04)


def _plain(node: Any, depth: int, draft_04: bool) -> bool:
    if type(node) is bool:
        return not draft_04  # a boolean schema is valid from draft-06 on
    if not isinstance(node, dict) or depth > MAX_DEPTH or not _KEYS.issuperset(node):
        return False
    kind = node.get("type", "string")
    description = node.get("description", "")
    title = node.get("title", "")
    if type(kind) is not str or kind not in TYPES or type(description) is not str:
        return False
    if type(title) is not str:
        return False
    if _LEAF_KEYS.issuperset(node):
        return True  # most nodes: a property's type and words, nothing below them
    properties = node.get("properties", {})
    if type(properties) is not dict:
        return False
    for value in properties.values():
        if not _plain(value, depth + 1, draft_04):
            return False
    if "required" in node and not _names(node["required"], draft_04):
        return False
    if "items" in node and not _plain(node["items"], depth + 1, draft_04):
        return False
    extra = node.get("additionalProperties", True)
    return type(extra) is bool or _plain(extra, depth + 1, draft_04)
