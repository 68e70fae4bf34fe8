"""Flags `input_examples` that fail their tool's schema, and examples on server tools.

## What it does
For each tool with `input_examples` ("tool use examples"), checks that the value is an array of
objects and that each object validates against the tool's input schema (with jsonschema-rs).
A failing example is reported once, at its first problem, with how many others it has; when
the example and schema are so large that listing every problem would cost too much memory,
the others are not counted. Also reports `input_examples` on a server tool (web search, code
execution, the tool search tool, ...). Tools whose schema is itself invalid are left to
`invalid-input-schema`.

`pattern` matching is bounded (1,000,000 backtracking steps), so a runaway pattern cannot hang
the run. A pattern stopped by that bound decided nothing: the example is then reported as not
checked (naming the pattern), not as rejected, at the rule's level all the same, since a
pattern that needs that much backtracking is worth rewriting anyway.

## Why is this bad?
Every example must validate against `input_schema`, otherwise the API rejects the request with a
400 (tool-search-facts.md §1.4; Bedrock's wording: "Tool 'get_weather' input_examples[0] is
invalid: Missing required property 'location'"). Examples are not allowed on server tools at all
("input_examples is not supported for server-side tool", §1.4).

## Example
```json
[{"name": "get_weather", "description": "Current weather for a location.",
  "input_schema": {"type": "object", "required": ["location"],
                   "properties": {"location": {"type": "string"},
                                  "unit": {"enum": ["celsius", "fahrenheit"]}}},
  "input_examples": [{"unit": "celsius"}]}]
```

## Fix
```json
[{"name": "get_weather", "description": "Current weather for a location.",
  "input_schema": {"type": "object", "required": ["location"],
                   "properties": {"location": {"type": "string"},
                                  "unit": {"enum": ["celsius", "fahrenheit"]}}},
  "input_examples": [{"location": "Paris", "unit": "celsius"}]}]
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toolsearch.catalog.model import Tool
from toolsearch.catalog.tool_names import quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.lint.schema_check import SchemaIssue, check_instance, compile_schema

ID = "invalid-input-example"
LEVEL = "error"
SUMMARY = "an input_examples entry fails its tool's schema, or a server tool has examples"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own


def _tool_problems(ctx: Context, tool: Tool, examples: Any) -> Iterator[Problem]:
    name = quoted(tool.name)
    if not isinstance(examples, list):
        yield ctx.tool_problem(
            tool,
            f"input_examples of {name} is not an array",
            "/input_examples",
        )
        return
    validator = compile_schema(tool.input_schema).validator
    for index, example in enumerate(examples):
        where = f"/input_examples/{index}"
        if not isinstance(example, Mapping):
            yield ctx.tool_problem(
                tool,
                f"input_examples[{index}] of {name} is not an object",
                where,
            )
            continue
        if validator is None:
            continue
        found = check_instance(validator, tool.input_schema, example)
        if found.issue is not None:
            message = _failure(f"input_examples[{index}] of {name}", found.issue, found.others)
            yield ctx.tool_problem(tool, message, where + found.issue.pointer)


def _failure(head: str, issue: SchemaIssue, others: int | None) -> str:
    """The message for an example that fails, or that a regex limit left unchecked."""
    counted = f" (and {others} more)" if others else ""
    more = " (others not counted)" if others is None else counted
    if not issue.decided:
        return f"{head} could not be checked against its input schema: {issue.message}{more}"
    return f"{head} fails its input schema: {issue.message}{more}"


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    for tool in scope.tools:
        examples = tool.raw.get("input_examples")
        if examples is not None:
            yield from _tool_problems(ctx, tool, examples)
    for server_tool in scope.server_tools:
        if server_tool.raw.get("input_examples") is None:
            continue
        loc = server_tool.location
        where = ctx.locate(loc.file, loc.pointer + "/input_examples", fallback=loc)
        label = quoted(server_tool.name or server_tool.type)
        yield Problem(
            f"server tool {label} has input_examples",
            where,
            server_tool.name,
            server_tool.source,
        )
