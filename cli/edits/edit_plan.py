"""Edits to a parsed document, as a tree keyed by JSON Pointer tokens.

The same tree is applied to plain data (what the result must parse to), to ruamel.yaml's
round-trip objects, and rendered into JSON text by ``toolsearch.edits.json_edit``. Existing
keys keep their place; new keys go at the end of their object; inserts name the index in the
original array they go before.
"""

from __future__ import annotations

from collections.abc import MutableMapping, MutableSequence
from dataclasses import dataclass, field
from typing import Any

from toolsearch.catalog.locate import split_pointer


class EditConflict(ValueError):
    """Two edits that touch the same place in different ways."""


@dataclass
class Edit:
    """What changes in one container and below it."""

    set: dict[str, Any] = field(default_factory=dict)
    delete: list[str] = field(default_factory=list)
    insert: list[tuple[int, Any]] = field(default_factory=list)
    children: dict[str, Edit] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (self.set or self.delete or self.insert) and all(
            c.empty for c in self.children.values()
        )

    def at(self, pointer: str) -> Edit:
        """The edit node for the container at ``pointer`` (created on demand)."""
        node = self
        for token in split_pointer(pointer):
            if token in node.set:
                raise EditConflict(f"{pointer}: inside a value that is replaced")
            node = node.children.setdefault(token, Edit())
        return node

    def set_key(self, pointer: str, key: str, value: Any) -> None:
        node = self.at(pointer)
        if key in node.children:
            raise EditConflict(f"{pointer}/{key}: both replaced and edited inside")
        if key in node.delete:
            node.delete.remove(key)
        node.set[key] = value

    def delete_key(self, pointer: str, key: str) -> None:
        node = self.at(pointer)
        node.set.pop(key, None)
        if key not in node.delete:
            node.delete.append(key)

    def insert_item(self, pointer: str, index: int, value: Any) -> None:
        self.at(pointer).insert.append((index, value))


def apply_to_data(data: Any, edit: Edit) -> None:
    """Apply the edits in place to dicts and lists (or ruamel's subclasses of them)."""
    if isinstance(data, MutableMapping):
        for token, child in edit.children.items():
            if token not in data:
                raise EditConflict(f"no key {token!r} to edit inside")
            apply_to_data(data[token], child)
        for key in edit.delete:
            data.pop(key, None)
        for key, value in edit.set.items():
            data[key] = value
        return
    if isinstance(data, MutableSequence):
        for token, child in edit.children.items():
            apply_to_data(data[int(token)], child)
        # From the back, so earlier indices stay valid; at one index the first added goes first.
        order = sorted(enumerate(edit.insert), key=lambda e: (e[1][0], e[0]), reverse=True)
        for _, (index, value) in order:
            data.insert(index, value)
        return
    raise EditConflict(f"cannot edit inside a {type(data).__name__}")
