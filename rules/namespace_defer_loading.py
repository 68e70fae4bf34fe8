"""Flags `defer_loading` on an OpenAI namespace object, where it does nothing.

## What it does
Under `--target openai`, reports a `{"type": "namespace"}` tool that carries `defer_loading`
itself.

## Why is this bad?
"For namespaces, `defer_loading` applies to the functions inside the namespace, not to the
namespace object itself" (OpenAI's tool search guide); the SDK's `NamespaceToolParam` has no such
field (hosts-facts.md §1.1). A namespace marked this way keeps every function loaded, at full
cost, while its author believes them deferred.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "namespace", "name": "crm", "description": "CRM tools for customer lookup.",
   "defer_loading": true, "tools": [
    {"type": "function", "name": "list_open_orders", "description": "Open orders of a customer.",
     "defer_loading": true, "parameters": {"type": "object", "properties": {}}}]}
]}
```

## Fix
Put `defer_loading` on the functions inside:
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "namespace", "name": "crm", "description": "CRM tools for customer lookup.",
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

ID = "namespace-defer-loading"
LEVEL = "warning"
SUMMARY = "defer_loading on a namespace object does nothing; put it on the functions inside"
Options = NoOptions
HOSTS = ("openai",)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for namespace in ctx.scope.namespaces:
        if "defer_loading" not in namespace.raw:
            continue
        where = ctx.locate(
            namespace.location.file,
            namespace.location.pointer + "/defer_loading",
            namespace.location,
        )
        yield Problem(
            f"namespace {namespace.name!r} has defer_loading itself, which defers none of its "
            "functions",
            where,
        )
