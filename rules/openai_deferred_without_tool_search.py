"""Flags an OpenAI Responses request that defers tools but has no `tool_search` tool.

## What it does
Under `--target openai`, counts the functions (namespace members included) and MCP servers with
`defer_loading: true`; when there is any and the request's `tools` holds no
`{"type": "tool_search"}` tool, it reports OpenAI's own 400 text.

## Why is this bad?
OpenAI rejects the request: `Invalid Value: 'tools.defer_loading'. Deferred tools require
tools.tool_search.` (hosts-facts.md §1.1: sub2api #5942, pydantic-ai #5938, PR #6080 and
#6144). Frameworks meet it when they send a catalog written for one host to another, or to a
model before gpt-5.4 that has no tool search.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "function", "name": "get_weather", "description": "Current weather for a city.",
   "defer_loading": true,
   "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```

## Fix
Add the hosted tool search (or stop deferring):
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "function", "name": "get_weather", "description": "Current weather for a city.",
   "defer_loading": true,
   "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.places import scope_location
from toolsearch.lint.findings import Problem
from toolsearch.lint.openai_facts import DEFERRED_WITHOUT_SEARCH, deferred_count, has_tool_search
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "openai-deferred-without-tool-search"
LEVEL = "error"
SUMMARY = "tools are deferred but the request has no tool_search tool (OpenAI 400)"
Options = NoOptions
HOSTS = ("openai",)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    count = deferred_count(scope)
    if not count or has_tool_search(scope):
        return
    yield Problem(
        f"{count} tool{'s are' if count != 1 else ' is'} deferred but the request has no "
        f'tool_search tool: OpenAI answers 400 "{DEFERRED_WITHOUT_SEARCH}"',
        scope_location(scope),
    )
