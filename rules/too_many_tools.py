"""Flags an OpenAI request with more than 128 tools.

## What it does
Under `--target openai`, counts the entries of the request's `tools` array (a namespace is one
entry, and so is an MCP source, sent as one namespace) and reports an array past 128 entries
(`max-tools`).

## Why is this bad?
Before tool search, OpenAI answered `Invalid 'tools': array too long. Expected an array with
maximum length 128, but got an array with length N instead.` (code `array_above_max_length`;
zed #42393, claude-code-router #686; hosts-facts.md §1.1). Whether deferred or namespaced tools
count toward 128 under `tool_search` is not published, so this is a warning: group the
functions into namespaces and defer them, and check with a real request.

## Example
```yaml .toolsearch
target: openai
```
```json many
{"model": "gpt-5.5", "tools": [
  {"type": "function", "name": "t1", "description": "One."},
  {"type": "function", "name": "t2", "description": "Two."},
  {"type": "function", "name": "t3", "description": "Three."},
  {"type": "function", "name": "t4", "description": "Four."},
  {"type": "function", "name": "t5", "description": "Five."},
  {"type": "function", "name": "t6", "description": "Six."},
  {"type": "function", "name": "t7", "description": "Seven."},
  {"type": "function", "name": "t8", "description": "Eight."}
]}
```
```yaml config
target: openai
rules:
  too-many-tools: {max-tools: 4}
```

## Fix
Group the functions into namespaces (one entry each):
```yaml config
target: openai
rules:
  too-many-tools: {max-tools: 4}
```
```json few
{"model": "gpt-5.5", "tools": [
  {"type": "namespace", "name": "first", "description": "The first four.", "tools": [
    {"type": "function", "name": "t1", "description": "One."},
    {"type": "function", "name": "t2", "description": "Two."},
    {"type": "function", "name": "t3", "description": "Three."},
    {"type": "function", "name": "t4", "description": "Four."}]},
  {"type": "namespace", "name": "second", "description": "The second four.", "tools": [
    {"type": "function", "name": "t5", "description": "Five."},
    {"type": "function", "name": "t6", "description": "Six."},
    {"type": "function", "name": "t7", "description": "Seven."},
    {"type": "function", "name": "t8", "description": "Eight."}]}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from toolsearch.catalog.model import OPENAI_SCOPE
from toolsearch.catalog.places import scope_location
from toolsearch.lint.findings import Problem
from toolsearch.lint.openai_facts import MAX_TOOLS
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions

ID = "too-many-tools"
LEVEL = "warning"
SUMMARY = "more than 128 tools in an OpenAI request (whether deferred ones count is not published)"
HOSTS = ("openai",)


@dataclass(frozen=True)
class Options(RuleOptions):
    BOUNDS: ClassVar[Mapping[str, int | None]] = {"max-tools": 1}
    max_tools: int = MAX_TOOLS


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    namespaced = sum(1 for t in scope.tools if t.namespace is not None)
    entries = len(scope.tools) - namespaced + len(scope.server_tools) + len(scope.namespaces)
    if scope.kind == OPENAI_SCOPE:  # each MCP source is sent as one namespace, with a tool_search
        entries += len({t.namespace for t in scope.tools}) + 1
    limit = options.max_tools
    quoted = (
        f"\"Invalid 'tools': array too long. Expected an array with maximum length {limit}, "
        f'but got an array with length {entries} instead."'
    )
    if entries > limit:
        yield Problem(
            f"the request's tools array has {entries} entries: before tool search OpenAI "
            f"answered 400 {quoted}",
            scope_location(scope),
        )
