"""Notes MCP tools and servers that Codex CLI sends under another name than the server gives.

## What it does
Under `--target codex`, reports each MCP tool whose server or tool name holds characters
outside `[A-Za-z0-9_]`: Codex sends the tool as a function in the namespace `mcp__<server>`,
each such character (a dash or a dot too) turned into `_`, so `my-docs`' `get.page` becomes
`get_page` in `mcp__my_docs`. Two tools of one server whose names become the same are reported
as a collision.

## Why is this bad?
The name the model sees, searches and calls is not the one in the server's code, its docs or
its `tools/list`, so a tool can look missing when it is only renamed; Codex's search does not
split names at `_`, `.` or `:` (`get_page` is one word to it, `get-page` two). Codex 0.171.0
sanitises names this way (hosts-facts.md §1.7; openai/codex `sanitize_responses_api_tool_name`;
checked by running Codex itself, `tests/test_codex_harness.py`).

## Example
```yaml .toolsearch
target: codex
```
```json docs
{"tools": [{"name": "get-page", "description": "Fetch one documentation page by its path.",
            "inputSchema": {"type": "object"}}]}
```

## Fix
Rename the server or tool to keep one name everywhere (letters, digits and `_` only):
```yaml .toolsearch
target: codex
```
```json docs
{"tools": [{"name": "get_page", "description": "Fetch one documentation page by its path.",
            "inputSchema": {"type": "object"}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.codex_names import CODEX, namespace_of, sanitized
from toolsearch.catalog.tool_names import name_pointer, quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "renamed-by-codex"
HOSTS = (CODEX,)  # checks only the scope Codex sends, under --target codex
LEVEL = "info"
SUMMARY = "Codex sends an MCP tool under another name (characters outside [A-Za-z0-9_])"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    first: dict[tuple[str, str], str] = {}
    for tool in ctx.scope.tools:
        namespace, called = namespace_of(tool.source), sanitized(tool.name)
        other = first.setdefault((namespace, called), tool.name)
        if other != tool.name:
            yield ctx.tool_problem(
                tool,
                f"Codex sends {quoted(tool.name)} and {quoted(other)} of server "
                f"{quoted(tool.source)} both as {quoted(called)} in {quoted(namespace)}: rename "
                "one so that they differ in letters, digits or _",
                name_pointer(tool),
            )
            continue
        if namespace == "mcp__" + tool.source and called == tool.name:
            continue
        yield ctx.tool_problem(
            tool,
            f"Codex sends {quoted(tool.source + '/' + tool.name)} as {quoted(called)} in "
            f"namespace {quoted(namespace)} (each character outside A-Z a-z 0-9 _ becomes _)",
            name_pointer(tool),
        )
