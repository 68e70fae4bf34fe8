"""Flags two OpenAI namespaces with the same name in one request.

## What it does
Under `--target openai`, reports every namespace of a request's `tools` whose `name` an earlier
namespace there already has. Namespaces a `tool_search_output` returns are not compared: whether
loading one again counts as a duplicate is not known.

## Why is this bad?
A Responses-compatible server answers `Duplicate namespace name 'codex_app' in
input[N].tools[0]. Namespace names must be unique.` (seen on DeepSeek's clone, openai/codex
#44710; hosts-facts.md §1.1). OpenAI's own text is not confirmed, hence a warning. Either way a
function call names its namespace, so two namespaces of one name make the call ambiguous.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "namespace", "name": "crm", "description": "CRM customers.", "tools": [
    {"type": "function", "name": "get_customer", "description": "One customer.",
     "defer_loading": true}]},
  {"type": "namespace", "name": "crm", "description": "CRM orders.", "tools": [
    {"type": "function", "name": "list_orders", "description": "Orders of a customer.",
     "defer_loading": true}]}
]}
```

## Fix
Give each namespace its own name:
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "namespace", "name": "crm_customers", "description": "CRM customers.", "tools": [
    {"type": "function", "name": "get_customer", "description": "One customer.",
     "defer_loading": true}]},
  {"type": "namespace", "name": "crm_orders", "description": "CRM orders.", "tools": [
    {"type": "function", "name": "list_orders", "description": "Orders of a customer.",
     "defer_loading": true}]}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.model import Location
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "duplicate-namespace"
LEVEL = "warning"
SUMMARY = "two OpenAI namespaces in one request share a name"
Options = NoOptions
HOSTS = ("openai",)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    seen: set[str] = set()
    for name, location in _namespaces(ctx):
        if name in seen:
            yield Problem(
                f"namespace {name!r} is given twice: \"Duplicate namespace name '{name}' ... "
                "Namespace names must be unique.\" (a Responses-compatible server's text)",
                location,
            )
        seen.add(name)


def _namespaces(ctx: Context) -> Iterator[tuple[str, Location]]:
    for namespace in ctx.scope.namespaces:
        if isinstance(namespace.name, str):
            yield namespace.name, namespace.location
