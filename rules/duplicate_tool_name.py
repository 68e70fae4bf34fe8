"""Flags two tools of one request with the same name.

## What it does
Compares the names of every tool in a request as they are sent: custom tools, tools of
`mcp_toolset` servers whose catalogs were given, server tools (`web_search`, the tool search
tool, ...) and, under `--target claude-code`, the `mcp__<server>__<tool>` names Claude Code
sends. Every tool after the first with a name already used is reported.

## Why is this bad?
A tool's name is how Claude calls it (`tool_use.name`) and how search results load it
(`tool_reference.tool_name`, tool-search-facts.md §2.3), so two tools with one name cannot both
be reached, and a request that defines a name twice is counted among those the API rejects
(tool names must be unique, §1.1). The MCP spec
asks servers for names "unique within a server" (§6.3); two servers, or a server and a custom
tool, can still collide once put in one request. UNCERTAIN: the facts record no error text for
this case.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"name": "search", "description": "Search the wiki.",
   "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}}},
  {"name": "search", "description": "Search the issue tracker.",
   "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}}}]}
```

## Fix
Namespace names by service, which also helps search find the right group:
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"name": "wiki_search", "description": "Search the wiki.",
   "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}}},
  {"name": "issues_search", "description": "Search the issue tracker.",
   "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.locate import pointer_key
from toolsearch.catalog.model import Location
from toolsearch.catalog.tool_names import quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "duplicate-tool-name"
LEVEL = "error"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = "two tools in one request have the same name"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    entries: list[tuple[str, str, Location, str]] = [
        (t.sent_name, t.name, t.location, t.source) for t in scope.tools
    ]
    entries.extend((t.name, t.name, t.location, t.source) for t in scope.server_tools if t.name)
    if len({entry[0] for entry in entries}) == len(entries):
        return  # the common case: every name once, nothing to order
    # The request's own file first, then in file order: the first definition is kept.
    entries.sort(key=lambda e: (e[2].file != scope.files[0], e[2].file, pointer_key(e[2].pointer)))
    by_name: dict[str, list[tuple[str, str, Location, str]]] = {}
    for entry in entries:
        by_name.setdefault(entry[0], []).append(entry)
    for sent, group in by_name.items():
        if len(group) < 2:
            continue
        sources = ", ".join(dict.fromkeys(e[3] for e in group))
        for _sent, name, location, source in group[1:]:
            yield Problem(
                f"tool name {quoted(sent)} is used by {len(group)} tools (sources: {sources})",
                location,
                name,
                source,
            )
