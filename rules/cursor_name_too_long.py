"""Flags an MCP tool that Cursor filters out for the length of its server and tool names.

## What it does
Under `--target cursor`, adds each MCP tool's server name and tool name and reports a sum over
60 characters. Whether the character between them counts is not published: PostHog caps its
tool names at 52 for the server `posthog` (7 characters), which fits only if it does, so a
tool that is over 60 only with it is reported as a warning.

## Why is this bad?
Cursor drops such a tool with the warning "Some tools have naming issues and may be filtered
out" (ComposioHQ/composio #2788, awslabs/mcp #1283, PostHog/posthog #51483; hosts-facts.md
§1.6): the agent never sees it, whatever it could do.

## Example
```yaml .toolsearch
target: cursor
```
```json analytics
{"tools": [{"name": "get_weekly_retention_for_every_cohort_by_signup_channel",
            "description": "Weekly retention of each signup cohort.",
            "inputSchema": {"type": "object"}}]}
```

## Fix
Shorten the tool's name (or the server's name in Cursor's `mcp.json`):
```yaml .toolsearch
target: cursor
```
```json analytics
{"tools": [{"name": "cohort_retention",
            "description": "Weekly retention of each signup cohort.",
            "inputSchema": {"type": "object"}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from toolsearch.catalog.tool_names import name_pointer, quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "cursor-name-too-long"
LEVEL = "error"
SUMMARY = "server name plus tool name over 60 characters: Cursor filters the tool out"
HOSTS = ("cursor",)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    limit = ctx.host.limits.name_length
    for tool in ctx.scope.tools:
        length = len(tool.source) + len(tool.name)
        if length + 1 <= limit:
            continue
        taken = f"{length} characters" if length > limit else f"{length + 1} with a separator"
        problem = ctx.tool_problem(
            tool,
            f"Cursor filters out {quoted(tool.source + '/' + tool.name)}: server and tool "
            f"names take {taken}, over {limit}",
            name_pointer(tool),
        )
        yield problem if length > limit else replace(problem, uncertain=True)
