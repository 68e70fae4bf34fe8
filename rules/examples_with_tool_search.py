"""Flags tools that carry `input_examples` in a request that uses tool search.

## What it does
Reports each tool with a non-empty `input_examples` array ("tool use examples") in a request
that uses tool search: one with a tool search tool, with Claude Code's ToolSearch, or with
deferred tools (which only a search can load).

## Why is this bad?
The docs changed their word on this three times (tool-search-facts.md §1.4, §10.4):
- November 2025 to 2026-06-17: "The tool search tool is not compatible with tool use
  examples"; use standard tool calling if you need examples.
- 2026-06-30 to 2026-08-04: the opposite: examples "work with tool search: when Claude
  discovers a deferred tool, the API expands its `input_examples` along with its definition".
- From 2026-08-12: the page says neither.

UNCERTAIN: which of these holds today. toolsearch reports it as a request error: for most of
tool search's life the docs called the pair incompatible, and the wording that allowed it was
withdrawn. If your requests with both
succeed on the current API, set this rule to `warning` or `off` in `.toolsearch.yaml`.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
   "input_examples": [{"city": "Paris"}]}]}
```

## Fix
Drop the examples and say in the description what good input looks like:
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Current weather for a city, e.g. city 'Paris'.",
   "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.request_facts import tool_search_reason
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "examples-with-tool-search"
LEVEL = "error"
SUMMARY = "a tool has input_examples in a request that uses tool search"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    reason = tool_search_reason(ctx.scope)
    if reason is None:
        return
    for tool in ctx.scope.tools:
        examples = tool.raw.get("input_examples")
        if not examples:
            continue  # an empty array counts as no examples (AWS docs, §1.4)
        state = "deferred" if tool.deferred else "loaded"
        yield ctx.tool_problem(
            tool,
            f"{quoted(tool.name)} ({state}) has input_examples and this request {reason}",
            "/input_examples",
        )
