"""Flags a deferred tool that also carries a `cache_control` breakpoint.

## What it does
Reports each tool (custom or server tool) that is deferred (`defer_loading: true`) and has a
`cache_control` key.

## Why is this bad?
Deferred tools are taken out of the rendered tools before the cache key is computed, so a
breakpoint on one has nothing to mark (tool-search-facts.md §2.7). Since 2026-06-30 the tool
search docs say the combination "returns a 400", and users have hit "Tool '<name>' cannot have
both defer_loading=true and cache_control set. Tools with defer_loading cannot use prompt
caching." (§2.4). The tool reference page still says the two properties "compose" (§1.1,
§10.3); the observed errors win here.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "cache_control": {"type": "ephemeral"},
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```

## Fix
Put the breakpoint on the last loaded tool instead: it caches every tool before it. Fixable:
`toolsearch lint --fix` moves it there (or drops it when that tool has one already), as
`recommend --apply` does; `--diff` shows the change.
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25",
   "cache_control": {"type": "ephemeral"}},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "deferred-with-cache-control"
LEVEL = "error"
SUMMARY = "a deferred tool also has cache_control; the API rejects the pair (400)"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own


def _message(name: str) -> str:
    return f"{quoted(name)} has both defer_loading: true and cache_control"


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    for tool in scope.tools:
        if tool.deferred and tool.raw.get("cache_control") is not None:
            yield ctx.tool_problem(tool, _message(tool.name), "/cache_control")
    for server_tool in scope.server_tools:
        if server_tool.deferred and server_tool.raw.get("cache_control") is not None:
            loc = server_tool.location
            where = ctx.locate(loc.file, loc.pointer + "/cache_control", fallback=loc)
            name = server_tool.name or server_tool.type
            yield Problem(_message(name), where, server_tool.name, server_tool.source)
