"""Flags unions that say in many tokens what a few say: repeated branches, and an `anyOf` of
one type and `null`.

## What it does
Reports, once per tool, each `anyOf` or `allOf` that lists the same branch twice or more, and
each two-branch `anyOf` of `{"type": T, ...}` and `{"type": "null"}`, which
`"type": [T, "null"]` says. The second is left alone unless the union is all the schema object
says of its type: the object has no `type`, `$ref`, `enum` or `const` of its own, and the
branch holds only annotations (`description`, `title`, `default`, ...), `enum`/`const`, and
keywords that constrain only values of type T (`minLength` for a string, `items` for an array,
...). A schema with `unevaluatedProperties` or `unevaluatedItems` is left alone: they read
which branch evaluated what.

## Why is this bad?
The schema is sent to the model and billed as input tokens wherever the tool is loaded
(tool-search-facts.md §1.3, §2.8). Generators write `Optional[str]` as a two-branch `anyOf`
(Sentry's server: 32 of them) and sometimes repeat a branch (Notion's `children` items list
`{"type": "string"}` twice).

`toolsearch lint --fix` rewrites them. Safe by construction (decisions.md, "Fixes"): `anyOf`
and `allOf` of a branch given twice accept what they accept with it once; and a value is valid
against `{"type": T, k...}` or `{"type": "null"}` exactly when it is null or a T meeting the
`k`, which is what `"type": [T, "null"]` with the same `k` accepts, as each `k` constrains
only values of type T (an `enum` or `const` gets `null` added to its values). The
annotations the model reads stay, beside the type.

## Example
```json
[{"name": "list_branches", "description": "List the branches of a Git repository.",
  "input_schema": {"type": "object", "properties": {
    "contains": {"anyOf": [{"type": "string"}, {"type": "null"}],
                 "description": "Only branches that contain this commit"}}}}]
```

## Fix
```json
[{"name": "list_branches", "description": "List the branches of a Git repository.",
  "input_schema": {"type": "object", "properties": {
    "contains": {"type": ["string", "null"],
                 "description": "Only branches that contain this commit"}}}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from toolsearch.catalog.model import Tool
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.lint.slim_rule import cut_problems, listed
from toolsearch.lint.slimming import VERBOSE_UNION, Cut

ID = VERBOSE_UNION
LEVEL = "info"
SUMMARY = "a union with a repeated branch, or an anyOf of a type and null"
Options = NoOptions


def _message(tool: Tool, cuts: Sequence[Cut], saving: str) -> str:
    return (
        f"input schema of {tool.name!r} has {len(cuts)} verbose union"
        f"{'s' if len(cuts) != 1 else ''}, {saving} to save: {listed(cuts[:2])}"
        f"{f' and {len(cuts) - 2} more' if len(cuts) > 2 else ''}"
    )


def check(ctx: Context, options: NoOptions) -> Iterator[Problem]:
    yield from cut_problems(ctx, ID, _message)
