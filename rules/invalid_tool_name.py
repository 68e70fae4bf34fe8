"""Flags tool names the API does not accept: outside `^[a-zA-Z0-9_-]{1,64}$`.

## What it does
Checks every tool's name as it is sent against `^[a-zA-Z0-9_-]{1,64}$` and says which part
fails: a dot, a space, other characters (shown, or as code points when invisible), an empty
name, or a length over 128. Under `--target claude-code` the name checked is the one Claude Code
sends, `mcp__<server>__<tool>`, whose characters outside `[A-Za-z0-9_-]` Claude Code has turned
into `_` (`renamed-by-claude-code` notes that), so only its length can fail there, and a
deferred tool's length is `tool-reference-name-too-long`'s to report. A name of
65-128 valid characters is `long-tool-name` (a warning), since the real limit there is
uncertain. Under `--target openai` every function (namespace members included) is checked
against OpenAI's `^[a-zA-Z0-9_-]{1,64}$` with no such margin: a name over 64 characters is an
error too, and the message quotes OpenAI's own.

## Why is this bad?
The documented rule for a tool name is `^[a-zA-Z0-9_-]{1,64}$`, the same in every snapshot of
the docs (tool-search-facts.md §1.1, §1.2); requests with other names fail with a 400 such as
`tools.N.custom.name: String should have at most 64 characters` (observed up to 2025-08) or
`... at most 128 characters` (observed 2026-09). MCP allows more than the API: dots and up to
128 characters (§6.3), so MCP names such as `admin.tools.list` break a request; Anthropic's own
engineering post used `github.createPullRequest`, which fails the rule (§1.2). Claude Code adds
`mcp__<server>__` to every MCP tool, and that prefix counts toward the limit (§6.4). OpenAI
answers `'Google Search' does not match '^[a-zA-Z0-9_-]{1,64}$'` and `Invalid
'tools[5].function.name': string too long. Expected a string with maximum length 64`
(hosts-facts.md §1.1: foundry-dev-tools #201, mayil-ai-tests #63).

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

import re
from collections.abc import Iterator

from toolsearch.catalog.tool_names import (
    DOCUMENTED_LIMIT,
    NAME_PATTERN,
    OBSERVED_LIMIT,
    SentName,
    in_tool_reference,
    name_pointer,
    quoted,
    suggested_name,
)
from toolsearch.hosts import host_of
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.sanitize import one_line

ID = "invalid-tool-name"
LEVEL = "error"
SUMMARY = "a tool name does not match ^[a-zA-Z0-9_-]{1,64}$ (a dot, a space, over 128 chars)"
Options = NoOptions

# Only valid characters: with a length up to the observed limit, a name with no fault at all.
_VALID_CHARACTERS = re.compile("[a-zA-Z0-9_-]+")


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    if host_of(ctx.catalog).strict_names:
        yield from _openai(ctx)
        return
    for tool in ctx.scope.tools:
        sent = tool.sent_name
        if len(sent) <= OBSERVED_LIMIT and _VALID_CHARACTERS.fullmatch(sent):
            continue  # most names: nothing below could find a fault
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


_OPENAI_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")


def _openai(ctx: Context) -> Iterator[Problem]:
    """OpenAI's rule, in OpenAI's words."""
    for tool in ctx.scope.tools:
        name = tool.sent_name
        if _OPENAI_NAME.fullmatch(name):
            continue
        if len(name) > DOCUMENTED_LIMIT and _OPENAI_NAME.fullmatch(name[:DOCUMENTED_LIMIT]):
            said = "string too long. Expected a string with maximum length 64"
        else:
            said = f"'{one_line(name, 80)}' does not match '{NAME_PATTERN}'"
        fix = f"rename it, e.g. {quoted(suggested_name(name, DOCUMENTED_LIMIT))}" if name else ""
        yield ctx.tool_problem(
            tool,
            f'OpenAI rejects the function name (400): "{said}"; {fix or "give it a name"}',
            name_pointer(tool),
        )
