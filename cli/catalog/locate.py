"""Find the line and column of a JSON Pointer in the text it was parsed from.

Python's json module gives no positions, so containers are indexed lazily with the C decoder's
``raw_decode``: each container on a looked-up path is walked once (at C speed per value) and the
offsets of its members are remembered, which keeps whole-catalog lookups linear.
"""

from __future__ import annotations

import bisect
import json
import math
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
    """Turns character offsets into 1-based line and column numbers.

    A few look-ups count newlines from the nearest offset already looked up (reports ask in
    file order, so a run reads the text about once); past ``FULL_AFTER`` look-ups every line
    start is found, once.
    """

    FULL_AFTER = 256

    def __init__(self, text: str) -> None:
        self._text = text
        self._starts: list[int] | None = None
        self._known: list[tuple[int, int, int]] = [(0, 1, 0)]  # (offset, line, line start)

    def line_column(self, offset: int) -> tuple[int, int]:
        if self._starts is None and len(self._known) > self.FULL_AFTER:
            self._starts = [0] + [m.end() for m in re.finditer("\n", self._text)]
        if self._starts is not None:
            line = bisect.bisect_right(self._starts, offset)
            return line, offset - self._starts[line - 1] + 1
        at = bisect.bisect_right(self._known, (offset, math.inf)) - 1
        base, line, start = self._known[at]
        newlines = self._text.count("\n", base, offset)
        if newlines:
            line += newlines
            start = self._text.rfind("\n", base, offset) + 1
        self._known.insert(at + 1, (offset, line, start))
        return line, offset - start + 1


class _Members:
    """The members of one container found so far, and where to go on reading it."""

    __slots__ = ("index", "next", "offsets")

    def __init__(self, start: int) -> None:
        self.offsets: dict[str, int] = {}
        self.next = start  # where the next member starts; -1 once the container is read
        self.index = 0  # the next array position


class JsonLocator:
    """Locates pointers in JSON text."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: LineIndex | None = None
        self._members: dict[int, _Members] = {}

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
                found = self._member(at, token)
                if found is None:
                    return None
                at = found
            return at
        except (ValueError, IndexError):
            return None

    def _member(self, at: int, token: str) -> int | None:
        """Where member ``token`` of the container at ``at`` starts; the container is read only
        as far as that member (``/model`` of a request needs none of its tools)."""
        members = self._members.get(at)
        if members is None:
            if self._text[at] not in "[{":
                return None
            members = _Members(_WS.match(self._text, at + 1).end())  # type: ignore[union-attr]
            self._members[at] = members
        while token not in members.offsets and members.next >= 0:
            self._read_member(at, members)
        return members.offsets.get(token)

    def _read_member(self, at: int, members: _Members) -> None:
        """Record the next member of the container at ``at``, indexing a member container on the
        way (one level), so that a later look-up below it costs no second pass."""
        text = self._text
        opener = text[at]
        pos = members.next
        if pos >= len(text) or text[pos] == ("]" if opener == "[" else "}"):
            members.next = -1
            return
        if opener == "{":
            key, pos = _DECODER.raw_decode(text, pos)
            pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
            pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]  # past ':'
            name = str(key)
        else:
            name = str(members.index)
            members.index += 1
        members.offsets[name] = pos
        if text[pos] in "[{" and pos not in self._members:
            pos = self._index(pos)
        else:
            _value, pos = _DECODER.raw_decode(text, pos)
        pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
        if pos < len(text) and text[pos] == ",":
            pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
        members.next = pos

    def _index(self, at: int) -> int:
        """Index every member of the container at ``at`` (their values skipped at C speed), and
        return the offset after it."""
        text = self._text
        opener = text[at]
        closer = "]" if opener == "[" else "}"
        members = _Members(-1)
        offsets = members.offsets
        pos = _WS.match(text, at + 1).end()  # type: ignore[union-attr]
        index = 0
        while pos < len(text) and text[pos] != closer:
            if opener == "{":
                key, pos = _DECODER.raw_decode(text, pos)
                pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]  # past ':'
                offsets[str(key)] = pos
            else:
                offsets[str(index)] = pos
                index += 1
            _value, pos = _DECODER.raw_decode(text, pos)
            pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
            if pos < len(text) and text[pos] == ",":
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
        self._members[at] = members
        return pos + 1


class YamlLocator:
    """Locates pointers in a composed YAML node tree."""

    def __init__(self, root: Any) -> None:
        self._root = root

    @property
    def root(self) -> Any:
        """The composed node tree (marks and all), or None for an empty document."""
        return self._root

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
