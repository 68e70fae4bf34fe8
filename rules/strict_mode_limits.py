"""Flags requests past the strict-mode (structured outputs) limits.

## What it does
Counts over the tools of a request that set `strict: true`:
- the strict tools themselves: at most 20;
- optional parameters, summed over every strict schema: at most 24. A parameter is optional when
  it is a key of some `properties` (at any depth, `$defs` included) that its object's
  `required` does not list;
- parameters with a union type (`anyOf`, `oneOf` or a `type` array such as
  `["string", "null"]`), at any depth: at most 16.

Each limit passed is reported once, at the strict tool that passed it. The request's
`output_config.format` schema, which counts toward the same limits, is not read.

## Why is this bad?
Strict tools are compiled into one grammar, and the structured outputs docs set these limits
for a request: 20 strict tools, 24 optional parameters across all strict schemas, 16 parameters
using union types (tool-search-facts.md §1.3, "Schema complexity limits"); past them the API
rejects the request (400). Deferral does not help: the grammar is built from the full toolset,
deferred tools included (§1.3). How nested parameters are counted is not documented
(UNCERTAIN); counting every level is the safe reading.

## Example
```json
[{"name": "create_event", "description": "Create a calendar event.", "strict": true,
  "input_schema": {"type": "object", "required": ["title"], "additionalProperties": false,
    "properties": {"title": {"type": "string"},
      "o1": {"type": "string"}, "o2": {"type": "string"}, "o3": {"type": "string"},
      "o4": {"type": "string"}, "o5": {"type": "string"}, "o6": {"type": "string"},
      "o7": {"type": "string"}, "o8": {"type": "string"}, "o9": {"type": "string"},
      "o10": {"type": "string"}, "o11": {"type": "string"}, "o12": {"type": "string"},
      "o13": {"type": "string"}, "o14": {"type": "string"}, "o15": {"type": "string"},
      "o16": {"type": "string"}, "o17": {"type": "string"}, "o18": {"type": "string"},
      "o19": {"type": "string"}, "o20": {"type": "string"}, "o21": {"type": "string"},
      "o22": {"type": "string"}, "o23": {"type": "string"}, "o24": {"type": "string"},
      "o25": {"type": "string"}}}}]
```

## Fix
Make parameters required (with a null-able type if they may be empty), split the tool, or drop
`strict` where guaranteed arguments are not needed:
```json
[{"name": "create_event", "description": "Create a calendar event.",
  "input_schema": {"type": "object", "required": ["title"], "additionalProperties": false,
    "properties": {"title": {"type": "string"},
      "o1": {"type": "string"}, "o2": {"type": "string"}, "o3": {"type": "string"},
      "o4": {"type": "string"}, "o5": {"type": "string"}, "o6": {"type": "string"},
      "o7": {"type": "string"}, "o8": {"type": "string"}, "o9": {"type": "string"},
      "o10": {"type": "string"}, "o11": {"type": "string"}, "o12": {"type": "string"},
      "o13": {"type": "string"}, "o14": {"type": "string"}, "o15": {"type": "string"},
      "o16": {"type": "string"}, "o17": {"type": "string"}, "o18": {"type": "string"},
      "o19": {"type": "string"}, "o20": {"type": "string"}, "o21": {"type": "string"},
      "o22": {"type": "string"}, "o23": {"type": "string"}, "o24": {"type": "string"},
      "o25": {"type": "string"}}}}]
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

ID = "strict-mode-limits"
LEVEL = "error"
SUMMARY = "over 20 strict tools, 24 optional or 16 union-typed parameters in strict schemas"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
MAX_STRICT_TOOLS = 20
MAX_OPTIONAL = 24
MAX_UNION = 16
_PARAMETER_LIMITS = (
    ("optional", MAX_OPTIONAL),
    ("union-typed", MAX_UNION),
)
_SUBSCHEMA_KEYS = ("items", "additionalProperties", "contains", "not", "if", "then", "else")
_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")


def is_strict(tool: Tool) -> bool:
    body = tool.raw.get("function") if tool.dialect == "openai-chat" else tool.raw
    return isinstance(body, Mapping) and body.get("strict") is True


def is_union(schema: Any) -> bool:
    if not isinstance(schema, Mapping):
        return False
    kind = schema.get("type")
    return "anyOf" in schema or "oneOf" in schema or (isinstance(kind, list) and len(kind) > 1)


def count_parameters(schema: Any) -> tuple[int, int]:
    """(optional, union-typed) parameters of a schema, at every depth."""
    optional = unions = 0
    stack = [schema]
    while stack:
        node = stack.pop()
        if not isinstance(node, Mapping):
            continue
        properties = node.get("properties")
        if isinstance(properties, Mapping):
            required = node.get("required")
            needed = (
                {r for r in required if isinstance(r, str)} if isinstance(required, list) else set()
            )
            optional += sum(1 for key in properties if key not in needed)
            unions += sum(1 for value in properties.values() if is_union(value))
            stack.extend(properties.values())
        stack.extend(node.get(key) for key in _SUBSCHEMA_KEYS)
        for key in _SUBSCHEMA_LISTS:
            value = node.get(key)
            if isinstance(value, list):
                stack.extend(value)
        for key in ("$defs", "definitions"):
            value = node.get(key)
            if isinstance(value, Mapping):
                stack.extend(value.values())
    return optional, unions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    strict = [t for t in ctx.scope.tools if is_strict(t)]
    strict_servers = sum(1 for t in ctx.scope.server_tools if t.raw.get("strict") is True)
    if not strict and not strict_servers:
        return
    if len(strict) + strict_servers > MAX_STRICT_TOOLS:
        over = strict[min(MAX_STRICT_TOOLS - strict_servers, len(strict) - 1)]
        yield ctx.tool_problem(
            over,
            f"{len(strict) + strict_servers} tools have strict: true, over "
            f"{MAX_STRICT_TOOLS} from {quoted(over.name)} on",
            "/strict" if over.dialect != "openai-chat" else "/function/strict",
        )
    counts = [(tool, count_parameters(tool.input_schema)) for tool in strict]
    for position, (kind, limit) in enumerate(_PARAMETER_LIMITS):
        total = sum(numbers[position] for _, numbers in counts)
        if total <= limit:
            continue
        tool = _passing(counts, position, limit)
        yield ctx.tool_problem(
            tool,
            f"strict schemas have {total} {kind} parameters in all, over {limit} from "
            f"{quoted(tool.name)} on",
        )


def _passing(counts: list[tuple[Tool, tuple[int, int]]], position: int, limit: int) -> Tool:
    """The tool at which the running count first exceeds the limit."""
    running = 0
    for tool, numbers in counts:
        running += numbers[position]
        if running > limit:
            return tool
    return counts[-1][0]
