"""Flags the MCP connector (`mcp_servers`, `mcp_toolset`) sent to a platform without it.

## What it does
Under `--platform vertex`, `bedrock-invoke`, `bedrock-converse` or `foundry-azure`, checks each
request for `mcp_servers` or an `mcp_toolset` tool.

## Why is this bad?
The MCP connector (beta `mcp-client-2025-11-20`) is served on the Claude API and
Anthropic-hosted Foundry only: Vertex and Bedrock did not support it (January 2026), and
Azure-hosted Foundry deployments reject it with 400 (tool-search-facts.md §1.6). The servers'
tools never reach the model.

## Example
```yaml .toolsearch
platform: vertex
```
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "mcp_servers": [{"type": "url", "url": "https://mcp.example.com/sse", "name": "docs"}],
 "tools": [
  {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
  {"type": "mcp_toolset", "mcp_server_name": "docs", "default_config": {"defer_loading": true}},
  {"name": "get_time", "description": "The current time in a time zone.",
   "input_schema": {"type": "object", "properties": {"zone": {"type": "string"}}}}
]}
```

## Fix
Run the MCP client yourself and send its tools as ordinary (deferred) tools, or use the Claude
API for this request:
```yaml .toolsearch
platform: vertex
```
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
  {"name": "search_docs", "description": "Search the product documentation for a phrase.",
   "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}}},
  {"name": "get_time", "description": "The current time in a time zone.",
   "input_schema": {"type": "object", "properties": {"zone": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.lint.findings import Problem
from toolsearch.lint.platform_facts import run_platform, sent_to_messages_api
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "platform-without-mcp-connector"
LEVEL = "warning"
SUMMARY = "mcp_servers or mcp_toolset sent to a platform without the MCP connector"
HOSTS = ("api",)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    platform = run_platform(ctx)
    scope = ctx.scope
    if platform.mcp_connector != "no" or not sent_to_messages_api(scope):
        return
    places = [entry.location for entry in scope.mcp_servers]
    places += [toolset.location for toolset in scope.toolsets]
    if places:
        yield Problem(
            f"{platform.label} does not serve the MCP connector (mcp_servers, mcp_toolset): "
            "its tools never reach the model; run the MCP client yourself and send the tools "
            "as ordinary ones",
            places[0],
        )
