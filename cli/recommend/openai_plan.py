"""``recommend --apply`` under ``--target openai``: ``defer_loading`` on functions, never on a
namespace; and the namespaces of fewer than 10 functions the deferred ones could be grouped in.

OpenAI's guide: "For namespaces, `defer_loading` applies to the functions inside the namespace,
not to the namespace object itself"; keep each namespace "to fewer than 10 functions" and
describe what it holds (hosts-facts.md §1.1).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from toolsearch.catalog.counts import count_of
from toolsearch.catalog.model import Tool
from toolsearch.edits.file_plan import FilePlan
from toolsearch.recommend.heuristic import object_counts, objects
from toolsearch.recommend.recommend import ScopeChoice

HOSTED_SEARCH = {"type": "tool_search"}
NAMESPACE_SIZE = 9  # OpenAI: "fewer than 10 functions" per namespace
NAMES_SHOWN = 5
_NOT_IN_NAMES = re.compile(r"[^A-Za-z0-9_-]+")


def plan_openai_scope(choice: ScopeChoice, plan: FilePlan) -> None:
    """``defer_loading: true`` on each function to defer (inside namespaces too), the key
    removed from each kept one, and a hosted ``tool_search`` added when none is there."""
    scope = choice.scope
    kept = {id(r.tool) for r in choice.kept}
    deferred_now: list[str] = []
    loaded_now: list[str] = []
    for tool in scope.tools:
        if tool.dialect == "openai-chat":
            plan.refusals.append(
                f"{tool.location.file}: {tool.name!r} has Chat Completions' shape, which the "
                "Responses API does not defer (lint chat-completions-shape): rewrite it first"
            )
            return
        pointer = tool.location.pointer
        if id(tool) in kept:
            if tool.raw.get("defer_loading") is True:
                plan.edit.delete_key(pointer, "defer_loading")
                loaded_now.append(tool.name)
        elif tool.raw.get("defer_loading") is not True:
            plan.edit.set_key(pointer, "defer_loading", True)
            deferred_now.append(tool.name)
    if deferred_now:
        plan.summary.append(f"defer {count_of(len(deferred_now), 'function')}")
    if loaded_now:
        plan.summary.append(f"load {', '.join(loaded_now)}")
    if not scope.openai_search_tools and len(kept) < len(scope.tools):
        assert scope.tools_location is not None
        plan.edit.insert_item(scope.tools_location.pointer, 0, dict(HOSTED_SEARCH))
        plan.summary.append('add {"type": "tool_search"}')


@dataclass(frozen=True)
class NamespacePlan:
    """A proposed namespace: its name, a description of what it holds, its functions."""

    name: str
    description: str
    tools: tuple[Tool, ...]


def group_namespaces(prefix: str, tools: Sequence[Tool]) -> list[NamespacePlan]:
    """Functions grouped by the object their names share most (``issue``, ``pull_request``:
    one term, singular and plural alike), groups of fewer than 3 pooled as ``other``, each cut
    into namespaces of at most 9; names start with ``prefix``."""
    counts = object_counts(tools)
    groups: dict[str, list[Tool]] = {}
    words: dict[str, str] = {}
    for tool in tools:
        found = [(counts[term], term, word) for term, word in objects(tool) if term in counts]
        term = max(found)[1] if found else ""
        if found:
            words.setdefault(term, max(found)[2].lower())
        groups.setdefault(term, []).append(tool)
    pooled = [t for term, members in groups.items() if len(members) < 3 for t in members]
    plans: list[NamespacePlan] = []
    big = [(term, members) for term, members in groups.items() if len(members) >= 3 and term]
    for term, members in sorted(big, key=lambda item: (-len(item[1]), item[0])):
        plans.extend(_chunks(prefix, words[term], members))
    pooled += groups.get("", []) if len(groups.get("", [])) >= 3 else []
    plans.extend(_chunks(prefix, "other", pooled))
    return plans


def _chunks(prefix: str, word: str, members: list[Tool]) -> list[NamespacePlan]:
    count = -(-len(members) // NAMESPACE_SIZE)  # as few namespaces as fit, of even sizes
    parts = [members[i::count] for i in range(count)]
    found = []
    for index, part in enumerate(parts, 1):
        suffix = f"_{index}" if len(parts) > 1 else ""
        name = _NOT_IN_NAMES.sub("_", f"{prefix}_{word}{suffix}")[:64]
        names = ", ".join(t.name for t in part[:NAMES_SHOWN])
        more = f" and {len(part) - NAMES_SHOWN} more" if len(part) > NAMES_SHOWN else ""
        what = "other tools" if word == "other" else f"tools for {word.replace('_', ' ')}"
        found.append(NamespacePlan(name, f"{prefix} {what}: {names}{more}.", tuple(part)))
    return found
