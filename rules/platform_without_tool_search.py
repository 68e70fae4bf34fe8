"""Flags deferral or a tool search tool sent to a platform that cannot carry them.

## What it does
Under `--platform bedrock-converse` (Amazon Bedrock's Converse API) or `--platform
foundry-azure` (Microsoft Foundry deployments hosted on Azure), checks each request for
`defer_loading: true`, a deferring `mcp_toolset` or a tool search tool.

## Why is this bad?
Those platforms refuse the request. Converse has no deferral field: `defer_loading` sent through
`additionalModelRequestFields` answers "defer_loading: Extra inputs are not permitted", and the
beta answers "The tool-search-tool beta feature is not currently supported on the Converse and
ConverseStream APIs" (agentgateway #3240, hosts-facts.md §1.3). Azure-hosted Foundry deployments
reject server-side tools, tool search included, with 400 (tool-search-facts.md §1.6).

## Example
```yaml .toolsearch
platform: bedrock-converse
```
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```

## Fix
Send the request through a platform that carries tool search (the Claude API, Anthropic-hosted
Foundry, Vertex, or Bedrock's InvokeModel with the regex variant), or load every tool and drop
the search tool there:
```yaml .toolsearch
platform: bedrock-converse
```
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.places import scope_location
from toolsearch.hosts.platforms import CONVERSE_BETA_REFUSAL, CONVERSE_DEFER_REFUSAL
from toolsearch.lint.findings import Problem
from toolsearch.lint.platform_facts import run_platform, sent_to_messages_api, uses_deferral
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "platform-without-tool-search"
LEVEL = "error"
SUMMARY = "deferral or a search tool sent to a platform that cannot carry them (400)"
HOSTS = ("api",)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    platform = run_platform(ctx)
    scope = ctx.scope
    if platform.tool_search != "no" or not sent_to_messages_api(scope):
        return
    if not uses_deferral(scope):
        return
    where = scope.search_tools[0].location if scope.search_tools else scope_location(scope)
    if platform.name == "bedrock-converse":
        said = f'"{CONVERSE_DEFER_REFUSAL}" and "{CONVERSE_BETA_REFUSAL}"'
    else:
        said = "400 (Azure-hosted deployments reject server-side tools, tool search included)"
    yield Problem(
        f"{platform.label} cannot carry tool search: it answers {said}; send the request to a "
        "platform that does, or load every tool there",
        where,
    )
