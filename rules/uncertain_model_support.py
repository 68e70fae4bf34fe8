"""Flags tool search used with a model whose support the docs stated, then withdrew.

## What it does
For each request that uses tool search, reports a model that some doc snapshots list as
supporting tool search and others do not: Claude Opus 4, Opus 4.1 and Sonnet 4. Models never
listed are `unsupported-model` (an error). The model is `--model`, else the request's `model`,
else the config's. Claude Code scopes are skipped.

## Why is this bad?
The tool search docs said "Sonnet 4.0+, Opus 4.0+" from January to June 2026; the table in
force since 2026-06-30 leaves Sonnet 4 out and says "Claude Opus 4.1 and earlier models don't
support the tool search tool" (tool-search-facts.md §1.7, §10.5). UNCERTAIN: whether the API
still accepts these models with tool search, so this is a warning (models only some snapshots
of the docs list as supported).

## Example
```json
{"model": "claude-sonnet-4-20250514", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```

## Fix
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
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

ID = "uncertain-model-support"
LEVEL = "warning"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = "tool search is used with a model only some doc snapshots list as supported"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    choice = searched_model(ctx)
    if choice is None or choice.info.tool_search != "uncertain":
        return
    yield Problem(
        f"model {quoted(choice.model_id)} ({choice.info.label}, from {choice.origin}) may not "
        "support tool search",
        choice.location,
    )
