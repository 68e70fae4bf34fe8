"""Flags tool names of 65-128 valid characters: past the documented limit, within the observed.

## What it does
Reports a tool whose name as sent is made of valid characters (`a-z A-Z 0-9 _ -`) but is 65 to
128 characters long. Under `--target claude-code` the name checked is `mcp__<server>__<tool>`,
and the message says when Claude Code's prefix pushed it over 64; a deferred tool there is
`tool-reference-name-too-long` (an error) instead. Longer names, and names with other
characters, are `invalid-tool-name`.

## Why is this bad?
The docs say 64 characters at most (`^[a-zA-Z0-9_-]{1,64}$`, tool-search-facts.md §1.1). API
errors seen since mid-2025 say 128 for `tools[].name`, while `tool_reference.tool_name` was
still limited to 64 in January-February 2026 (§1.2): a deferred tool with a longer name could be
defined but not loaded by a search. UNCERTAIN: which limit holds today, so this is a warning
(uncertain facts are warnings, not errors). Claude Code's `mcp__<server>__` prefix counts (§6.4).

## Example
```json
[{"name": "salesforce_marketing_cloud_create_or_update_subscriber_preferences_v2",
  "description": "Create or update a subscriber's preferences in Marketing Cloud.",
  "defer_loading": true, "input_schema": {"type": "object"}}]
```

## Fix
```json
[{"name": "sfmc_upsert_subscriber_preferences",
  "description": "Create or update a subscriber's preferences in Marketing Cloud.",
  "defer_loading": true, "input_schema": {"type": "object"}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import (
    DOCUMENTED_LIMIT,
    OBSERVED_LIMIT,
    SentName,
    bad_characters,
    in_tool_reference,
    name_pointer,
    quoted,
)
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "long-tool-name"
LEVEL = "warning"
SUMMARY = "a tool name has 65-128 characters: over the documented 64, the real limit uncertain"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        if len(tool.sent_name) <= DOCUMENTED_LIMIT:
            continue  # most names, before their parts are told apart
        name = SentName.of(tool)
        if not DOCUMENTED_LIMIT < len(name.sent) <= OBSERVED_LIMIT or bad_characters(name.sent):
            continue
        if in_tool_reference(tool, ctx.host):
            continue
        yield ctx.tool_problem(
            tool,
            f"{name.label} {quoted(name.sent)} {name.length_note()} (over {DOCUMENTED_LIMIT})",
            name_pointer(tool),
        )
