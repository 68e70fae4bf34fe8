"""Flags `configs` entries of an `mcp_toolset` that name a tool its server does not have.

## What it does
When the server's catalog is given (`toolsearch lint request.json docs=docs-tools.json`, the
source named after the `mcp_server_name`), checks every key of the toolset's `configs` against
the names of the server's tools, disabled ones included. Toolsets whose catalog was not given
are skipped (`toolset-catalog-unknown` says which file to pass).

## Why is this bad?
The API does not reject such a key: it only logs a backend warning, since "MCP servers may have
dynamic tool availability" (tool-search-facts.md §3). So a misspelt key silently does nothing:
the tool you meant to keep loaded stays deferred (or the one you meant to disable stays on),
and nothing tells you. It also appears when a server renames a tool.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "mcp_servers": [{"type": "url", "name": "docs", "url": "https://docs.example.com/mcp"}],
 "tools": [
   {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
   {"type": "mcp_toolset", "mcp_server_name": "docs", "default_config": {"defer_loading": true},
    "configs": {"search_doc": {"defer_loading": false}}}]}
```
```json docs
{"tools": [{"name": "search_docs", "description": "Search the documentation.",
            "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}}}]}
```

## Fix
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "mcp_servers": [{"type": "url", "name": "docs", "url": "https://docs.example.com/mcp"}],
 "tools": [
   {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
   {"type": "mcp_toolset", "mcp_server_name": "docs", "default_config": {"defer_loading": true},
    "configs": {"search_docs": {"defer_loading": false}}}]}
```
```json docs
{"tools": [{"name": "search_docs", "description": "Search the documentation.",
            "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.locate import join_pointer
from toolsearch.catalog.tool_names import quoted
from toolsearch.config import suggest
from toolsearch.lint.findings import Problem
from toolsearch.lint.request_facts import server_tool_names
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "unknown-tool-in-configs"
LEVEL = "warning"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = "an mcp_toolset's configs names a tool its server's catalog does not have"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for toolset in ctx.scope.toolsets:
        if toolset.catalog_source is None or not toolset.configs:
            continue
        found = server_tool_names(toolset)
        if found is None:
            continue
        file, names = found
        known = set(names)
        loc = toolset.location
        for key in toolset.configs:
            if key in known:
                continue
            where = ctx.locate(loc.file, loc.pointer + "/configs" + join_pointer(str(key)), loc)
            yield Problem(
                f"configs names {quoted(str(key))}, which MCP server "
                f"{quoted(str(toolset.server_name))} does not list ({file})"
                + suggest(str(key), names),
                where,
                str(key),
                toolset.source,
            )
