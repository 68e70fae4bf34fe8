"""Flags a tool search tool with an unknown variant type or a name that does not match it.

## What it does
For each entry whose `type` starts with `tool_search_tool`, checks that the type is one of the
two variants (`tool_search_tool_regex_20251119`, `tool_search_tool_bm25_20251119`) or their
undated aliases (`tool_search_tool_regex`, `tool_search_tool_bm25`), and that its `name` is the
one that goes with the variant: `tool_search_tool_regex` or `tool_search_tool_bm25`.

## Why is this bad?
The two variants and their aliases are the only tool search types (tool-search-facts.md §1.5);
an unknown type is not a tool the API knows, and it rejects the request. The SDK types the name
as a fixed literal per variant; third-party pages use other names (`tool_search`,
`tool_search_bm25`). UNCERTAIN: whether the API rejects those names; per the SDK types they are
invalid, and this rule follows the SDK's types.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```

## Fix
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.model import SEARCH_TOOL_NAMES, SEARCH_TOOL_TYPES
from toolsearch.catalog.tool_names import quoted
from toolsearch.config import suggest
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "invalid-search-tool"
LEVEL = "error"
SUMMARY = "a tool search tool has an unknown type or a name that does not match its type"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.search_tools:
        loc = tool.location
        variant = tool.search_variant
        if variant is None:
            known = list(SEARCH_TOOL_TYPES)
            yield Problem(
                f"unknown tool search type {quoted(tool.type)}" + suggest(tool.type, known),
                ctx.locate(loc.file, loc.pointer + "/type", fallback=loc),
                tool.name,
                tool.source,
            )
            continue
        expected = SEARCH_TOOL_NAMES[variant]
        if tool.name == expected:
            continue
        named = f"is named {quoted(tool.name)}" if tool.name else "has no name"
        pointer = "/name" if "name" in tool.raw else ""
        yield Problem(
            f'the {variant} tool search tool {named}, not "{expected}"',
            ctx.locate(loc.file, loc.pointer + pointer, fallback=loc),
            tool.name,
            tool.source,
        )
