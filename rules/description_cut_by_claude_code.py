"""Flags an MCP tool description Claude Code cuts, and shows where.

## What it does
Under `--target claude-code`, reports each MCP tool whose description is longer than the
Claude Code version previewed (`--claude-code-version`) sends: 2,048 characters before 2.1.295;
from 2.1.295 16,384 for a deferred tool once loaded; for one kept loaded 2,048 before 2.1.296
and 4,096 from it (found by driving the clients); from 2.1.280 the length
`CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH` or the config's `claude-code.max-mcp-description-length`
sets, when set, for every description, kept loaded or deferred (driven with 100, 1,000 and
8,000; 2.1.278 ignores it). Each is followed by "… [truncated]". The message shows the last
words the model still sees and how many characters are lost.

## Why is this bad?
Claude Code cuts MCP tool descriptions at 2 KB (tool-search-facts.md §4.2, CC-mcp "For MCP server
authors"; decisions.md "Claude Code names": 2,048 characters with "… [truncated]" appended). It
does so silently while `/mcp` shows the description whole, so users keep editing text the model
never reads (anthropics/claude-code #81268, #87650): usage notes, examples or warnings at the
end are lost, and ToolSearch cannot match their words. UNCERTAIN: the reports are users', and
the limit changes between Claude Code versions (issue 26), so this is a warning.

## Example
```yaml .toolsearch
target: claude-code
claude-code: {version: "2.1.294"}
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
claude-code: {version: "2.1.294"}
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
from toolsearch.hosts.claude_code import TRUNCATED
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.sanitize import one_line

ID = "description-cut-by-claude-code"
HOSTS = ("claude-code",)  # checks only the scope Claude Code sends, under --target claude-code
LEVEL = "warning"
SUMMARY = "under claude-code, a tool description longer than Claude Code sends is cut silently"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    for tool in ctx.scope.tools:
        text, sent = tool.description, tool.sent_description
        if text is None or sent is None or sent == text or not sent.endswith(TRUNCATED):
            continue
        limit = len(sent) - len(TRUNCATED)  # the cut of the version previewed
        lost = text[limit:]
        yield ctx.tool_problem(
            tool,
            f"description is {len(text):,} characters: Claude Code cuts the last "
            f"{len(lost):,}, from {quoted(one_line(lost), 40)}",
            "/description",
        )
