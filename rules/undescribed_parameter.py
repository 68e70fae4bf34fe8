"""Notes tool parameters that have no description.

## What it does
Walks each tool's input schema (`properties`, and with `nested` also the properties of nested
objects, array `items`, `anyOf`/`oneOf`/`allOf` branches and local `$ref` definitions) and
reports, once per tool, the parameters with no `description` (a `$ref`'s target description
counts). The finding points at the first such parameter and names up to five.

Options:
- `nested` (default true): also check properties below the top level.

## Why is this bad?
Tool search reads argument names and argument descriptions as well as the tool's own text
(tool-search-facts.md §2.1), so described parameters give queries more words to match. Claude
also fills arguments better when it knows what each one means (§1.1: "detailed plaintext
descriptions").

## Example
```json
[{"name": "create_issue", "description": "Create an issue in a GitHub repository.",
  "input_schema": {"type": "object", "properties": {
    "repo": {"type": "string", "description": "Repository as owner/name"},
    "title": {"type": "string"},
    "labels": {"type": "array", "items": {"type": "string"}}}}}]
```

## Fix
```json
[{"name": "create_issue", "description": "Create an issue in a GitHub repository.",
  "input_schema": {"type": "object", "properties": {
    "repo": {"type": "string", "description": "Repository as owner/name"},
    "title": {"type": "string", "description": "One-line summary of the issue"},
    "labels": {"type": "array", "items": {"type": "string"},
               "description": "Label names to add"}}}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from toolsearch.catalog.places import field_pointer
from toolsearch.lint.findings import Problem
from toolsearch.lint.parameters import all_described, parameters
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions

ID = "undescribed-parameter"
LEVEL = "info"
SUMMARY = "tool parameters (nested ones included) have no description"


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    nested: bool = True


SHOWN = 5


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        if all_described(tool.input_schema):
            continue
        found = list(parameters(tool.input_schema, nested=bool(options.nested)))
        missing = [p for p in found if p.description is None]
        if not missing:
            continue
        names = ", ".join(repr(p.path) for p in missing[:SHOWN])
        more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
        if len(found) == 1:
            count = f"the only parameter of {tool.name!r} has"
        else:
            verb = "has" if len(missing) == 1 else "have"
            count = f"{len(missing)} of {len(found)} parameters of {tool.name!r} {verb}"
        yield ctx.tool_problem(
            tool,
            f"{count} no description: {names}{more}",
            field_pointer(tool, "input_schema") + missing[0].pointer,
        )
