"""Turn a recommendation into edits of the request and tools files that carry it.

Per scope whose deferral changes: ``defer_loading: true`` on each tool to defer, the key removed
from each kept tool; for an ``mcp_toolset`` with a supplied catalog, ``default_config.
defer_loading: true`` and ``configs[<tool>].defer_loading: false`` for the kept tools; a tool
search tool (BM25 unless ``--search regex``) appended when tools are deferred and none is there
(a deferred one is made loaded); a ``cache_control`` breakpoint on a tool that becomes deferred
moves to the last loaded entry of ``tools``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from toolsearch.catalog.counts import count_of
from toolsearch.catalog.locate import join_pointer
from toolsearch.catalog.model import McpToolset, Tool
from toolsearch.edits.file_plan import FilePlan, move_cache_control, tools_pointer, value_at
from toolsearch.edits.search_tool import search_tool_entry
from toolsearch.recommend.recommend import ScopeChoice


def plan_scope(choice: ScopeChoice, plan: FilePlan, search: str) -> None:
    """Add the edits that carry one scope's recommendation into its request or tools file."""
    scope = choice.scope
    kept = {id(r.tool) for r in choice.kept}
    own = [t for t in scope.tools if t.toolset is None]
    moved: list[tuple[str, Any]] = []
    deferred_now: list[str] = []
    loaded_now: list[str] = []
    for tool in own:
        if tool.dialect.startswith("openai"):
            plan.refusals.append(
                f"{tool.location.file}: {tool.name!r} is an OpenAI tool, which has no Anthropic "
                "defer_loading; toolsearch does not rewrite OpenAI tools"
            )
            return
        pointer = tool.location.pointer
        if id(tool) in kept:
            if tool.raw.get("defer_loading") is True:
                plan.edit.delete_key(pointer, "defer_loading")
                loaded_now.append(tool.name)
            continue
        if tool.raw.get("defer_loading") is not True:
            plan.edit.set_key(pointer, "defer_loading", True)
            deferred_now.append(tool.name)
        if "cache_control" in tool.raw:
            plan.edit.delete_key(pointer, "cache_control")
            moved.append((tool.name, tool.raw["cache_control"]))
    for toolset in scope.toolsets:
        if toolset.catalog_source is not None:
            members = [t for t in scope.tools if t.toolset == toolset.server_name]
            _plan_toolset(toolset, members, kept, plan)
    if deferred_now:
        plan.summary.append(f"defer {_count(deferred_now)}")
    if loaded_now:
        plan.summary.append(f"load {', '.join(loaded_now)}")
    new_search = _plan_search(choice, plan, search)
    if moved:
        move_cache_control(scope, kept, moved, new_search, plan)
    if new_search is not None:
        index, value = new_search
        plan.edit.insert_item(tools_pointer(scope), index, value)


def _count(names: list[str]) -> str:
    return count_of(len(names), "tool")


def _plan_toolset(toolset: McpToolset, members: list[Tool], kept: set[int], plan: FilePlan) -> None:
    pointer = toolset.location.pointer
    name = toolset.server_name or "?"
    keep = [t.name for t in members if id(t) in kept]
    defer = [t.name for t in members if id(t) not in kept]
    raw = toolset.raw
    default = raw.get("default_config")
    if defer and not isinstance(default, Mapping):
        plan.edit.set_key(pointer, "default_config", {"defer_loading": True})
        plan.summary.append(f"mcp_toolset {name!r}: default_config.defer_loading: true")
    elif defer and isinstance(default, Mapping) and default.get("defer_loading") is not True:
        plan.edit.set_key(pointer + "/default_config", "defer_loading", True)
        plan.summary.append(f"mcp_toolset {name!r}: default_config.defer_loading: true")
    elif not defer and isinstance(default, Mapping) and default.get("defer_loading") is True:
        plan.edit.delete_key(pointer + "/default_config", "defer_loading")
    configs = raw.get("configs")
    wanted = {t: {"defer_loading": False} for t in keep} if defer else {}
    if not isinstance(configs, Mapping):
        if wanted:
            plan.edit.set_key(pointer, "configs", wanted)
            plan.summary.append(f"mcp_toolset {name!r}: keep {', '.join(keep)}")
        return
    changed: list[str] = []
    configs_pointer = pointer + join_pointer("configs")
    for tool in members:
        entry = configs.get(tool.name)
        entry_pointer = configs_pointer + join_pointer(tool.name)
        if tool.name in wanted:
            if not isinstance(entry, Mapping):
                plan.edit.set_key(configs_pointer, tool.name, {"defer_loading": False})
                changed.append(tool.name)
            elif entry.get("defer_loading") is not False:
                plan.edit.set_key(entry_pointer, "defer_loading", False)
                changed.append(tool.name)
        elif isinstance(entry, Mapping) and "defer_loading" in entry:
            if set(entry) == {"defer_loading"}:
                plan.edit.delete_key(configs_pointer, tool.name)
            else:
                plan.edit.delete_key(entry_pointer, "defer_loading")
    if changed:
        plan.summary.append(f"mcp_toolset {name!r}: keep {', '.join(changed)}")


