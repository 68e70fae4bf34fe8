"""Find the line and column of a JSON Pointer in the text it was parsed from.

Python's json module gives no positions, so containers are indexed lazily with the C decoder's
``raw_decode``: each container on a looked-up path is walked once (at C speed per value) and the
offsets of its members are remembered, which keeps whole-catalog lookups linear.
"""

from __future__ import annotations

import bisect
import json
import re
from typing import Any, Protocol

_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


class Locator(Protocol):
    """Maps a JSON Pointer to a 1-based (line, column), or None when it cannot."""

    def position(self, pointer: str) -> tuple[int, int] | None: ...


def split_pointer(pointer: str) -> list[str]:
    """Split an RFC 6901 pointer into unescaped reference tokens."""
    if not pointer:
        return []
    return [part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/")[1:]]


def join_pointer(*parts: str | int) -> str:
    """Build an RFC 6901 pointer from reference tokens."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def pointer_key(pointer: str) -> tuple[tuple[int, str], ...]:
    """Sorts pointers in document order for arrays (``/tools/2`` before ``/tools/10``)."""
    return tuple((int(p), "") if p.isdigit() else (-1, p) for p in split_pointer(pointer))


class LineIndex:
    """Turns character offsets into 1-based line and column numbers."""

    def __init__(self, text: str) -> None:
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_column(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


class JsonLocator:
    """Locates pointers in JSON text."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: LineIndex | None = None
        self._members: dict[int, dict[str, int]] = {}

    def position(self, pointer: str) -> tuple[int, int] | None:
        offset = self.offset(pointer)
        if offset is None:
            return None
        if self._lines is None:
            self._lines = LineIndex(self._text)
        return self._lines.line_column(offset)

    def offset(self, pointer: str) -> int | None:
        try:
            at = _WS.match(self._text, 0).end()  # type: ignore[union-attr]
            for token in split_pointer(pointer):
                members = self._members.get(at)
                if members is None:
                    members, _end = self._index(at, eager=True)
                if token not in members:
                    return None
                at = members[token]
            return at
        except (ValueError, IndexError):
            return None

    def _index(self, at: int, eager: bool) -> tuple[dict[str, int], int]:
        """Offsets of the members of the container at ``at``, and the offset after it.

        With ``eager``, member containers are indexed on the way (not eagerly below them), so
        the root and its arrays (``/tools``) cost one pass over the text, not one per level.
        """
        text = self._text
        opener = text[at]
        members: dict[str, int] = {}
        if opener not in "[{":
            _value, end = _DECODER.raw_decode(text, at)
            return members, end
        closer = "]" if opener == "[" else "}"
        pos = _WS.match(text, at + 1).end()  # type: ignore[union-attr]
        index = 0
        while pos < len(text) and text[pos] != closer:
            if opener == "{":
                key, pos = _DECODER.raw_decode(text, pos)
                pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]  # past ':'
                name = str(key)
            else:
                name = str(index)
                index += 1
            members[name] = pos
            if eager and text[pos] in "[{":
                _inner, pos = self._index(pos, eager=False)
            else:
                _value, pos = _DECODER.raw_decode(text, pos)
            pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
            if pos < len(text) and text[pos] == ",":
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
        self._members[at] = members
        return members, pos + 1


class YamlLocator:
    """Locates pointers in a composed YAML node tree."""

    def __init__(self, root: Any) -> None:
        self._root = root

    def position(self, pointer: str) -> tuple[int, int] | None:
        node = self._root
        for token in split_pointer(pointer):
            node = _yaml_child(node, token)
            if node is None:
                return None
        mark = node.start_mark
        return mark.line + 1, mark.column + 1


def _yaml_child(node: Any, token: str) -> Any:
    value = getattr(node, "value", None)
    if not isinstance(value, list):
        return None
    if node.tag.endswith(":seq") or node.id == "sequence":
        if token.isdigit() and int(token) < len(value):
            return value[int(token)]
        return None
    for key_node, value_node in value:
        if getattr(key_node, "value", None) == token:
            return value_node
    return None


class NoLocator:
    """For documents whose text positions are unknown."""

    def position(self, pointer: str) -> tuple[int, int] | None:
        return None
