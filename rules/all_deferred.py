"""Flags a request in which every tool is deferred.

## What it does
Checks that at least one entry of `tools` stays loaded: a custom tool without
`defer_loading: true`, a non-deferred server tool (the tool search tool counts), or an
`mcp_toolset` whose tools are not all deferred through `default_config` and `configs`.

## Why is this bad?
The API rejects the request with a 400: "At least one tool must have defer_loading=false. All
tools cannot be deferred." (older wording: "All tools have defer_loading set. At least one tool
must be non-deferred."). The usual cause is `defer_loading: true` on every tool, the tool search
tool included. Source: tool-search-facts.md §2.4.

## Example
```json
{"model": "claude-sonnet-4-5", "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25",
   "defer_loading": true},
  {"name": "get_weather", "description": "Weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```

## Fix
Never defer the search tool, and keep the 3-5 most used tools loaded. Fixable:
`toolsearch lint --fix` keeps loaded the tool `toolsearch recommend` ranks first (`--diff`
shows the change; `recommend --apply` keeps 3-5):
```json
{"model": "claude-sonnet-4-5", "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "all-deferred"
LEVEL = "error"
SUMMARY = "every tool is deferred; the API rejects the request (400)"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own


def _toolset_keeps_something(ctx: Context) -> bool:
    """A toolset whose tools are not in scope.tools (its catalog unknown) keeps one loaded."""
    return any(toolset.keeps_something_loaded for toolset in ctx.scope.unknown_toolsets)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    if scope.kind not in ("request", "tools"):
        return
    entries = len(scope.tools) + len(scope.server_tools) + len(scope.toolsets)
    if entries == 0:
        return
    if any(not t.deferred for t in scope.tools) or any(not t.deferred for t in scope.server_tools):
        return
    if _toolset_keeps_something(ctx):
        return
    where = scope.tools_location or scope.tools[0].location
    searched = " (the tool search tool included)" if scope.search_tools else ""
    yield Problem(
        f"{'the only tool is' if entries == 1 else f'all {entries:,} tools are'} "
        f"deferred{searched}",
        where,
    )
