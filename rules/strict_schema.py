"""Flags schema features OpenAI's strict mode rejects, on functions it may run strictly.

## What it does
Under `--target openai`, walks the `parameters` of each function whose `strict` is not `false`
(true, null or absent) and reports, once per function:
- a `default` keyword in a property's schema;
- an `anyOf` whose object variants share the same first property key;
- objects nested deeper than 5 levels.

## Why is this bad?
Strict mode rejects them with `'default' is not permitted`, `Objects provided via 'anyOf' must
not share identical first keys` and `6 levels of nesting exceeds limit of 5` (zenn.dev
nicopin scrap, ellmer #671; hosts-facts.md §1.1). With `strict` omitted, Responses "attempts to
use strict validation when the schema is compatible" (`namespace_tool_param.py`), so these
schemas lose strict validation silently; the current nesting limit is not confirmed. Warnings,
since the request itself is not rejected unless `strict` is true.

## Example
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "function", "name": "list_orders", "description": "Orders of a customer.",
   "strict": true,
   "parameters": {"type": "object", "properties": {
     "limit": {"type": "integer", "default": 10}}}}
]}
```

## Fix
Drop the `default` (say it in the description) or set `"strict": false`:
```yaml .toolsearch
target: openai
```
```json
{"model": "gpt-5.5", "tools": [
  {"type": "function", "name": "list_orders", "description": "Orders of a customer.",
   "strict": true,
   "parameters": {"type": "object", "properties": {
     "limit": {"type": "integer", "description": "How many; 10 when not given."}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "strict-schema"
LEVEL = "warning"
SUMMARY = "a schema feature OpenAI's strict mode rejects (default, anyOf first keys, deep nesting)"
Options = NoOptions
HOSTS = ("openai",)
NESTING_LIMIT = 5
_CHILD_MAPS = ("properties", "$defs", "definitions", "patternProperties")
_CHILD_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_CHILD_ONE = ("items", "additionalProperties", "not", "contains")


def faults(schema: Any) -> list[str]:
    """OpenAI's strict-mode messages that apply to ``schema``, each once, in a fixed order."""
    found: dict[str, str] = {}
    deepest = 0
    stack: list[tuple[Any, int, bool]] = [(schema, 0, False)]
    while stack:
        node, depth, is_property = stack.pop()
        if type(node) is not dict and not isinstance(node, Mapping):  # dicts first: fast
            continue
        if node.get("type") == "object" or "properties" in node:
            depth += 1
            deepest = max(deepest, depth)
        if is_property and "default" in node:
            found.setdefault("default", "'default' is not permitted")
        if _shared_first_keys(node.get("anyOf")):
            found.setdefault(
                "anyOf", "Objects provided via 'anyOf' must not share identical first keys"
            )
        for key in _CHILD_MAPS:
            children = node.get(key)
            if isinstance(children, Mapping):
                stack.extend((c, depth, key == "properties") for c in children.values())
        for key in _CHILD_LISTS:
            children = node.get(key)
            if isinstance(children, list):
                stack.extend((c, depth, is_property) for c in children)
        for key in _CHILD_ONE:
            child = node.get(key)
            if child is not None:  # most keys are absent: not pushed to be skipped
                stack.append((child, depth, False))
    messages = [found[k] for k in ("default", "anyOf") if k in found]
    if deepest > NESTING_LIMIT:
        messages.append(f"{deepest} levels of nesting exceeds limit of {NESTING_LIMIT}")
    return messages


def _shared_first_keys(variants: Any) -> bool:
    if not isinstance(variants, list):
        return False
    firsts = []
    for variant in variants:
        properties = variant.get("properties") if isinstance(variant, Mapping) else None
        if isinstance(properties, Mapping) and properties:
            firsts.append(next(iter(properties)))
    return len(firsts) != len(set(firsts))


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        if tool.raw.get("strict") is False or tool.dialect == "openai-chat":
            continue
        found = faults(tool.input_schema)
        if not found:
            continue
        how = "is strict" if tool.raw.get("strict") is True else "may be run strictly"
        quoted = ", ".join(f'"{m}"' for m in found)
        yield ctx.tool_problem(
            tool,
            f"{tool.name!r} {how} and OpenAI's strict mode rejects its schema: {quoted}",
        )
