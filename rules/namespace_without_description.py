"""Flags an OpenAI namespace with no description (or an empty one).

## What it does
Under `--target openai`, reports a `{"type": "namespace"}` tool whose `description` is missing,
not a string, or blank.

## Why is this bad?
`NamespaceToolParam` marks `name`, `description` and `tools` all **Required** (openai-python's
`namespace_tool_param.py`, hosts-facts.md §1.1). And the description is what the model sees of a
namespace's deferred functions: with tool search on, a namespace's name and description are all
it has to decide whether to search there.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "namespace", "name": "crm", "tools": [
    {"type": "function", "name": "list_open_orders", "description": "Open orders of a customer.",
     "defer_loading": true, "parameters": {"type": "object", "properties": {}}}]}
]}
```

## Fix
Say what the namespace holds:
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "namespace", "name": "crm", "description": "CRM tools for customer lookup and orders.",
   "tools": [
    {"type": "function", "name": "list_open_orders", "description": "Open orders of a customer.",
     "defer_loading": true, "parameters": {"type": "object", "properties": {}}}]}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "namespace-without-description"
LEVEL = "error"
SUMMARY = "an OpenAI namespace has no description (the API's types require one)"
Options = NoOptions
HOSTS = ("openai",)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for namespace in ctx.scope.namespaces:
        description = namespace.description
        if isinstance(description, str) and description.strip():
            continue
        what = "an empty description" if isinstance(description, str) else "no description"
        yield Problem(
            f"namespace {namespace.name!r} has {what}",
            namespace.location,
        )
