"""Flags `tool_search` or `defer_loading` sent to an OpenAI model before gpt-5.4.

## What it does
Under `--target openai`, when a request has a `tool_search` tool or defers anything, reads its
model (`--model` > the request's `model` > the config's `model`). A GPT model before 5.4 (gpt-5,
gpt-5.2, gpt-4.1, gpt-4o) or an o-series model is an error; a name toolsearch cannot place
(a fine-tune, a gateway alias) is a warning, as `uncertain-model-support` is for Anthropic.

## Why is this bad?
"Only gpt-5.4 and later models support `tool_search`" (OpenAI's tool search guide and Azure's
page, hosts-facts.md §1.1). pydantic-ai had to stop sending `defer_loading` to gpt-5.2, which
"has no native search" (pydantic-ai PR #6080, #6144). The 400 text for an older model is not
published, so the message quotes the guide.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.2", "tools": [
  {"type": "tool_search"},
  {"type": "function", "name": "get_weather", "description": "Current weather for a city.",
   "defer_loading": true,
   "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```

## Fix
Use gpt-5.4 or later, or send the older model its tools without `tool_search` and
`defer_loading`. For a model toolsearch cannot place, check that it is gpt-5.4 or later:
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
from toolsearch.cost.openai_models import tool_search_support
from toolsearch.lint.findings import Problem
from toolsearch.lint.openai_facts import deferred_count
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "openai-model-without-tool-search"
LEVEL = "error"
SUMMARY = "tool_search or defer_loading with an OpenAI model before gpt-5.4"
Options = NoOptions
HOSTS = ("openai",)
GUIDE = '"Only gpt-5.4 and later models support `tool_search`" (OpenAI\'s tool search guide)'


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    model = ctx.model_id
    if model is None or not (scope.openai_search_tools or deferred_count(scope)):
        return
    support = tool_search_support(model)
    if support == "supported":
        return
    where = scope_location(scope)
    if support == "unsupported":
        yield Problem(
            f"model {model!r} has no tool search: {GUIDE}",
            where,
        )
        return
    yield Problem(
        f"model {model!r} is not one toolsearch can place: {GUIDE}",
        where,
        uncertain=True,
    )
