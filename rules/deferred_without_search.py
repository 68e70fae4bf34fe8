"""Flags deferred tools that nothing can load: no tool search tool, no custom search tool.

## What it does
Checks each request (or tools array) that defers tools, through `defer_loading: true` or an
`mcp_toolset`'s `default_config`/`configs`, for something that can find them: a tool search
tool (`tool_search_tool_regex_20251119`, `tool_search_tool_bm25_20251119` or an undated alias),
or a loaded custom tool that could be a custom search tool. A custom search tool is recognised by
its name or description: its name has a search word (`search`, `find`, `discover`, `lookup`,
`locate`, `load`) and the word `tool`/`tools` (`search_tools`, `findTool`), or its description
says it searches, finds or loads tools or returns `tool_reference` blocks. When the only such
tool is itself deferred, the message says so. Claude Code scopes (`--target claude-code`) always
have Claude Code's own ToolSearch.

## Why is this bad?
A deferred tool stays out of the prompt until a search returns a `tool_reference` for it
(tool-search-facts.md §1.1, §2.3). With no search tool, Claude never sees the deferred tools and
cannot call them: they cost nothing and do nothing. A custom search tool works only if it stays
loaded and returns `tool_reference` blocks (§2.6). This rule cannot see what a custom tool
returns, so a loaded tool that looks like a search tool silences it.

## Example
```json
{"model": "claude-sonnet-4-5", "tools": [
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}},
  {"name": "get_forecast", "description": "Ten-day weather forecast for a city.",
   "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```

## Fix
Add a tool search tool (or stop deferring). Fixable: `toolsearch lint --fix` adds the BM25
one, unless that would add a finding (with few tools, `tool-search-not-worth-it`: then stop
deferring by hand) or a custom search tool is there; `--diff` shows the change:
```json
{"model": "claude-sonnet-4-5", "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}},
  {"name": "get_forecast", "description": "Ten-day weather forecast for a city.",
   "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from toolsearch.catalog.model import Scope, Tool
from toolsearch.catalog.places import scope_location
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.retrieval.words import words

ID = "deferred-without-search"
LEVEL = "warning"
SUMMARY = "tools are deferred but no search tool (or custom search tool) can load them"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own

SEARCH_WORDS = frozenset({"search", "find", "discover", "lookup", "locate", "load"})
TOOL_WORDS = frozenset({"tool", "tools"})
# "searches for tools", "find the right tools", "loads matching tools": bounded, no nesting.
_DESCRIBES_SEARCH = re.compile(
    r"\b(?:search|find|discover|look\s?up|locate|load)(?:e?s|ing)?\b"
    r"(?:\s+[\w-]{1,20}){0,3}?\s+(?:tools|tool\s+definitions)\b"
    r"|\btool_reference\b",
    re.I,
)
OTHER_SEARCH_TYPES = frozenset({"tool_search"})  # OpenAI Responses' own tool search


def looks_like_search_tool(tool: Tool) -> bool:
    """A custom tool whose name or description says it finds tools."""
    name = set(words(tool.name))
    if name & SEARCH_WORDS and name & TOOL_WORDS:
        return True
    return bool(tool.description and _DESCRIBES_SEARCH.search(tool.description[:2000]))


def _deferred_count(scope: Scope) -> tuple[int, list[str]]:
    """Deferred tools, and toolsets with no catalog that defer some of theirs."""
    count = len(scope.deferred_tools)
    count += sum(1 for t in scope.other_server_tools if t.deferred)
    toolsets = []
    for toolset in scope.unknown_toolsets:
        if toolset.defers_something:
            toolsets.append(toolset.server_name or "?")
    return count, toolsets


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    if scope.uses_tool_search or any(t.type in OTHER_SEARCH_TYPES for t in scope.server_tools):
        return
    count, toolsets = _deferred_count(scope)
    if not count and not toolsets:
        return
    candidates = [t for t in scope.tools if looks_like_search_tool(t)]
    if any(not t.deferred for t in candidates):
        return
    what = []
    if count:
        what.append(f"{count} tool{'s are' if count != 1 else ' is'} deferred")
    if toolsets:
        what.append(f"mcp_toolset {', '.join(repr(s) for s in toolsets)} defers tools")
    message = f"{' and '.join(what)} with no tool search tool to load them"
    if candidates:
        message += f" ({candidates[0].name!r}, a custom search tool, is deferred itself)"
    yield Problem(message, scope_location(scope))
