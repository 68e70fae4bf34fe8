"""Flags `additionalProperties: true` in an input schema: what its absence means already.

## What it does
Reports, once per tool, each `"additionalProperties": true` in its input schema (definitions
nothing refers to are `unused-definition`'s), unless the schema uses `unevaluatedProperties`
anywhere: that keyword reads which properties were evaluated, so there the two are left alone.

## Why is this bad?
JSON Schema allows any other property when `additionalProperties` is absent, so `true` says
nothing, yet the model reads it and the request pays for it (tool-search-facts.md §1.3, §2.8).
Notion's MCP server writes it 193 times over 24 tools.

`toolsearch lint --fix` removes it. Safe by construction: `additionalProperties: true` accepts
every value of every other property, which is what the keyword's absence does; the one keyword
that could tell the two apart, `unevaluatedProperties`, is absent from the schema, so it
accepts exactly the same instances (decisions.md, "Fixes").

## Example
```json
[{"name": "sort_pages", "description": "Sort the pages of a Notion database by a property.",
  "input_schema": {"type": "object", "additionalProperties": true,
    "properties": {"property": {"type": "string", "description": "The property to sort by"}}}}]
```

## Fix
```json
[{"name": "sort_pages", "description": "Sort the pages of a Notion database by a property.",
  "input_schema": {"type": "object",
    "properties": {"property": {"type": "string", "description": "The property to sort by"}}}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from toolsearch.catalog.model import Tool
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.lint.slim_rule import cut_problems
from toolsearch.lint.slimming import REDUNDANT_ADDITIONAL_PROPERTIES, Cut

ID = REDUNDANT_ADDITIONAL_PROPERTIES
LEVEL = "info"
SUMMARY = "an input schema says additionalProperties: true, which is what its absence means"
Options = NoOptions


def _message(tool: Tool, cuts: Sequence[Cut], saving: str) -> str:
    times = "once" if len(cuts) == 1 else f"{len(cuts)} times"
    return (
        f"input schema of {tool.name!r} says additionalProperties: true {times}, as leaving "
        f"it out does, {saving} to save"
    )


def check(ctx: Context, options: NoOptions) -> Iterator[Problem]:
    yield from cut_problems(ctx, ID, _message)
