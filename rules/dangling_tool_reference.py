"""Flags a `tool_reference` in `messages` that names a tool the request does not define.

## What it does
Looks at every `tool_reference` block in the request's `messages` (the results of a tool
search, built in or your own) and checks that its `tool_name` is the name of a tool in `tools`,
or of a tool of an `mcp_toolset` whose server catalog you supplied (`toolsearch lint
request.json docs=docs-tools.json`). When a toolset's catalog was not supplied, a name missing
from `tools` might belong to that server, so it is not reported here: `toolset-catalog-unknown`
says once per toolset which file to pass.

## Why is this bad?
The API expands every `tool_reference` into the definition of the tool it names, across the
whole history (tool-search-facts.md §2.3). A name with no definition makes the API reject the
request with a 400: "Tool reference 'unknown_tool' not found in available tools" (before
2026-06-30: "... has no corresponding tool definition") (§2.4, §2.6). It usually happens when a
tool was renamed or dropped from `tools` while old conversations still hold search results that
point at it: send the same `tools` on every turn.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "tools": [
   {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
   {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}],
 "messages": [
   {"role": "user", "content": "Weather in Paris?"},
   {"role": "assistant", "content": [
     {"type": "server_tool_use", "id": "srvtoolu_1", "name": "tool_search_tool_regex",
      "input": {"pattern": "weather"}},
     {"type": "tool_search_tool_result", "tool_use_id": "srvtoolu_1",
      "content": {"type": "tool_search_tool_search_result",
                  "tool_references": [{"type": "tool_reference", "tool_name": "get_weathr"}]}}]}]}
```

## Fix
Reference a tool that `tools` defines (or add the missing definition, with `defer_loading: true`):
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "tools": [
   {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
   {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}],
 "messages": [
   {"role": "user", "content": "Weather in Paris?"},
   {"role": "assistant", "content": [
     {"type": "server_tool_use", "id": "srvtoolu_1", "name": "tool_search_tool_regex",
      "input": {"pattern": "weather"}},
     {"type": "tool_search_tool_result", "tool_use_id": "srvtoolu_1",
      "content": {"type": "tool_search_tool_search_result",
                  "tool_references": [{"type": "tool_reference", "tool_name": "get_weather"}]}}]}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import quoted
from toolsearch.config import suggest
from toolsearch.lint.findings import Problem
from toolsearch.lint.request_facts import defined_names, server_tool_names
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "dangling-tool-reference"
LEVEL = "error"
SUMMARY = "a tool_reference in messages names a tool that is not in tools (400)"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own


def disabled_tools(ctx: Context) -> dict[str, str]:
    """Tools of supplied toolset catalogs that ``enabled: false`` removed: name -> server."""
    found: dict[str, str] = {}
    for toolset in ctx.scope.toolsets:
        if toolset.catalog_source is None or toolset.server_name is None:
            continue
        listed = server_tool_names(toolset)
        for name in listed[1] if listed else ():
            if toolset.config_for(name, "enabled", True) is False:
                found.setdefault(name, toolset.server_name)
    return found


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    if not scope.references:
        return
    names = defined_names(scope)
    disabled: dict[str, str] | None = None
    for ref in scope.references:
        name = ref.tool_name
        if not isinstance(name, str) or not name:
            yield Problem(
                "tool_reference has no tool_name",
                ref.location,
                None,
                ref.source,
            )
            continue
        if name in names or any(t.server_name for t in scope.unknown_toolsets):
            continue
        if disabled is None:
            disabled = disabled_tools(ctx)
        if name in disabled:
            why = f"which the {quoted(disabled[name])} mcp_toolset disables"
        else:
            why = "which is not in tools" + suggest(name, sorted(names))
        yield Problem(
            f"tool_reference names {quoted(name)}, {why}",
            ref.location,
            name,
            ref.source,
        )
