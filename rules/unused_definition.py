"""Flags `$defs` and `definitions` entries of an input schema that nothing refers to.

## What it does
Follows every `$ref` of each tool's input schema from its root, through the definitions it
reaches (a reference into a definition, `#/$defs/a/properties/b`, reaches `a`; `#foo` reaches
the definition that declares `$anchor: foo`), and reports, once per tool, the root `$defs` and
`definitions` entries never reached, with the tokens they cost. A schema with a `$ref` to
another document, a `$dynamicRef` or a nested `$id` is left alone: what those reach cannot be
told for certain offline.

## Why is this bad?
The whole schema is sent to the model and billed as input tokens, loaded upfront or loaded by
a search (tool-search-facts.md §1.3, §2.8), yet validation never reaches an unused definition
and no argument can take its shape. Generated servers often copy one shared `$defs` block
into every tool: in Notion's server it is about 680 tokens in each of 24 tools.

`toolsearch lint --fix` removes them (the whole `$defs` when none is used). Safe by
construction: validation only reaches a definition through a reference, so a definition no
reference reaches never decides whether an instance is valid; the schema accepts exactly the
same instances, and the model loses nothing it could use (decisions.md, "Fixes").

## Example
```json
[{"name": "get_user", "description": "Get one user of the workspace by their id.",
  "input_schema": {"type": "object",
    "$defs": {"sort": {"type": "object", "properties": {"direction": {"type": "string"}}}},
    "properties": {"user_id": {"type": "string", "description": "The user's id"}},
    "required": ["user_id"]}}]
```

## Fix
```json
[{"name": "get_user", "description": "Get one user of the workspace by their id.",
  "input_schema": {"type": "object",
    "properties": {"user_id": {"type": "string", "description": "The user's id"}},
    "required": ["user_id"]}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from toolsearch.catalog.model import Tool
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.lint.slim_rule import cut_problems, listed
from toolsearch.lint.slimming import UNUSED_DEFINITION, Cut

ID = UNUSED_DEFINITION
LEVEL = "warning"
SUMMARY = "an input schema has $defs/definitions entries that nothing refers to"
Options = NoOptions


def _message(tool: Tool, cuts: Sequence[Cut], saving: str) -> str:
    return (
        f"input schema of {tool.name!r} has definitions nothing refers to, {saving} to save: "
        f"{listed(cuts)}"
    )


def check(ctx: Context, options: NoOptions) -> Iterator[Problem]:
    yield from cut_problems(ctx, ID, _message)
