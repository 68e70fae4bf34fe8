"""Flags descriptions that list every value of their property's `enum` again.

## What it does
Reports, once per tool, each schema whose `enum` has two or more values and whose description
names every one of them (`"enum": ["add", "reply", "delete"]` with "Options are: - 'add' -
adds ...; - 'reply' - ..."), when the values repeated cost at least `min-tokens` (estimated,
as `budget` estimates schema text).

Options:
- `min-tokens` (default 10): smaller repeats are left alone ("Sort by name or size" is fine).

## Why is this bad?
The model reads the enum's values in the schema; a description that lists them again pays for
them twice, in every request that loads the tool (tool-search-facts.md §1.3, §2.8). The
description is worth its tokens where it says what each value does, not which values exist.

The fix is by hand (say what the values mean, not which there are): `lint --fix` does not
change it, as no rewrite of prose is certain to keep its meaning.

## Example
```json
[{"name": "issue_write", "description": "Create or change issues of a GitHub repository.",
  "input_schema": {"type": "object", "properties": {"method": {"type": "string",
    "enum": ["create_issue", "update_issue", "close_issue", "reopen_issue"],
    "description": "Options are: create_issue, update_issue, close_issue, reopen_issue"}}}}]
```

## Fix
```json
[{"name": "issue_write", "description": "Create or change issues of a GitHub repository.",
  "input_schema": {"type": "object", "properties": {"method": {"type": "string",
    "enum": ["create_issue", "update_issue", "close_issue", "reopen_issue"],
    "description": "Write operation to perform on one issue"}}}}]
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from toolsearch.catalog.locate import join_pointer
from toolsearch.catalog.model import Tool
from toolsearch.catalog.places import field_pointer
from toolsearch.catalog.schema_walk import subschemas
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions
from toolsearch.lint.schema_json import holding_keys

ID = "verbose-enum"
LEVEL = "info"
SUMMARY = "a description lists every value of its enum again"
SHOWN = 3


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    min_tokens: int = 10


def _lists_every_value(description: str, values: list[str]) -> bool:
    return all(
        re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", description, re.IGNORECASE)
        for value in values
    )


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    from toolsearch.cost.schema_parts import each_part_tokens

    listing: list[tuple[Tool, list[tuple[str, str, list[str]]]]] = []
    for tool, holding in zip(ctx.scope.tools, holding_keys(ctx, ["enum"]), strict=True):
        if not holding:
            continue  # no enum anywhere: not walked (most schemas)
        found: list[tuple[str, str, list[str]]] = []
        for node in subschemas(tool.input_schema):
            values = node.schema.get("enum")
            description = node.schema.get("description")
            if not isinstance(values, list) or not isinstance(description, str):
                continue
            texts = [v for v in values if isinstance(v, str) and v.strip()]
            whole = len(texts) >= 2 and len(texts) == len(values)
            if whole and _lists_every_value(description, texts):
                found.append((node.pointer, node.property_name or node.pointer, texts))
        if found:
            listing.append((tool, found))
    repeated = [" ".join(value for _, _, texts in found for value in texts) for _, found in listing]
    figures = each_part_tokens([f" {text}" for text in repeated], ctx.model, ctx.analysis.counter)
    for (tool, found), tokens in zip(listing, figures, strict=True):
        if tokens < options.min_tokens:
            continue
        names = ", ".join(f"{name} ({len(texts)} values)" for _, name, texts in found[:SHOWN])
        more = f" and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
        pointer = field_pointer(tool, "input_schema") + found[0][0] + join_pointer("description")
        yield ctx.tool_problem(
            tool,
            f"descriptions in the input schema of {tool.name!r} list every value of their enum "
            f"again, about {round(tokens):,} tokens (estimate) to save: {names}{more}",
            pointer,
        )
