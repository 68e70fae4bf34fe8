"""Flags tool search used with a model that does not support it.

## What it does
For each request that uses tool search (a tool search tool, or deferred tools), looks up its
model (`--model`, else the request's `model`, else the config's `model`) in toolsearch's model
table and reports models the facts list as not supporting tool search: Claude 3.x models
(Sonnet 3.7, Sonnet 3.5, Haiku 3.5, Opus 3, Haiku 3). Models whose support changed between doc
snapshots (Opus 4, Opus 4.1, Sonnet 4) are `uncertain-model-support` (a warning). Unknown model
ids are not reported. Claude Code scopes are skipped: Claude Code decides by model itself
whether to search.

## Why is this bad?
Tool search was never listed for Claude 3.x models, and since 2026-06-30 the docs say "Claude
Opus 4.1 and earlier models don't support the tool search tool" (tool-search-facts.md §1.7);
the request fails instead of searching.

## Example
```json
{"model": "claude-3-5-haiku-20241022", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```

## Fix
```json
{"model": "claude-haiku-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.request_facts import searched_model
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "unsupported-model"
LEVEL = "error"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = "tool search is used with a model that does not support it"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    choice = searched_model(ctx)
    if choice is None or choice.info.tool_search != "unsupported":
        return
    yield Problem(
        f"model {quoted(choice.model_id)} ({choice.info.label}, from {choice.origin}) does "
        "not support tool search",
        choice.location,
    )