def _plan_search(choice: ScopeChoice, plan: FilePlan, search: str) -> tuple[int, Any] | None:
    """Make the scope's search tool loaded, or return the one to append (index, value)."""
    scope = choice.scope
    for tool in scope.search_tools:
        if tool.deferred:
            plan.edit.delete_key(tool.location.pointer, "defer_loading")
            plan.summary.append(f"load the search tool {tool.name or tool.type!r}")
    if not choice.adds_search:
        return None
    entries = value_at(plan.document.data, tools_pointer(scope))
    value: dict[str, Any] = dict(search_tool_entry(search))
    plan.summary.append(f"add {value['name']}")
    return len(entries), value


def toolset_fragment(source: str, keep: list[str]) -> dict[str, Any]:
    """The ``mcp_toolset`` entry that defers a server's tools but ``keep``."""
    fragment: dict[str, Any] = {
        "type": "mcp_toolset",
        "mcp_server_name": source,
        "default_config": {"defer_loading": True},
    }
    if keep:
        fragment["configs"] = {name: {"defer_loading": False} for name in keep}
    return fragment


def always_load_meta(name: str) -> str:
    """The ``tools/list`` entry change Claude Code reads to keep one tool loaded."""
    return json.dumps({"name": name, "_meta": {"anthropic/alwaysLoad": True}})


ALWAYS_LOAD = "anthropic/alwaysLoad"


def plan_always_load(tools: list[Tool], kept: set[int], plan: FilePlan) -> None:
    """Claude Code: ``_meta["anthropic/alwaysLoad"]: true`` on each kept tool of an MCP
    ``tools/list`` file, and the key removed from the tools it defers."""
    added: list[str] = []
    removed: list[str] = []
    for tool in tools:
        pointer = tool.location.pointer
        meta = tool.raw.get("_meta")
        if id(tool) in kept:
            if tool.always_load:
                continue
            if isinstance(meta, Mapping):
                plan.edit.set_key(pointer + join_pointer("_meta"), ALWAYS_LOAD, True)
            elif meta is None:
                plan.edit.set_key(pointer, "_meta", {ALWAYS_LOAD: True})
            else:
                plan.refusals.append(
                    f"{plan.document.display}: {tool.name!r} has a _meta that is not an object; "
                    f'make it one, then add "{ALWAYS_LOAD}": true by hand'
                )
                continue
            added.append(tool.name)
        elif isinstance(meta, Mapping) and ALWAYS_LOAD in meta:
            if set(meta) == {ALWAYS_LOAD}:
                plan.edit.delete_key(pointer, "_meta")
            else:
                plan.edit.delete_key(pointer + join_pointer("_meta"), ALWAYS_LOAD)
            removed.append(tool.name)
    if added:
        plan.summary.append(f'_meta "{ALWAYS_LOAD}": true on {", ".join(added)}')
    if removed:
        plan.summary.append(f'_meta "{ALWAYS_LOAD}" removed from {", ".join(removed)}')
