"""Flags a tool whose input schema alone costs more than a threshold.

## What it does
Estimates each tool's input schema on its own (its compact JSON counted with cl100k_base, at
the per-tool model's factor for schema text, as `budget` estimates) and reports the schemas
over `max-tokens`, naming their three costliest parts (`toolsearch budget --breakdown` shows
every part of every tool). No cl100k token is shorter than one byte, so a schema whose bytes
cannot cost more than `max-tokens` is passed without being encoded.

Options:
- `max-tokens` (default 1000): the most one tool's input schema may cost.

## Why is this bad?
A schema is paid in full wherever its tool is loaded: upfront in every request when loaded, at
each load when deferred (tool-search-facts.md §2.8). A schema of thousands of tokens is
usually generated: shared definitions copied into every tool, nested unions of identical
shapes, long enums.

The fix is by hand (split the tool, or drop what the model does not need); `lint --fix`
removes what the slimming rules find (`unused-definition`, `redundant-title`, ...).

## Example
```yaml config
rules:
  oversized-schema: {max-tokens: 60}
```
```json
[{"name": "create_page", "description": "Create a page in a Notion database or page.",
  "input_schema": {"type": "object", "properties": {
    "parent": {"type": "object", "description": "Where the page goes: a page or a database",
               "properties": {"page_id": {"type": "string", "format": "uuid"},
                              "database_id": {"type": "string", "format": "uuid"}}},
    "title": {"type": "string", "description": "The page's title"}}}}]
```

## Fix
```yaml config
rules:
  oversized-schema: {max-tokens: 60}
```
```json
[{"name": "create_page", "description": "Create a page in a Notion database or page.",
  "input_schema": {"type": "object", "properties": {
    "parent_id": {"type": "string", "description": "Id of the parent page or database"},
    "title": {"type": "string"}}}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from toolsearch.catalog.places import field_pointer
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions
from toolsearch.lint.schema_json import compact_json, schema_texts

ID = "oversized-schema"
LEVEL = "info"
SUMMARY = "a tool's input schema alone costs more than max-tokens"
LARGEST = 3


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    max_tokens: int = 1000


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    from toolsearch.cost.schema_parts import each_part_tokens, may_cost_more, tool_parts

    limit = options.max_tokens
    tools, texts = [], []
    for tool, known in zip(ctx.scope.tools, schema_texts(ctx), strict=True):
        text = compact_json(tool.input_schema) if known is None else known  # None: it raises
        if may_cost_more(text, limit, ctx.model):  # most schemas cannot: they are not encoded
            tools.append(tool)
            texts.append(text)
    figures = each_part_tokens(texts, ctx.model, ctx.analysis.counter)
    for tool, tokens in zip(tools, figures, strict=True):
        if tokens <= limit:
            continue
        parts = tool_parts([tool], ctx.model, ctx.analysis.counter)[0].parts
        schema_parts = {k: v for k, v in parts.items() if k not in ("name", "description")}
        largest = sorted(schema_parts.items(), key=lambda item: -item[1])[:LARGEST]
        named = ", ".join(f"{part} {round(value):,}" for part, value in largest)
        yield ctx.tool_problem(
            tool,
            f"input schema of {tool.name!r} alone costs about {round(tokens):,} tokens "
            f"(estimate), over max-tokens {options.max_tokens:,}: {named}",
            field_pointer(tool, "input_schema"),
        )
