"""Flags property `title`s in an input schema that say more than the property's name.

## What it does
Reports, once per tool, each property `title` that is not just its property's name in other
words (`"title": "Search query"` on `q`). A title that only repeats the name is
`redundant-title`'s; titles in definitions nothing refers to are `unused-definition`'s.

## Why is this bad?
The schema is sent to the model and billed as input tokens (tool-search-facts.md §1.3, §2.8);
a title is one more label for a property whose description usually says the same.

`toolsearch lint --fix` with `--unsafe-fixes` removes these titles. The schema accepts exactly
the same instances (`title` is an annotation, asserted by no validator), but text the model
reads is dropped, so it is not among the safe fixes (decisions.md, "Fixes"): move anything the
title says that the description does not into the description first.

Not fixed (issue 29): a property description repeated word for word across tools
(`duplicate-description` with `parameters`). Shortening it in all tools but the first would
leave those properties undescribed, a new `undescribed-parameter` finding, and `--fix` never
adds a finding; so that stays by hand.

## Example
```json
[{"name": "web_search", "description": "Search the web and return the top results.",
  "input_schema": {"type": "object", "properties": {
    "q": {"type": "string", "title": "Search query", "description": "What to search for"}}}}]
```

## Fix
```json
[{"name": "web_search", "description": "Search the web and return the top results.",
  "input_schema": {"type": "object", "properties": {
    "q": {"type": "string", "description": "What to search for"}}}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from toolsearch.catalog.model import Tool
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.lint.slim_rule import cut_problems, listed
from toolsearch.lint.slimming import TITLE_IN_SCHEMA, Cut

ID = TITLE_IN_SCHEMA
LEVEL = "info"
SUMMARY = "an input schema has property titles, text its descriptions usually say"
Options = NoOptions


def _message(tool: Tool, cuts: Sequence[Cut], saving: str) -> str:
    count = "a property title" if len(cuts) == 1 else f"{len(cuts)} property titles"
    return f"input schema of {tool.name!r} has {count}, {saving} to save: {listed(cuts)}"


def check(ctx: Context, options: NoOptions) -> Iterator[Problem]:
    yield from cut_problems(ctx, ID, _message)
