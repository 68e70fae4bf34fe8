"""Flags tool names the API does not accept: outside `^[a-zA-Z0-9_-]{1,64}$`.

## What it does
Checks every tool's name as it is sent against `^[a-zA-Z0-9_-]{1,64}$` and says which part
fails: a dot, a space, other characters (shown, or as code points when invisible), an empty
name, or a length over 128. Under `--target claude-code` the name checked is the one Claude Code
sends, `mcp__<server>__<tool>`, whose characters outside `[A-Za-z0-9_-]` Claude Code has turned
into `_` (`renamed-by-claude-code` notes that), so only its length can fail there, and a
deferred tool's length is `tool-reference-name-too-long`'s to report. A name of
65-128 valid characters is `long-tool-name` (a warning), since the real limit there is
uncertain.

## Why is this bad?
The documented rule for a tool name is `^[a-zA-Z0-9_-]{1,64}$`, the same in every snapshot of
the docs (tool-search-facts.md §1.1, §1.2); requests with other names fail with a 400 such as
`tools.N.custom.name: String should have at most 64 characters` (observed up to 2025-08) or
`... at most 128 characters` (observed 2026-09). MCP allows more than the API: dots and up to
128 characters (§6.3), so MCP names such as `admin.tools.list` break a request; Anthropic's own
engineering post used `github.createPullRequest`, which fails the rule (§1.2). Claude Code adds
`mcp__<server>__` to every MCP tool, and that prefix counts toward the limit (§6.4).

## Example
```json
{"tools": [
  {"name": "github.create_issue", "description": "Open an issue in a GitHub repository.",
   "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}}}]}
```

## Fix
```json
{"tools": [
  {"name": "github_create_issue", "description": "Open an issue in a GitHub repository.",
   "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import (
    DOCUMENTED_LIMIT,
    OBSERVED_LIMIT,
    SentName,
    in_tool_reference,
    name_pointer,
    quoted,
    suggested_name,
)
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "invalid-tool-name"
LEVEL = "error"
SUMMARY = "a tool name does not match ^[a-zA-Z0-9_-]{1,64}$ (a dot, a space, over 128 chars)"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        name = SentName.of(tool)
        faults = []
        if not name.sent:
            faults.append("is empty")
        characters = name.character_note()
        if characters:
            faults.append(characters)
        if len(name.sent) > OBSERVED_LIMIT and not in_tool_reference(tool, ctx.host):
            faults.append(name.length_note())
        if not faults:
            continue
        yield ctx.tool_problem(
            tool,
            f"{name.label} {quoted(name.sent)} {' and '.join(faults)}{_fix(name)}",
            name_pointer(tool),
        )


def _fix(name: SentName) -> str:
    """A valid name to rename the tool to, when the tool's own name is what fails."""
    if not name.own or (name.prefix and name.own_is_valid and len(name.own) <= DOCUMENTED_LIMIT):
        return ""
    room = DOCUMENTED_LIMIT - len(name.prefix)
    return f" (rename it, e.g. {quoted(suggested_name(name.own, room))})"
