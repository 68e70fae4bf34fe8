"""Flags an MCP tool whose name, with the prefix Copilot in VS Code adds, is over 64 characters.

## What it does
Under `--target copilot-vscode`, reports each MCP tool whose name as VS Code sends it is longer
than 64 characters. The prefix VS Code adds is not published: toolsearch assumes
`mcp_<server>_<tool>` (the server's characters outside `[A-Za-z0-9_-]` as `_`), so this stays a
warning.

## Why is this bad?
Copilot limits a tool's name to 64 characters including the prefix VS Code adds
(microsoft/vscode #243602; hosts-facts.md §1.4): a longer name does not reach the model as
written. The tool's own name may be well under 64 and still fail once the server's name is in
front of it.

## Example
```yaml .toolsearch
target: copilot-vscode
```
```json analytics
{"tools": [{"name": "get_weekly_retention_for_every_cohort_by_signup_channel",
            "description": "Weekly retention of each signup cohort, by channel.",
            "inputSchema": {"type": "object"}}]}
```

## Fix
Shorten the tool's name (or the server's) so that both fit in 64 characters:
```yaml .toolsearch
target: copilot-vscode
```
```json analytics
{"tools": [{"name": "cohort_retention",
            "description": "Weekly retention of each signup cohort, by channel.",
            "inputSchema": {"type": "object"}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import name_pointer, quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "copilot-name-too-long"
LEVEL = "warning"
SUMMARY = "an MCP tool's name with VS Code's prefix (assumed mcp_<server>_) is over 64 characters"
HOSTS = ("copilot-vscode",)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    limit = ctx.host.limits.name_length
    for tool in ctx.scope.tools:
        sent = tool.sent_name
        if len(sent) > limit:
            yield ctx.tool_problem(
                tool,
                f"Copilot in VS Code names it {quoted(sent)} (prefix assumed), {len(sent)} "
                f"characters, over {limit}",
                name_pointer(tool),
            )
