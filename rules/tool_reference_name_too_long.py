"""Flags a deferred tool whose name as Claude Code sends it is over tool_reference's 64 characters.

## What it does
Under `--target claude-code`, reports each deferred MCP tool whose name as sent,
`mcp__<server>__<tool>`, is over 64 characters, and says how much the prefix adds. A plugin's
server is sent as `mcp__plugin_<plugin>_<server>__<tool>`; toolsearch does not read plugins, so
check that form by naming the source `plugin_<plugin>_<server>=PATH`: the name as sent is then
the plugin form, character for character. Loaded tools (alwaysLoad) are never returned in a
`tool_reference`, so they stay with `long-tool-name` (65-128 characters, a warning) and
`invalid-tool-name` (over 128); deferred tools under `--target claude-code` are reported here
only, whatever their length.

## Why is this bad?
When ToolSearch finds a deferred tool it returns a `tool_reference` block naming it, and the API
refuses a `tool_reference.tool_name` over 64 characters with its own message, "String should
have at most 64 characters" (tool-search-facts.md §1.2: cloudflare/skills#11 and
anthropics/claude-code #20643, #21050, #21492, #22336). In Claude Code that breaks the whole
session, not only the one search (anthropics/claude-code #19882); plugin servers, with their
longer prefix, hit it first (ChromeDevTools/chrome-devtools-mcp#1169). Claude Code's
`mcp__<server>__` prefix counts toward the 64 (§6.4). The issue asked for an error, as the
message is the API's own; decisions.md's "Rule levels" makes names of 65-128 characters a
warning because the limit on `tools[].name` is uncertain: that stays so for loaded tools, while
for a deferred tool the reported failure is the `tool_reference` one. UNCERTAIN: whether the
64-character limit on `tool_reference` still holds after February 2026; set the rule to
`warning` in the config if you know it does not.

## Example
```yaml .toolsearch
target: claude-code
```
```json marketing-cloud
{"tools": [{"name": "create_or_update_subscriber_email_preferences_v2",
            "description": "Create or update a subscriber's preferences in Marketing Cloud.",
            "inputSchema": {"type": "object"}}]}
```

## Fix
```yaml .toolsearch
target: claude-code
```
```json sfmc
{"tools": [{"name": "upsert_subscriber_preferences",
            "description": "Create or update a subscriber's preferences in Marketing Cloud.",
            "inputSchema": {"type": "object"}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import (
    DOCUMENTED_LIMIT,
    SentName,
    in_tool_reference,
    name_pointer,
    quoted,
)
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "tool-reference-name-too-long"
LEVEL = "error"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = (
    "under claude-code, a deferred tool's name as sent (mcp__server__tool) is over "
    "tool_reference's 64 characters"
)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        if not in_tool_reference(tool, ctx.host) or len(tool.sent_name) <= DOCUMENTED_LIMIT:
            continue
        name = SentName.of(tool)
        yield ctx.tool_problem(
            tool,
            f"{name.label} {quoted(name.sent, 140)} {name.length_note()}, over "
            f"tool_reference's {DOCUMENTED_LIMIT}",
            name_pointer(tool),
        )
