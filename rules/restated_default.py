"""Flags a `default` (or `examples`) that the property's description already states.

## What it does
Reports, once per tool, each schema `default` whose value the same schema's description names
beside the word "default" (`"default": 10` with "Number of results (1-20, default 10)"), and
each `examples` list whose every value the description names.

## Why is this bad?
The model reads the value twice and the request pays for it twice (tool-search-facts.md §1.3,
§2.8). One place is enough; the description is the one people and the model read.

`toolsearch lint --fix` with `--unsafe-fixes` removes the `default` or `examples`. The schema
accepts exactly the same instances (`default` and `examples` are annotations, asserted by no
validator), but text the model reads is dropped, so it is not among the safe fixes
(decisions.md, "Fixes"): a client that fills in schema defaults would no longer.

## Example
```json
[{"name": "web_search", "description": "Search the web and return the top results.",
  "input_schema": {"type": "object", "properties": {
    "query": {"type": "string", "description": "What to search for"},
    "count": {"type": "integer", "default": 10,
              "description": "Number of results (1-20, default 10)"}}}}]
```

## Fix
```json
[{"name": "web_search", "description": "Search the web and return the top results.",
  "input_schema": {"type": "object", "properties": {
    "query": {"type": "string", "description": "What to search for"},
    "count": {"type": "integer", "description": "Number of results (1-20, default 10)"}}}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from toolsearch.catalog.model import Tool
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.lint.slim_rule import cut_problems, listed
from toolsearch.lint.slimming import RESTATED_DEFAULT, Cut

ID = RESTATED_DEFAULT
LEVEL = "info"
SUMMARY = "a default or examples that the description already states"
Options = NoOptions


def _message(tool: Tool, cuts: Sequence[Cut], saving: str) -> str:
    return (
        f"input schema of {tool.name!r} gives values its descriptions state, {saving} to save: "
        f"{listed(cuts)}"
    )


def check(ctx: Context, options: NoOptions) -> Iterator[Problem]:
    yield from cut_problems(ctx, ID, _message)
