"""Flags a tool search tool that carries `defer_loading: true`.

## What it does
Reports every tool search tool (`tool_search_tool_regex_20251119`,
`tool_search_tool_bm25_20251119` or an undated alias) whose entry sets `defer_loading: true`.

## Why is this bad?
The search tool is how Claude finds deferred tools; the docs say it must **never** be deferred
(tool-search-facts.md §1.5, §2.4). The documented failure is a 400: "At least one tool must
have defer_loading=false. All tools cannot be deferred.", whose listed cause is
"defer_loading: true on ALL tools including the search tool". UNCERTAIN: no source says whether
the API also rejects a deferred search tool while other tools stay loaded; toolsearch reports it
as an error all the same, since a deferred search tool cannot be called until something loads
it, and nothing can.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex",
   "defer_loading": true},
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```

## Fix
Leave `defer_loading` off the search tool. Fixable: `toolsearch lint --fix` removes it
(`--diff` shows the change):
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "deferred-search-tool"
LEVEL = "error"
SUMMARY = "the tool search tool has defer_loading: true; it must never be deferred"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.search_tools:
        if tool.raw.get("defer_loading") is not True:
            continue
        label = quoted(tool.name) if tool.name else quoted(tool.type)
        loc = tool.location
        where = ctx.locate(loc.file, loc.pointer + "/defer_loading", fallback=loc)
        yield Problem(
            f"the tool search tool {label} is deferred",
            where,
            tool.name,
            tool.source,
        )
