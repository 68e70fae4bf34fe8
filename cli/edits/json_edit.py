"""Apply an edit tree to JSON text, changing only the containers it touches.

Every member that is not edited is copied from the original text as it was, with the
whitespace around it, so key order, indentation, inline arrays and number spellings stay. New
members follow the style of their container (one per line with its indentation, or inline) and
the file's own ``": "`` or ``":"``, newline and ASCII escaping.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass
from typing import Any

from toolsearch.edits.edit_plan import Edit

_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
_INDENTED = re.compile(r"^([ \t]+)[\"{\[\]}]", re.MULTILINE)


class JsonEditError(ValueError):
    """The text cannot be edited faithfully (duplicate keys, a path that is not there)."""


@dataclass(frozen=True)
class Style:
    """How the file writes JSON."""

    colon: str
    comma: str
    unit: str | None  # one level of indentation; None for a single-line file
    newline: str
    ascii: bool

    def dump(self, value: Any, indent: str, multiline: bool) -> str:
        """A new value, laid out like the file, continuing at ``indent``."""
        if multiline and self.unit is not None:
            text = json.dumps(
                value, indent=self.unit, ensure_ascii=self.ascii, separators=(",", self.colon)
            )
            return text.replace("\n", self.newline + indent)
        return json.dumps(value, ensure_ascii=self.ascii, separators=(self.comma, self.colon))


def detect_style(text: str) -> Style:
    """The file's colon spacing, indentation unit, newline and escaping."""
    colon_match = re.search(r'"\s*(:\s*)', text)
    colon = colon_match.group(1) if colon_match else ": "
    colon = ": " if "\n" in colon else colon
    comma_match = re.search(r",([ \t]*)\S", text)
    comma = "," + (comma_match.group(1) if comma_match else " ")
    indents = [m.group(1) for m in _INDENTED.finditer(text)]
    unit: str | None = None
    if indents:
        if indents[0].startswith("\t"):
            unit = "\t"
        else:
            unit = " " * min(len(i) for i in indents if i.strip(" ") == "")
    elif "\n" in text.strip():
        unit = "  "
    newline = "\r\n" if "\r\n" in text else "\n"
    has_escapes = re.search(r"\\u[0-9a-fA-F]{4}", text) is not None
    return Style(colon, comma, unit, newline, ascii=has_escapes and text.isascii())


@dataclass(frozen=True)
class _Member:
    key: str | None
    start: int
    value_start: int
    value_end: int


def _skip(text: str, pos: int) -> int:
    return _WS.match(text, pos).end()  # type: ignore[union-attr]


def _scan(text: str, at: int) -> tuple[list[_Member], int]:
    """Members of the container opening at ``at``, and the offset of its closing bracket."""
    opener = text[at]
    closer = "}" if opener == "{" else "]"
    members: list[_Member] = []
    pos = _skip(text, at + 1)
    while text[pos] != closer:
        start = pos
        key: str | None = None
        if opener == "{":
            key, pos = _DECODER.raw_decode(text, pos)
            pos = _skip(text, pos) + 1  # past ':'
            pos = _skip(text, pos)
        value_start = pos
        _value, pos = _DECODER.raw_decode(text, pos)
        members.append(_Member(key, start, value_start, pos))
        pos = _skip(text, pos)
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return members, pos


def _line_indent(text: str, at: int) -> str:
    begin = text.rfind("\n", 0, at) + 1
    end = begin
    while end < len(text) and text[end] in " \t":
        end += 1
    return text[begin:end]


def edit_json(text: str, edit: Edit) -> str:
    """The text with ``edit`` applied."""
    style = detect_style(text)
    at = _skip(text, 0)
    if text[at] not in "[{":
        raise JsonEditError("the document is not an object or an array")
    rendered, end = _render(text, at, edit, style)
    return text[:at] + rendered + text[end:]


def _render(text: str, at: int, edit: Edit, style: Style) -> tuple[str, int]:
    """New text of the container at ``at`` and the offset just past it in the original."""
    members, closer = _scan(text, at)
    is_object = text[at] == "{"
    if is_object:
        keys = [m.key for m in members]
        touched = set(edit.set) | set(edit.delete) | set(edit.children)
        repeated = {k for k in keys if k in touched and keys.count(k) > 1}
        if repeated:
            raise JsonEditError(f"duplicate key {sorted(repeated)[0]!r} in an object to edit")
    if not members:
        head = tail = ""
        multiline = style.unit is not None
        outer = _line_indent(text, at)
        inner = outer + (style.unit or "")
        if multiline:
            head, tail = style.newline + inner, style.newline + outer
    else:
        head = text[at + 1 : members[0].start]
        tail = text[members[-1].value_end : closer]
        multiline = "\n" in head
        inner = head.rsplit("\n", 1)[1] if multiline else ""
    if multiline:
        default_sep = "," + style.newline + inner
    elif len(members) > 1:
        default_sep = text[members[0].value_end : members[1].start]
    else:
        default_sep = style.comma

    def dump(value: Any) -> str:
        return style.dump(value, inner, multiline)

    pieces: list[tuple[str, str | None]] = []  # text, the separator that followed it
    inserts = sorted(enumerate(edit.insert), key=lambda e: (e[1][0], e[0]))
    pending = [(index, value) for _, (index, value) in inserts]
    for i, member in enumerate(members):
        while pending and pending[0][0] <= i:
            pieces.append((dump(pending.pop(0)[1]), None))
        following = text[member.value_end : members[i + 1].start] if i + 1 < len(members) else None
        token = member.key if is_object else str(i)
        assert token is not None
        if is_object and token in edit.delete:
            continue
        if is_object and token in edit.set:
            piece = text[member.start : member.value_start] + dump(edit.set[token])
        elif token in edit.children:
            child, _ = _render(text, member.value_start, edit.children[token], style)
            piece = text[member.start : member.value_start] + child
        else:
            piece = text[member.start : member.value_end]
        pieces.append((piece, following))
    if is_object:
        existing = {m.key for m in members}
        for key, value in edit.set.items():
            if key not in existing:
                name = json.dumps(key, ensure_ascii=style.ascii)
                pieces.append((name + style.colon + dump(value), None))
        missing = set(edit.children) - existing
        if missing:
            raise JsonEditError(f"no key {sorted(missing)[0]!r} to edit inside")
    pieces.extend((dump(value), None) for _, value in pending)
    if not pieces:
        return text[at] + ("}" if is_object else "]"), closer + 1
    parts = [text[at], head, pieces[0][0]]
    for (_, sep), (piece, _) in itertools.pairwise(pieces):
        parts.append(sep if sep is not None else default_sep)
        parts.append(piece)
    parts.extend((tail, text[closer]))
    return "".join(parts), closer + 1
