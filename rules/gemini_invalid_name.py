"""Flags a function or parameter name the Gemini API refuses.

## What it does
Under `--target gemini`, checks each MCP tool's name against
`[A-Za-z_][A-Za-z0-9_.:-]{0,127}` and each top-level parameter name of its input schema
against `[A-Za-z_][A-Za-z0-9_]{0,63}`.

## Why is this bad?
The Gemini API refuses the request: a function name "must start with a letter or an
underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a
maximum length of 128", and parameter names "must start with a letter or an underscore and
must only contain chars a-z, A-Z, 0-9, or underscores with a maximum length of 64"
(python-genai `google/genai/types.py` at `66807187`; names starting with a digit refused in
cline #7339; hosts-facts.md §1.2). A parameter named `page-size` is valid JSON Schema and
valid for Claude, and still breaks every Gemini request the server joins.

## Example
```yaml .toolsearch
target: gemini
```
```json docs
{"tools": [{"name": "2fa-check", "description": "Check a one-time code.",
            "inputSchema": {"type": "object",
                            "properties": {"one-time-code": {"type": "string"}}}}]}
```

## Fix
Rename the tool and the parameter:
```yaml .toolsearch
target: gemini
```
```json docs
{"tools": [{"name": "check_2fa", "description": "Check a one-time code.",
            "inputSchema": {"type": "object",
                            "properties": {"one_time_code": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from toolsearch.catalog.locate import join_pointer
from toolsearch.catalog.tool_names import name_pointer, quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.lint.schema_check import schema_pointer

ID = "gemini-invalid-name"
LEVEL = "error"
SUMMARY = "a function or parameter name outside the Gemini API's patterns (400)"
HOSTS = ("gemini",)
Options = NoOptions
FUNCTION_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]{0,127}")
PARAMETER_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
NAME_LIMIT = 128


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        name = tool.sent_name
        if not FUNCTION_NAME.fullmatch(name):
            long = FUNCTION_NAME.fullmatch(name[:NAME_LIMIT]) is not None
            why = (
                f"{len(name)} characters, over {NAME_LIMIT}"
                if long
                else f"must match {FUNCTION_NAME.pattern}"
            )
            yield ctx.tool_problem(
                tool,
                f"Gemini refuses the function name {quoted(name, 40)} ({why})",
                name_pointer(tool),
            )
        schema = tool.input_schema
        properties = schema.get("properties") if isinstance(schema, Mapping) else None
        if not isinstance(properties, Mapping):
            continue
        for name in properties:
            if isinstance(name, str) and PARAMETER_NAME.fullmatch(name):
                continue
            yield ctx.tool_problem(
                tool,
                f"Gemini refuses the parameter name {quoted(str(name))} of {quoted(tool.name)} "
                f"(must match {PARAMETER_NAME.pattern})",
                schema_pointer(tool) + join_pointer("properties", str(name)),
            )
