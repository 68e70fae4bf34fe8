"""Notes MCP `alwaysLoad` metadata that the Messages API ignores.

## What it does
Under `--target api` (the default), reports each tool that carries MCP
`_meta["anthropic/alwaysLoad"]: true` and is deferred all the same, through an `mcp_toolset`'s
`default_config`/`configs` or its own `defer_loading`. Where the tool stays loaded anyway, or
under `--target claude-code` (which honours the key), nothing is reported.

## Why is this bad?
`_meta["anthropic/alwaysLoad"]` is read by Claude Code, which then never defers the tool
(tool-search-facts.md §6.2). The Messages API does not read MCP `_meta`: through the MCP
connector a tool's deferral comes only from the `mcp_toolset`'s `configs` > `default_config`
(§3), so a server author's "always load this" is lost and the tool waits for a search.
Keep it loaded with a per-tool config:
`"configs": {"<tool>": {"defer_loading": false}}`, or `"defer_loading": false` on the tool.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "mcp_servers": [{"type": "url", "url": "https://mcp.example.com/docs", "name": "docs"}],
 "tools": [{"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
           {"type": "mcp_toolset", "mcp_server_name": "docs",
            "default_config": {"defer_loading": true}}]}
```
```json docs
{"tools": [{"name": "search_docs", "description": "Search the product documentation.",
            "inputSchema": {"type": "object"}, "_meta": {"anthropic/alwaysLoad": true}},
           {"name": "get_page", "description": "Fetch one documentation page by its path.",
            "inputSchema": {"type": "object"}}]}
```

## Fix
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "mcp_servers": [{"type": "url", "url": "https://mcp.example.com/docs", "name": "docs"}],
 "tools": [{"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
           {"type": "mcp_toolset", "mcp_server_name": "docs",
            "default_config": {"defer_loading": true},
            "configs": {"search_docs": {"defer_loading": false}}}]}
```
```json docs
{"tools": [{"name": "search_docs", "description": "Search the product documentation.",
            "inputSchema": {"type": "object"}, "_meta": {"anthropic/alwaysLoad": true}},
           {"name": "get_page", "description": "Fetch one documentation page by its path.",
            "inputSchema": {"type": "object"}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "always-load-ignored"
HOSTS = ("api",)  # under --target api only (Claude Code reads the key)
LEVEL = "info"
SUMMARY = 'MCP _meta["anthropic/alwaysLoad"] on a tool the API defers (only Claude Code reads it)'
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        if not (tool.always_load and tool.deferred):
            continue
        how = (
            f"mcp_toolset {tool.toolset!r} defers it"
            if tool.toolset is not None
            else "it has defer_loading: true"
        )
        yield ctx.tool_problem(
            tool, f'{tool.name!r} has _meta["anthropic/alwaysLoad"]: true but {how}', "/_meta"
        )
