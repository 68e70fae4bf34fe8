"""Flags a `tool_reference` that names a tool which is already loaded.

## What it does
Reports each `tool_reference` block in `messages` whose `tool_name` is a tool of the request
that is not deferred (no `defer_loading: true`, or kept loaded by an `mcp_toolset`'s
`configs`). A reference to a tool that does not exist at all is `dangling-tool-reference`.

## Why is this bad?
Search results are meant to load deferred tools: the docs say each referenced tool must be in
`tools` "with `defer_loading: true`" (since August 2026: "normally" with it)
(tool-search-facts.md §2.6). A loaded tool is already in the prompt, so the reference adds
nothing; it usually means a tool was un-deferred after the conversation started, or a custom
search tool returns every match, loaded or not. UNCERTAIN: no source says whether the API
rejects such a reference, so this is a warning.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "tools": [
   {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
   {"name": "get_weather", "description": "Current weather for a city.",
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

## Fix
Defer the tool the search returns:
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
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "reference-to-loaded-tool"
LEVEL = "warning"
SUMMARY = "a tool_reference names a tool that is loaded, not deferred"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    if not scope.references:
        return
    loaded = {t.sent_name: t.toolset for t in scope.tools if not t.deferred}
    servers = {t.name for t in scope.server_tools if t.name is not None and not t.deferred}
    deferred = {t.sent_name for t in scope.tools if t.deferred}
    for ref in scope.references:
        name = ref.tool_name
        if not isinstance(name, str) or name in deferred:
            continue
        if name not in loaded and name not in servers:
            continue
        yield Problem(
            f"tool_reference names {quoted(name)}, which is loaded (not deferred)",
            ref.location,
            name,
            ref.source,
        )
