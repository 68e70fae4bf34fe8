"""Flags a replayed `function_call` for a namespaced function that lacks its `namespace`.

## What it does
Under `--target openai`, reads the request's `input` items. A `function_call` whose `name` is a
function that exists only inside a namespace of the request, and that carries no `namespace`
field, is reported with OpenAI's 400 text.

## Why is this bad?
OpenAI answers 400 `Missing namespace for function_call '<name>'. It does not exist in the
default namespace. Round-trip the model's function_call item with its namespace field included.`
(`param: input[N].namespace`; pi #7709, headroom #2726, vercel/ai #20265; hosts-facts.md
§1.1). Clients and proxies that rebuild history items from their own records drop the field,
and every later turn fails.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "namespace", "name": "crm", "description": "CRM tools for customer lookup.",
   "tools": [{"type": "function", "name": "list_open_orders",
     "description": "Open orders of a customer.", "defer_loading": true}]}],
 "input": [
  {"type": "function_call", "call_id": "call_1", "name": "list_open_orders",
   "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "[]"}]}
```

## Fix
Send the item back as the model produced it, namespace included:
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "namespace", "name": "crm", "description": "CRM tools for customer lookup.",
   "tools": [{"type": "function", "name": "list_open_orders",
     "description": "Open orders of a customer.", "defer_loading": true}]}],
 "input": [
  {"type": "function_call", "call_id": "call_1", "name": "list_open_orders",
   "namespace": "crm", "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "[]"}]}
```
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from toolsearch.lint.findings import Problem
from toolsearch.lint.openai_facts import MISSING_NAMESPACE
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "missing-namespace"
LEVEL = "error"
SUMMARY = "an input function_call for a namespaced function has no namespace (OpenAI 400)"
Options = NoOptions
HOSTS = ("openai",)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    default = {t.name for t in scope.tools if t.namespace is None}
    namespaced: dict[str, str] = {}
    for tool in scope.tools:
        if tool.namespace is not None:
            namespaced.setdefault(tool.name, tool.namespace)
    for item in scope.input_items:
        name = item.name
        if item.type != "function_call" or not isinstance(name, str) or item.namespace:
            continue
        if name in default or name not in namespaced:
            continue
        yield Problem(
            f"function_call {name!r} has no namespace ({json.dumps(namespaced[name])}): "
            f'OpenAI answers 400 "{MISSING_NAMESPACE.format(name=name)}"',
            item.location,
            name,
            scope.sources[0],
        )
