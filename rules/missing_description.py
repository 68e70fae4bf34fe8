"""Flags tools with no description.

## What it does
Reports each tool whose `description` is absent, empty or only whitespace.

## Why is this bad?
Tool search matches tool names, descriptions and argument names and descriptions
(tool-search-facts.md §2.1): a deferred tool with no description can be found only through its
name and arguments. Loaded tools suffer too: Claude picks tools by their descriptions, which
Anthropic calls "strongly recommended", with 3-4 sentences or more, "especially important when
using tool search" (§1.1).

## Example
```json
[{"name": "create_invoice", "defer_loading": true,
  "input_schema": {"type": "object", "properties": {"customer_id": {"type": "string"}}}},
 {"name": "get_customer", "description": "Look up a customer by id.",
  "input_schema": {"type": "object", "properties": {"customer_id": {"type": "string"}}}}]
```

## Fix
```json
[{"name": "create_invoice", "defer_loading": true,
  "description": "Create a draft invoice for a customer; returns its number and payment link.",
  "input_schema": {"type": "object", "properties": {"customer_id": {"type": "string"}}}},
 {"name": "get_customer", "description": "Look up a customer by id.",
  "input_schema": {"type": "object", "properties": {"customer_id": {"type": "string"}}}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.places import field_pointer
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "missing-description"
LEVEL = "warning"
SUMMARY = "a tool has no description, so search and Claude have only its name to go on"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        if tool.description is not None and tool.description.strip():
            continue
        state = "empty" if tool.description is not None else "missing"
        where = field_pointer(tool, "description") if tool.description is not None else ""
        yield ctx.tool_problem(tool, f"tool {tool.name!r} has no description ({state})", where)
