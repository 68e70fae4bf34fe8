"""Notes MCP tools that Claude Code sends under another name than the server gives them.

## What it does
Under `--target claude-code`, reports each MCP tool whose server or tool name holds characters
outside `[A-Za-z0-9_-]`: Claude Code sends it as `mcp__<server>__<tool>` with each such
character turned into `_`, so `my.server`'s `get.page` becomes `mcp__my_server__get_page`. The
API would refuse the original name (`invalid-tool-name`); Claude Code's renamed one it accepts.

## Why is this bad?
Nothing breaks, but the name the model sees, searches and calls (`select:`, `tool_reference`,
the transcripts in `~/.claude/projects`) is not the one in the server's code, its docs or its
`tools/list`, so a tool can look missing when it is only renamed; two names that differ only in
such characters (`get.page` and `get_page`) collide (tool-search-facts.md §6.4; the renaming is
Claude Code 2.1.100's, decisions.md "Claude Code names").

## Example
```yaml .toolsearch
target: claude-code
```
```json docs
{"tools": [{"name": "get.page", "description": "Fetch one documentation page by its path.",
            "inputSchema": {"type": "object"}}]}
```

## Fix
```yaml .toolsearch
target: claude-code
```
```json docs
{"tools": [{"name": "get_page", "description": "Fetch one documentation page by its path.",
            "inputSchema": {"type": "object"}}]}
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from toolsearch.catalog.tool_names import name_pointer, quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "renamed-by-claude-code"
HOSTS = ("claude-code",)  # checks only the scope Claude Code sends, under --target claude-code
LEVEL = "info"
SUMMARY = "Claude Code sends an MCP tool under another name (characters outside [A-Za-z0-9_-])"
Options = NoOptions

_OUTSIDE = re.compile(r"[^A-Za-z0-9_-]")


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        if not (_OUTSIDE.search(tool.source) or _OUTSIDE.search(tool.name)):
            continue
        yield ctx.tool_problem(
            tool,
            f"Claude Code sends {quoted(tool.source + '/' + tool.name)} as "
            f"{quoted(tool.sent_name)}",
            name_pointer(tool),
        )
