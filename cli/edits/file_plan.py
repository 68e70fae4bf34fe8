"""The edits planned for one file (``lint --fix`` and ``recommend --apply`` alike), and the
edit both make when a tool they defer carries a ``cache_control`` breakpoint."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from toolsearch.catalog.loader import Document
from toolsearch.catalog.locate import split_pointer
from toolsearch.catalog.model import Scope
from toolsearch.edits.edit_plan import Edit


@dataclass
class FilePlan:
    """The edits to one file, with what they do in words, and why a file cannot be edited."""

    document: Document
    edit: Edit = field(default_factory=Edit)
    summary: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)


def value_at(data: Any, pointer: str) -> Any:
    for token in split_pointer(pointer):
        data = data[int(token)] if isinstance(data, list) else data[token]
    return data


def tools_pointer(scope: Scope) -> str:
    """The pointer of the scope's ``tools`` array."""
    assert scope.tools_location is not None
    return scope.tools_location.pointer


def move_cache_control(
    scope: Scope,
    kept: set[int],
    moved: list[tuple[str, Any]],
    new_search: tuple[int, Any] | None,
    plan: FilePlan,
) -> None:
    """Put the first removed breakpoint on the last entry of the request's ``tools`` that stays
    loaded (``lint --fix`` and ``recommend --apply`` pick the same one); on a search tool being
    added only when no entry of the request stays loaded."""
    loaded: dict[str, Mapping[str, Any]] = {}
    for tool in scope.tools:
        if tool.toolset is None and id(tool) in kept:
            loaded[tool.location.pointer] = tool.raw
    for server_tool in scope.server_tools:
        if not server_tool.deferred or server_tool.is_search:
            loaded[server_tool.location.pointer] = server_tool.raw
    names = ", ".join(name for name, _ in moved)
    value = moved[0][1]
    prefix = tools_pointer(scope) + "/"
    ordered = sorted(
        (p for p in loaded if p.startswith(prefix)), key=lambda p: int(p[len(prefix) :])
    )
    if not ordered and new_search is not None:
        new_search[1]["cache_control"] = value
        plan.summary.append(f"move cache_control from {names} to {new_search[1]['name']}")
        return
    if not ordered:
        plan.refusals.append(
            f"{plan.document.display}: cache_control on {names} must move to a loaded tool, "
            "and no entry of tools stays loaded outside mcp_toolset; move it by hand"
        )
        return
    target = ordered[-1]
    raw = loaded[target]
    label = raw.get("name") or raw.get("type")
    if "cache_control" in raw:
        plan.summary.append(f"remove cache_control from {names} ({label!r} already has one)")
        return
    plan.edit.set_key(target, "cache_control", value)
    plan.summary.append(f"move cache_control from {names} to {label}")
