"""Compare two tools/list results tool by tool: what was added, removed, and which fields changed.

A tool whose description or schema changes after it was approved is how MCP "rug pulls" happen,
so every top-level field of every tool is compared, not only names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FieldChange:
    """One top-level field of a tool that differs; ``None`` stands for an absent field."""

    field: str
    before: Any
    after: Any


@dataclass(frozen=True)
class ToolChange:
    """A tool present on both sides whose fields differ."""

    name: str
    fields: tuple[FieldChange, ...]


@dataclass(frozen=True)
class Drift:
    """Differences between a snapshot (before) and a live server (after)."""

    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    changed: tuple[ToolChange, ...] = ()
    added_descriptions: tuple[str | None, ...] = ()  # one per added tool, None if it has none

    @property
    def any(self) -> bool:
        return bool(self.added or self.removed or self.changed)

    def summary(self) -> str:
        """``1 added, 2 removed, 1 changed``."""
        return f"{len(self.added)} added, {len(self.removed)} removed, {len(self.changed)} changed"


def keyed(entries: list[Any]) -> dict[str, Any]:
    """Tools by name in list order; a repeated name gets `` (2)``, a nameless entry ``#index``."""
    seen: Counter[str] = Counter()
    result: dict[str, Any] = {}
    for index, entry in enumerate(entries):
        name = entry.get("name") if isinstance(entry, Mapping) else None
        key = name if isinstance(name, str) else f"#{index}"
        seen[key] += 1
        result[key if seen[key] == 1 else f"{key} ({seen[key]})"] = entry
    return result


def compare(before: list[Any], after: list[Any]) -> Drift:
    """Added (live order), removed (snapshot order) and changed tools."""
    old, new = keyed(before), keyed(after)
    changed = []
    for name, tool in new.items():
        if name in old and old[name] != tool:
            changed.append(ToolChange(name, tuple(_fields(old[name], tool))))
    added = tuple(n for n in new if n not in old)
    return Drift(
        added=added,
        added_descriptions=tuple(_description(new[n]) for n in added),
        removed=tuple(n for n in old if n not in new),
        changed=tuple(changed),
    )


def _description(tool: Any) -> str | None:
    found = tool.get("description") if isinstance(tool, Mapping) else None
    return found if isinstance(found, str) else None


def _fields(before: Any, after: Any) -> list[FieldChange]:
    if not isinstance(before, Mapping) or not isinstance(after, Mapping):
        return [FieldChange("", before, after)]
    keys = list(before) + [k for k in after if k not in before]
    return [
        FieldChange(str(k), before.get(k), after.get(k))
        for k in sorted(keys, key=str)
        if before.get(k) != after.get(k) or (k in before) != (k in after)
    ]


def changed_paths(before: Any, after: Any, limit: int = 5) -> list[str]:
    """Up to ``limit`` JSON Pointers inside a field that differ, e.g. ``/properties/to (added)``."""
    found: list[str] = []
    stack: list[tuple[str, Any, Any]] = [("", before, after)]
    while stack and len(found) < limit:
        pointer, old, new = stack.pop()
        if isinstance(old, Mapping) and isinstance(new, Mapping):
            for key in reversed([*old, *(k for k in new if k not in old)]):
                child = f"{pointer}/{str(key).replace('~', '~0').replace('/', '~1')}"
                if key not in new:
                    stack.append((child + " (removed)", None, None))
                elif key not in old:
                    stack.append((child + " (added)", None, None))
                elif old[key] != new[key]:
                    stack.append((child, old[key], new[key]))
            continue
        found.append(pointer or "/")
    return found
