"""Flags a Chat Completions-shaped function in an OpenAI Responses request.

## What it does
Under `--target openai`, reports a tool written `{"type": "function", "function": {"name": ...,
"parameters": ...}}` (Chat Completions' shape) in a request or tools array sent to the Responses
API, whose functions carry `name`, `description`, `parameters`, `strict` and `defer_loading` at
the top level.

## Why is this bad?
The Responses API's `FunctionToolParam` has `name` at the top level and no `function` object
(openai-python `src/openai/types/responses/`, hosts-facts.md §1.1); tool search and
`defer_loading` exist only in the Responses types (the Chat Completions types have no
`defer_loading`). A nested function has no top-level `name`, and a `defer_loading` inside it is
not where the API reads it.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "input": "What is the weather in Paris?", "tools": [
  {"type": "function", "function": {"name": "get_weather",
   "description": "Current weather for a city.",
   "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}
]}
```

## Fix
Lift the function's fields to the top level:
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "input": "What is the weather in Paris?", "tools": [
  {"type": "function", "name": "get_weather", "description": "Current weather for a city.",
   "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "chat-completions-shape"
LEVEL = "error"
SUMMARY = "a Chat Completions-shaped function ({type, function: {...}}) in a Responses request"
Options = NoOptions
HOSTS = ("openai",)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        if tool.dialect != "openai-chat":
            continue
        yield ctx.tool_problem(
            tool,
            f'function {tool.name!r} has Chat Completions\' shape (a nested "function" '
            "object), not the Responses API's top-level fields",
            "/function",
        )
