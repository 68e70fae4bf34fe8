"""Flags an OpenAI Responses request with a `tool_search` tool and nothing deferred.

## What it does
Under `--target openai`, reports a `{"type": "tool_search"}` tool in a request where no function,
namespace member or MCP server has `defer_loading: true`.

## Why is this bad?
OpenAI rejects the request: `Invalid Value: 'tools.tool_search'. tools.tool_search requires at
least one deferred tool.` (hosts-facts.md §1.1: codegraff #746). The rule is the mirror of
`openai-deferred-without-tool-search`: deferral and the search tool come together or not at all.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "function", "name": "get_weather", "description": "Current weather for a city.",
   "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```

## Fix
Defer something, or drop the search tool:
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "function", "name": "get_weather", "description": "Current weather for a city.",
   "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.lint.findings import Problem
from toolsearch.lint.openai_facts import SEARCH_WITHOUT_DEFERRED, deferred_count
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "openai-tool-search-without-deferred"
LEVEL = "error"
SUMMARY = "a tool_search tool in a request that defers nothing (OpenAI 400)"
Options = NoOptions
HOSTS = ("openai",)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    if not scope.openai_search_tools or deferred_count(scope):
        return
    yield Problem(
        f'the request has a tool_search tool but defers nothing: OpenAI answers 400 "'
        f'{SEARCH_WITHOUT_DEFERRED}"',
        scope.openai_search_tools[0].location,
    )
