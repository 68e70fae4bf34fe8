"""Notes each server whose tools Claude Code would all load: under the threshold, or Haiku.

## What it does
Under `--target claude-code`, when Claude Code's tool-search mode (`--claude-code-tool-search`,
the config's `claude-code: {tool-search: MODE}`, else `ENABLE_TOOL_SEARCH`) would defer nothing,
reports once per MCP server that all its tools are loaded upfront, and why: under `auto` or
`auto:N` the deferrable tools' definitions do not exceed N% of the context window, or the
Claude Code version previewed does not search with the model (before 2.1.332 any Haiku model,
which it says does not support `tool_reference`; from 2.1.332 only the Claude 3, 3.5 and 3.7
models). Modes `false` and `auto:100` load
everything on purpose and are not reported; `toolsearch budget` shows both sides' costs.

## Why is this bad?
Nothing breaks, but the tools take context on every turn, and a preview that assumes deferral
(ToolSearch, `tool_reference`) does not match what Claude Code does (tool-search-facts.md §6.5:
`auto` defers only past 10% of the context window, so on a 1M-token window it waits for 100K
tokens of tools, anthropics/claude-code #39279; §1.7: Claude Code's source says Haiku models do
not support `tool_reference`). UNCERTAIN: how Claude Code counts the definitions against the
threshold (toolsearch uses its own estimates), so this is only a note.

## Example
```yaml .toolsearch
target: claude-code
claude-code: {tool-search: auto}
```
```json docs
{"tools": [{"name": "get_page", "description": "Fetch one documentation page by its path.",
            "inputSchema": {"type": "object"}}]}
```

## Fix
```yaml .toolsearch
target: claude-code
claude-code: {tool-search: "true"}
```
```json docs
{"tools": [{"name": "get_page", "description": "Fetch one documentation page by its path.",
            "inputSchema": {"type": "object"}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.model import Tool
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "claude-code-loads-all-tools"
HOSTS = ("claude-code",)  # checks only the scope Claude Code sends, under --target claude-code
LEVEL = "info"
SUMMARY = (
    "under claude-code, a server's tools all load upfront: auto:N's threshold not reached, "
    "or a model Claude Code does not search with"
)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    decision = ctx.analysis.tool_search_decision
    if decision is None:
        return
    if decision.reason == "haiku":
        why = f"Claude Code {decision.version} does not search with {decision.model_id} (Haiku)"
    elif decision.reason == "model":
        why = f"Claude Code {decision.version} turns tool search off for {decision.model_id}"
    elif decision.reason == "under-threshold":
        why = (
            f"about {decision.deferrable_tokens:,} deferrable tokens, under the "
            f"{decision.threshold:,} of tool search {decision.mode.text!r}"
        )
    else:
        return
    servers: dict[str, list[Tool]] = {}
    for tool in ctx.scope.tools:
        servers.setdefault(tool.source, []).append(tool)
    for source, tools in servers.items():
        count = "its only tool is" if len(tools) == 1 else f"all {len(tools)} of its tools are"
        yield ctx.tool_problem(
            tools[0],
            f"server {source!r}: {count} loaded upfront ({why})",
        )
