"""Flags two MCP tools that reach Gemini as function declarations of one name.

## What it does
Under `--target gemini`, reports each MCP tool whose name another tool in the same request
(of the same server or another) already has.

## Why is this bad?
The Gemini API refuses the whole request with "Duplicate function declaration found: <name>"
(ai-dashboard/flutter-skill #32, on Vertex, 2026-03; hosts-facts.md §1.2). Two servers that
each offer a `search` tool are enough: neither can be used while both are on.

## Example
```yaml .toolsearch
target: gemini
```
```json docs
{"tools": [{"name": "search", "description": "Search the docs.",
            "inputSchema": {"type": "object"}}]}
```
```json issues
{"tools": [{"name": "search", "description": "Search the issues.",
            "inputSchema": {"type": "object"}}]}
```

## Fix
Rename one of them (or turn one server off):
```yaml .toolsearch
target: gemini
```
```json docs
{"tools": [{"name": "search_docs", "description": "Search the docs.",
            "inputSchema": {"type": "object"}}]}
```
```json issues
{"tools": [{"name": "search_issues", "description": "Search the issues.",
            "inputSchema": {"type": "object"}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.model import Tool
from toolsearch.catalog.tool_names import name_pointer, quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "gemini-duplicate-declaration"
LEVEL = "error"
SUMMARY = "two function declarations of one name in a Gemini request (400)"
HOSTS = ("gemini",)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    first: dict[str, Tool] = {}
    for tool in ctx.scope.tools:
        other = first.setdefault(tool.sent_name, tool)
        if other is tool:
            continue
        yield ctx.tool_problem(
            tool,
            f"Gemini refuses a second declaration of {quoted(tool.sent_name)} "
            f"(servers {quoted(other.source)} and {quoted(tool.source)})",
            name_pointer(tool),
        )
