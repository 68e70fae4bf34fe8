"""Flags a client `tool_search_output` whose `call_id` answers no `tool_search_call`.

## What it does
Under `--target openai`, reads the request's `input` items: each `tool_search_output` with a
`call_id` (client execution) must echo the `call_id` of a `tool_search_call` in the same input.

## Why is this bad?
In client mode the application runs the search and answers the model's `tool_search_call` with a
`tool_search_output` that echoes its `call_id` (OpenAI's guide; `response_tool_search_call.py`,
hosts-facts.md §1.1). An output that answers no call loads tools the model never asked for, or
stands where the answer to another call should be. The API's reaction is not published, hence a
warning.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search", "execution": "client", "description": "Find CRM tools.",
   "parameters": {"type": "object", "properties": {"query": {"type": "string"}}}},
  {"type": "function", "name": "list_open_orders", "description": "Open orders of a customer.",
   "defer_loading": true}],
 "input": [
  {"type": "tool_search_call", "call_id": "ts_1", "execution": "client",
   "arguments": {"query": "orders"}},
  {"type": "tool_search_output", "call_id": "ts_2", "execution": "client", "tools": []}]}
```

## Fix
In client mode, echo the `call_id` of the `tool_search_call` the output answers:
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search", "execution": "client", "description": "Find CRM tools.",
   "parameters": {"type": "object", "properties": {"query": {"type": "string"}}}},
  {"type": "function", "name": "list_open_orders", "description": "Open orders of a customer.",
   "defer_loading": true}],
 "input": [
  {"type": "tool_search_call", "call_id": "ts_1", "execution": "client",
   "arguments": {"query": "orders"}},
  {"type": "tool_search_output", "call_id": "ts_1", "execution": "client", "tools": []}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "orphan-tool-search-output"
LEVEL = "warning"
SUMMARY = "a client tool_search_output's call_id matches no tool_search_call"
Options = NoOptions
HOSTS = ("openai",)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    items = ctx.scope.input_items
    calls = {i.call_id for i in items if i.type == "tool_search_call" and i.call_id is not None}
    for item in items:
        if item.type != "tool_search_output" or item.call_id is None:
            continue
        if item.call_id in calls:
            continue
        yield Problem(
            f"tool_search_output call_id {item.call_id!r} answers no tool_search_call in input",
            item.location,
        )
