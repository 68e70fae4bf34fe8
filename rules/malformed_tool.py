"""Flags entries of `tools` that cannot be read as a tool.

## What it does
Reports each tool entry with no name, a name that is not a string, a description that is not a
string, no input schema, or an input schema that is not an object. Other commands skip these
entries with a note; lint reports them.

## Why is this bad?
The Messages API validates every tool: `name` and `input_schema` are required, the name is a
string and the schema a JSON Schema object (tool-search-facts.md §1.1, §1.3; MCP `tools/list`
requires `name` and `inputSchema`, §6.1). A request holding such an entry fails with a 400, and
no search can return the tool.

## Example
```json
[{"description": "Weather for a city.", "input_schema": {"type": "object"}}]
```

## Fix
```json
[{"name": "get_weather", "description": "Weather for a city.", "input_schema": {"type": "object"}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "malformed-tool"
LEVEL = "error"
SUMMARY = "a tool entry has no name, a non-string name or a schema that is not an object"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for bad in ctx.scope.malformed:
        name = bad.raw.get("name") if isinstance(bad.raw, dict) else None
        key = f"name={name}" if isinstance(name, str) else None  # its place shifts, its name not
        yield Problem(bad.reason, bad.location, None, bad.source, key=key)
