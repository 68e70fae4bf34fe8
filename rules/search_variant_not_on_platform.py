"""Flags the BM25 tool search variant sent to Amazon Bedrock.

## What it does
Under `--platform bedrock-invoke` (Bedrock's InvokeModel), checks each request for a
`tool_search_tool_bm25_20251119` (or `tool_search_tool_bm25`) tool. On the newer Bedrock
Messages endpoint (`--platform bedrock`) nothing published says; `platform-support-unknown`
warns there.

## Why is this bad?
Bedrock serves only the regex variant of the tool search tool: "BM25 variant is not supported
on Bedrock" (LiteLLM's provider docs, hosts-facts.md §1.3); AWS's own pages show only the regex
variant with `pattern` (tool-search-facts.md §1.6, §2.2). Whether the newer Bedrock Messages
endpoint serves BM25 is not published.

## Example
```yaml .toolsearch
platform: bedrock-invoke
```
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}},
  {"name": "get_time", "description": "The current time in a time zone.",
   "input_schema": {"type": "object", "properties": {"zone": {"type": "string"}}}}
]}
```

## Fix
Use the regex variant on Bedrock (Claude then writes `re.search` patterns, not sentences):
```yaml .toolsearch
platform: bedrock-invoke
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

from toolsearch.lint.findings import Problem
from toolsearch.lint.platform_facts import run_platform, sent_to_messages_api
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "search-variant-not-on-platform"
LEVEL = "error"
SUMMARY = "the BM25 search variant sent to Bedrock's InvokeModel, which serves only regex"
HOSTS = ("api",)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    platform = run_platform(ctx)
    if platform.bm25 != "no" or platform.tool_search == "no":
        return  # where tool search is refused outright, platform-without-tool-search says so
    if not sent_to_messages_api(ctx.scope):
        return
    for tool in ctx.scope.search_tools:
        if tool.search_variant == "bm25":
            yield Problem(
                f'{platform.label} serves only the regex variant ("BM25 variant is not '
                'supported on Bedrock"); use tool_search_tool_regex_20251119 there',
                tool.location,
            )
