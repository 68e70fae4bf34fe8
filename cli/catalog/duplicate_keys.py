"""Find keys repeated inside one JSON object or YAML mapping.

Python's json module and PyYAML both keep the last value of a repeated key without a word;
another parser (the API's) may keep the first, or refuse the request.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

from toolsearch.catalog.loader import Document
from toolsearch.catalog.locate import (
    JsonLocator,
    LineIndex,
    YamlLocator,
    join_pointer,
    split_pointer,
)

_WS = (" ", "\t", "\n", "\r")
_DECODER = json.JSONDecoder()


@dataclass(frozen=True)
class DuplicateKey:
    """A key given more than once in the object at ``pointer``; the (line, column) of each."""

    pointer: str
    key: str
    places: tuple[tuple[int, int], ...]


def duplicate_keys(document: Document) -> list[DuplicateKey]:
    """Every repeated key of a parsed document, in document order."""
    if isinstance(document.locator, YamlLocator):
        return _yaml_duplicates(document.locator.root)
    if document.format == "json":
        return _json_duplicates(document.text)
    return []


def _yaml_duplicates(root: Any) -> list[DuplicateKey]:
    found: list[DuplicateKey] = []
    stack: list[tuple[Any, str]] = [(root, "")] if root is not None else []
    while stack:
        node, pointer = stack.pop()
        value = getattr(node, "value", None)
        if not isinstance(value, list):
            continue
        if node.id == "mapping":
            lines: defaultdict[str, list[tuple[int, int]]] = defaultdict(list)
            for key_node, _ in value:
                if isinstance(key_node.value, str):
                    mark = key_node.start_mark
                    lines[key_node.value].append((mark.line + 1, mark.column + 1))
            found.extend(
                DuplicateKey(pointer, key, tuple(at)) for key, at in lines.items() if len(at) > 1
            )
            children = [(v, join_pointer(*split_pointer(pointer), str(k.value))) for k, v in value]
        else:
            children = [(v, join_pointer(*split_pointer(pointer), i)) for i, v in enumerate(value)]
        stack.extend(reversed(children))
    return sorted(found, key=lambda d: d.places)


def _json_duplicates(text: str) -> list[DuplicateKey]:
    repeated: list[tuple[dict[str, Any], list[str]]] = []

    def keep_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        built = dict(pairs)
        if len(built) != len(pairs):
            counts = Counter(key for key, _ in pairs)
            repeated.append((built, [key for key, count in counts.items() if count > 1]))
        return built

    try:
        data = json.loads(text, object_pairs_hook=keep_repeats)
    except (ValueError, RecursionError):
        return []
    if not repeated:
        return []
    pointers = _pointers_of({id(obj) for obj, _ in repeated}, data)
    locator, lines = JsonLocator(text), LineIndex(text)
    found = []
    for obj, keys in repeated:
        pointer = pointers.get(id(obj))
        if pointer is None:
            continue
        start = locator.offset(pointer)
        offsets = _member_offsets(text, start) if start is not None else {}
        for key in keys:
            at = tuple(lines.line_column(o) for o in offsets.get(key, []))
            found.append(DuplicateKey(pointer, key, at))
    return sorted(found, key=lambda d: d.places)


def _pointers_of(wanted: set[int], data: Any) -> dict[int, str]:
    """The pointer of each object whose id is wanted (a walk of the data, only when needed)."""
    found: dict[int, str] = {}
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack and len(found) < len(wanted):
        value, parts = stack.pop()
        if isinstance(value, dict):
            if id(value) in wanted:
                found[id(value)] = join_pointer(*parts)
            stack.extend((v, (*parts, k)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, (*parts, i)) for i, v in enumerate(value))
    return found


def _member_offsets(text: str, at: int) -> dict[str, list[int]]:
    """Where each key of the object at ``at`` is written, repeats included."""
    offsets: defaultdict[str, list[int]] = defaultdict(list)
    pos = _skip(text, at + 1)
    while pos < len(text) and text[pos] != "}":
        key, end = _DECODER.raw_decode(text, pos)
        offsets[str(key)].append(pos)
        pos = _skip(text, _skip(text, end) + 1)  # past ':'
        _value, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, pos)
        if pos < len(text) and text[pos] == ",":
            pos = _skip(text, pos + 1)
    return offsets


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos
