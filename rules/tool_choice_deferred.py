"""Flags a `tool_choice` that forces a deferred tool, or a tool the request does not have.

## What it does
Reads a request's `tool_choice`. When it forces one tool (`{"type": "tool", "name": ...}`, or
OpenAI's `{"type": "function", ...}`), it reports a tool that is deferred, and a name that no
tool, server tool or known toolset tool in the request carries (skipped when an
`mcp_toolset`'s catalog is unknown: pass `SERVER=PATH` to check it). Under `--target openai` it
also reports a `tool_choice` naming a namespace rather than a function.

## Why is this bad?
A deferred tool's definition is kept out of the prompt until a tool search returns a
`tool_reference` for it (tool-search-facts.md §1.1, §2.3). Forcing it means Claude must call a
tool whose definition it has not been shown, before any search can run. The facts do not say
whether the API rejects this or expands the definition; either way the forced tool belongs
among the loaded ones. A forced name missing from `tools` can never be called. Changing
`tool_choice` also invalidates the messages cache (§2.7), so keep it stable. OpenAI's Agents SDK
documents the same for the Responses API: `tool_choice` cannot target bare namespace names or
deferred-only tools (hosts-facts.md §1.1, openai-agents-python PR #2622).

## Example
```json
{"model": "claude-sonnet-4-5", "tool_choice": {"type": "tool", "name": "get_weather"}, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```

## Fix
Keep the forced tool loaded:
```json
{"model": "claude-sonnet-4-5", "tool_choice": {"type": "tool", "name": "get_weather"}, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toolsearch.catalog.places import scope_location
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "tool-choice-deferred"
LEVEL = "warning"
SUMMARY = "tool_choice forces a tool that is deferred or not in the request"
Options = NoOptions


def forced_name(choice: Any) -> str | None:
    """The tool a ``tool_choice`` forces (Anthropic or OpenAI shape), else None."""
    if not isinstance(choice, Mapping):
        return None
    kind = choice.get("type")
    name: Any = None
    if kind == "tool":
        name = choice.get("name")
    elif kind == "function":
        function = choice.get("function")
        name = function.get("name") if isinstance(function, Mapping) else choice.get("name")
    return name if isinstance(name, str) else None


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    name = forced_name(scope.tool_choice)
    if name is None:
        return
    where = scope.tool_choice_location or scope_location(scope)
    tools = [t for t in scope.tools if name in (t.name, t.sent_name)]
    if tools:
        if all(t.deferred for t in tools):
            yield Problem(
                f"tool_choice forces {name!r}, which is deferred",
                where,
                tools[0].name,
                tools[0].source,
            )
        return
    if any(n.name == name for n in scope.namespaces):
        yield Problem(
            f"tool_choice forces {name!r}, which is a namespace, not a function: tool_choice "
            "cannot target a bare namespace name; name one of its functions",
            where,
        )
        return
    if any(t.name == name for t in scope.server_tools) or scope.unknown_toolsets:
        return
    yield Problem(
        f"tool_choice forces {name!r}, which is not among the request's tools",
        where,
    )
