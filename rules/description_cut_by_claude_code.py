"""Flags an MCP tool description Claude Code cuts at 2,048 characters, and shows where.

## What it does
Under `--target claude-code`, reports each MCP tool whose description is over 2,048 characters:
Claude Code sends and searches only the first 2,048, followed by "… [truncated]". The message
shows the last words the model still sees and how many characters are lost.

## Why is this bad?
Claude Code cuts MCP tool descriptions at 2 KB (tool-search-facts.md §4.2, CC-mcp "For MCP server
authors"; decisions.md "Claude Code names": 2,048 characters with "… [truncated]" appended). It
does so silently while `/mcp` shows the description whole, so users keep editing text the model
never reads (anthropics/claude-code #81268, #87650): usage notes, examples or warnings at the
end are lost, and ToolSearch cannot match their words. UNCERTAIN: the reports are users', and
the limit may change between Claude Code versions, so this is a warning.

## Example
```yaml .toolsearch
target: claude-code
```
```yaml docs
tools:
  - name: run_query
    description: >-
      Run a read-only SQL query against the analytics warehouse and return the rows.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
      Never run DELETE or UPDATE: the connection is read-only and such queries fail.
    inputSchema: {type: object, properties: {sql: {type: string}}}
```

## Fix
```yaml .toolsearch
target: claude-code
```
```yaml docs
tools:
  - name: run_query
    description: >-
      Run a read-only SQL query against the analytics warehouse and return the rows.
      Never run DELETE or UPDATE: the connection is read-only and such queries fail.
    inputSchema: {type: object, properties: {sql: {type: string}}}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.tool_names import quoted
from toolsearch.hosts.claude_code import DESCRIPTION_LIMIT
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.sanitize import one_line

ID = "description-cut-by-claude-code"
HOSTS = ("claude-code",)  # checks only the scope Claude Code sends, under --target claude-code
LEVEL = "warning"
SUMMARY = "under claude-code, a tool description over 2,048 characters is cut silently"
Options = NoOptions

_SHOWN = 60  # characters of the kept text's end shown in the message


def last_words(kept: str, size: int = _SHOWN) -> str:
    """The end of the kept text, from a word boundary when one is near, on one line."""
    flat = one_line(kept)
    if len(flat) <= size:
        return flat
    tail = flat[-size:]
    space = tail.find(" ")
    if 0 <= space < size // 2:
        tail = tail[space + 1 :]
    return "…" + tail


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    limit = ctx.host.limits.description_cut or DESCRIPTION_LIMIT  # the host's own cut
    for tool in ctx.scope.tools:
        text = tool.description
        if text is None or len(text) <= limit:
            continue
        lost = text[limit:]
        yield ctx.tool_problem(
            tool,
            f"description is {len(text):,} characters; Claude Code sends only the first "
            f"{limit:,} and cuts the rest ({len(lost):,}) silently: the model's copy ends "
            f"{quoted(last_words(text[:limit]), _SHOWN + 2)} … [truncated], and loses "
            f"{quoted(one_line(lost), 40)}; move what matters into the first {limit:,} "
            "characters or shorten it",
            "/description",
        )
