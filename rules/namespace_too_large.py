"""Flags an OpenAI namespace with 10 or more functions.

## What it does
Under `--target openai`, counts the entries of each namespace's `tools` and reports a namespace
with `max-functions` (10) or more.

## Why is this bad?
OpenAI's tool search guide advises keeping each namespace "to fewer than 10 functions"
(hosts-facts.md §1.1): the model picks a namespace by its name and description, then loads what
it holds, so a large namespace loads many schemas at once and blurs what it is for. The API does
not reject it, hence a warning.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "namespace", "name": "crm", "description": "CRM tools for customers and orders.",
   "tools": [
    {"type": "function", "name": "f1", "description": "One.", "defer_loading": true},
    {"type": "function", "name": "f2", "description": "Two.", "defer_loading": true},
    {"type": "function", "name": "f3", "description": "Three.", "defer_loading": true},
    {"type": "function", "name": "f4", "description": "Four.", "defer_loading": true},
    {"type": "function", "name": "f5", "description": "Five.", "defer_loading": true},
    {"type": "function", "name": "f6", "description": "Six.", "defer_loading": true},
    {"type": "function", "name": "f7", "description": "Seven.", "defer_loading": true},
    {"type": "function", "name": "f8", "description": "Eight.", "defer_loading": true},
    {"type": "function", "name": "f9", "description": "Nine.", "defer_loading": true},
    {"type": "function", "name": "f10", "description": "Ten.", "defer_loading": true}]}
]}
```

## Fix
Split it into namespaces of fewer than 10 functions, each described by what it holds
(`toolsearch recommend --target openai` proposes a grouping):
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "tool_search"},
  {"type": "namespace", "name": "crm_customers", "description": "CRM customer records.",
   "tools": [
    {"type": "function", "name": "f1", "description": "One.", "defer_loading": true},
    {"type": "function", "name": "f2", "description": "Two.", "defer_loading": true},
    {"type": "function", "name": "f3", "description": "Three.", "defer_loading": true},
    {"type": "function", "name": "f4", "description": "Four.", "defer_loading": true},
    {"type": "function", "name": "f5", "description": "Five.", "defer_loading": true}]},
  {"type": "namespace", "name": "crm_orders", "description": "CRM orders and invoices.",
   "tools": [
    {"type": "function", "name": "f6", "description": "Six.", "defer_loading": true},
    {"type": "function", "name": "f7", "description": "Seven.", "defer_loading": true},
    {"type": "function", "name": "f8", "description": "Eight.", "defer_loading": true},
    {"type": "function", "name": "f9", "description": "Nine.", "defer_loading": true},
    {"type": "function", "name": "f10", "description": "Ten.", "defer_loading": true}]}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from toolsearch.lint.findings import Problem
from toolsearch.lint.openai_facts import NAMESPACE_ADVICE
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions

ID = "namespace-too-large"
LEVEL = "warning"
SUMMARY = "an OpenAI namespace holds 10 or more functions (OpenAI advises fewer than 10)"
HOSTS = ("openai",)


@dataclass(frozen=True)
class Options(RuleOptions):
    BOUNDS: ClassVar[Mapping[str, int | None]] = {"max-functions": 1}
    max_functions: int = NAMESPACE_ADVICE


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for namespace in ctx.scope.namespaces:
        if namespace.functions < options.max_functions:
            continue
        yield Problem(
            f"namespace {namespace.name!r} holds {namespace.functions} functions, over OpenAI's "
            '"fewer than 10 functions"',
            namespace.location,
        )
