"""Flags `tool_choice` `any` or `tool` with a model that refuses them.

## What it does
Checks each request whose model is Claude Fable 5.1 or Claude Mythos 5.1 for a `tool_choice` of
type `any` or `tool`.

## Why is this bad?
Anthropic's release notes of 2026-09-01 say of Claude Fable 5.1 and Mythos 5.1: "`tool_choice`
types `any` and `tool` aren't supported and return a 400 error" (hosts-facts.md §3). The
request is refused, whatever the tools.

## Example
```json
{"model": "claude-fable-5-1", "max_tokens": 1024,
 "tool_choice": {"type": "tool", "name": "get_weather"},
 "tools": [
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```

## Fix
Use `auto` (and say in the prompt which tool to call), or a model that takes forced tool use:
```json
{"model": "claude-fable-5-1", "max_tokens": 1024,
 "tool_choice": {"type": "auto"},
 "tools": [
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from toolsearch.catalog.places import scope_location
from toolsearch.cost.models import lookup
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "tool-choice-refused-by-model"
LEVEL = "error"
SUMMARY = "tool_choice any or tool with a model that answers it with 400"
HOSTS = ("api",)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    choice = scope.tool_choice
    kind = choice.get("type") if isinstance(choice, Mapping) else None
    if kind not in ("any", "tool"):
        return
    model_id = ctx.model_id
    info = lookup(model_id) if model_id else None
    if info is None or info.forced_tool_choice:
        return
    yield Problem(
        f'{info.label} refuses tool_choice "{kind}": "tool_choice types any and tool aren\'t '
        'supported and return a 400 error"; use "auto" and name the tool in the prompt',
        scope.tool_choice_location or scope_location(scope),
    )
