"""Flags an input schema that is not a valid JSON Schema or whose root is not an object.

## What it does
Checks each tool's `input_schema` (MCP `inputSchema`, OpenAI `parameters`):
- the root must be `"type": "object"`;
- the schema must be valid against its draft's meta-schema: the draft its `$schema` names
  (draft-04, -06, -07, 2019-09), otherwise 2020-12; a `pattern` must compile, and a local
  `$ref` must point at something.

The check uses jsonschema-rs (about 12 µs per schema), never fetches a remote `$ref` (such a
schema is not reported: toolsearch works offline and cannot tell), and does not check `format`
values.

## Why is this bad?
`input_schema` is a JSON Schema (draft 2020-12) whose root must be `type: "object"`
(tool-search-facts.md §1.1, §1.3; the SDK types it as `Required[Literal["object"]]`; MCP asks the
same of `inputSchema`, §6.1). A schema the API cannot use makes it reject the request (400), and
Claude cannot fill in arguments against a schema that means nothing.

## Example
```json
[{"name": "list_events", "description": "List calendar events in a date range.",
  "input_schema": {"type": "object", "properties": {
    "start": {"type": "date", "description": "First day, YYYY-MM-DD."}}}}]
```

## Fix
```json
[{"name": "list_events", "description": "List calendar events in a date range.",
  "input_schema": {"type": "object", "properties": {
    "start": {"type": "string", "format": "date", "description": "First day, YYYY-MM-DD."}}}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.plain_schema import plainly_valid
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.lint.schema_check import compile_schema, root_type_issue, schema_pointer

ID = "invalid-input-schema"
LEVEL = "error"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = "an input schema is not valid JSON Schema, or its root type is not object"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        schema = tool.input_schema
        root = root_type_issue(schema)
        plain = plainly_valid(schema)
        if root is None and plain:
            continue  # most schemas: nothing to say, so no place to name
        base = schema_pointer(tool)
        key = base.rsplit("/", 1)[-1] or "input_schema"
        if root is not None:
            yield ctx.tool_problem(
                tool,
                f"{key} of {quoted(tool.name)} {root.message}",
                base + root.pointer,
            )
        if plain:
            continue
        compiled = compile_schema(schema)
        if compiled.issue is None:
            continue
        where = compiled.issue.pointer or "the root"
        yield ctx.tool_problem(
            tool,
            f"{key} of {quoted(tool.name)} is not a valid JSON Schema ({compiled.draft}): "
            f"{compiled.issue.message} at {where}",
            base + compiled.issue.pointer,
        )
