"""Flags what a request uses that its platform is not known to serve.

## What it does
Under a `--platform` where nothing published says whether tool search, its BM25 variant or the
MCP connector work (Claude in Amazon Bedrock's Messages endpoint, Claude Platform on AWS,
Claude Models on Google Cloud; the BM25 variant on Vertex), warns once per thing the request
uses there.

## Why is this bad?
Tool-search availability per platform is not tabulated anywhere (hosts-facts.md §1.3, §3): the
request may be refused, or a gateway in front may drop the deferral and bill every tool. Check
it once against the real endpoint (`toolsearch probe`) before you depend on it.

## Example
```yaml .toolsearch
platform: google-cloud
```
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}},
  {"name": "get_time", "description": "The current time in a time zone.",
   "input_schema": {"type": "object", "properties": {"zone": {"type": "string"}}}}
]}
```

## Fix
Confirm the platform serves what you use (then turn this rule off for it in the config), or
send the request where it is known to work (the Claude API, Anthropic-hosted Foundry):
```yaml .toolsearch
platform: anthropic
```
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}},
  {"name": "get_time", "description": "The current time in a time zone.",
   "input_schema": {"type": "object", "properties": {"zone": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.places import scope_location
from toolsearch.lint.findings import Problem
from toolsearch.lint.platform_facts import run_platform, sent_to_messages_api, uses_deferral
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "platform-support-unknown"
LEVEL = "warning"
SUMMARY = "the request uses what its platform is not known to serve (not published)"
HOSTS = ("api",)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    platform = run_platform(ctx)
    scope = ctx.scope
    if not sent_to_messages_api(scope):
        return
    where = scope_location(scope)
    if platform.tool_search == "uncertain" and uses_deferral(scope):
        where = scope.search_tools[0].location if scope.search_tools else where
        yield Problem(
            f"whether {platform.label} serves tool search is not published; check it against "
            "the endpoint (toolsearch probe) before relying on it",
            where,
        )
    bm25 = [t for t in scope.search_tools if t.search_variant == "bm25"]
    if bm25 and platform.bm25 == "uncertain" and platform.tool_search != "uncertain":
        yield Problem(
            f"whether {platform.label} serves the BM25 variant is not published (Bedrock's "
            "InvokeModel serves only regex); check it, or use tool_search_tool_regex_20251119",
            bm25[0].location,
        )
    connector = [entry.location for entry in scope.mcp_servers]
    connector += [toolset.location for toolset in scope.toolsets]
    if connector and platform.mcp_connector == "uncertain":
        yield Problem(
            f"whether {platform.label} serves the MCP connector (mcp_servers, mcp_toolset) is "
            "not published; check it before relying on it",
            connector[0],
        )
