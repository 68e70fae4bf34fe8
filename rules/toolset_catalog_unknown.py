"""Notes an `mcp_toolset` whose server catalog was not supplied, when that left checks undone.

## What it does
When a request has an `mcp_toolset` and no source named after its `mcp_server_name` was given,
toolsearch cannot know the server's tools. This rule says so once per such toolset, when it
mattered: when a `tool_reference` names a tool missing from `tools` (which might be one of the
server's, so `dangling-tool-reference` stays silent) or when the toolset's `configs` name tools
(which `unknown-tool-in-configs` cannot check). The fix is to pass the server's `tools/list`
result as `<server>=PATH`.

## Why is this bad?
Nothing is wrong with the request yet; but a misspelt reference makes the API reject it (400,
tool-search-facts.md §2.4) and a misspelt `configs` key is ignored by the API with only a
backend log line (§3). Both can only be checked against the server's catalog, so one info per
toolset says so: pass <server>=PATH.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "mcp_servers": [{"type": "url", "name": "docs", "url": "https://docs.example.com/mcp"}],
 "tools": [
   {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
   {"type": "mcp_toolset", "mcp_server_name": "docs", "default_config": {"defer_loading": true},
    "configs": {"search_docs": {"defer_loading": false}}}]}
```

## Fix
Pass the server's catalog, named after the server (here the block is the file `docs.json`):
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

from toolsearch.catalog.tool_names import quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.request_facts import defined_names
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "toolset-catalog-unknown"
LEVEL = "info"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = "an mcp_toolset's server catalog was not given, so references and configs go unchecked"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    unknown = [t for t in scope.unknown_toolsets if t.server_name]
    if not unknown:
        return
    names = defined_names(scope)
    unresolved = sum(
        1 for r in scope.references if isinstance(r.tool_name, str) and r.tool_name not in names
    )
    for toolset in unknown:
        assert toolset.server_name is not None
        undone = []
        if unresolved:
            undone.append(
                f"{unresolved} tool_reference name{'s' if unresolved > 1 else ''} not in tools"
            )
        if toolset.configs:
            count = len(toolset.configs)
            undone.append(f"{count} configs entr{'ies' if count > 1 else 'y'}")
        if not undone:
            continue
        server = quoted(toolset.server_name)[1:-1]
        yield Problem(
            f"the tools of MCP server {quoted(toolset.server_name)} are unknown, so "
            f"{' and '.join(undone)} could not be checked (pass {server}=PATH)",
            toolset.location,
            None,
            toolset.source,
        )
