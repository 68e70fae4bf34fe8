"""Flags requests that keep more than a handful of tools loaded while tool search is on.

## What it does
In a scope that uses tool search (a tool search tool, or Claude Code's ToolSearch), counts the
custom and MCP tools that stay loaded (not deferred) and reports when there are more than
`max-loaded`. The search tool does not count, nor do other server tools (web search, code
execution), whose deferral the facts do not cover. The message lists the costliest loaded tools
with their estimated tokens, the first candidates to defer.

Options:
- `max-loaded` (default 5): the most loaded tools allowed.

## Why is this bad?
Anthropic's advice is to keep the 3-5 most used tools loaded and defer the rest
(tool-search-facts.md §2.9, "keep the 3-5 most-used tools non-deferred"). Every loaded tool is
paid for on every request, and selection accuracy falls as the number of visible tools grows
(§2.9: past 30-50 tools). Under `--target claude-code`, loaded tools are those with
`_meta["anthropic/alwaysLoad"]: true`.

## Example
```json
{"model": "claude-sonnet-4-5", "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "list_files", "description": "List files in a folder.",
   "input_schema": {"type": "object"}},
  {"name": "read_file", "description": "Read a text file.",
   "input_schema": {"type": "object"}},
  {"name": "write_file", "description": "Write a text file.",
   "input_schema": {"type": "object"}},
  {"name": "move_file", "description": "Move or rename a file.",
   "input_schema": {"type": "object"}},
  {"name": "delete_file", "description": "Delete a file.",
   "input_schema": {"type": "object"}},
  {"name": "search_files", "description": "Find files by name.",
   "input_schema": {"type": "object"}}
]}
```

## Fix
Defer what is used less often:
```json
{"model": "claude-sonnet-4-5", "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "list_files", "description": "List files in a folder.",
   "input_schema": {"type": "object"}},
  {"name": "read_file", "description": "Read a text file.",
   "input_schema": {"type": "object"}},
  {"name": "write_file", "description": "Write a text file.",
   "input_schema": {"type": "object"}},
  {"name": "move_file", "description": "Move or rename a file.",
   "input_schema": {"type": "object"}, "defer_loading": true},
  {"name": "delete_file", "description": "Delete a file.",
   "input_schema": {"type": "object"}, "defer_loading": true},
  {"name": "search_files", "description": "Find files by name.",
   "input_schema": {"type": "object"}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from toolsearch.catalog.counts import count_of
from toolsearch.catalog.places import scope_location
from toolsearch.lint.findings import Problem
from toolsearch.lint.partial_budget import loaded_budget
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions

ID = "too-many-loaded-tools"
LEVEL = "warning"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = "more than 5 tools stay loaded while tool search is on (keep 3-5)"


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    max_loaded: int = 5


SHOWN = 3


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    if not scope.uses_tool_search:
        return
    loaded = scope.loaded_tools
    limit = options.max_loaded
    if len(loaded) <= limit:
        return
    costs = {(r.source, r.name): r.tokens for r in loaded_budget(ctx).rows}
    ranked = sorted(loaded, key=lambda t: -costs.get((t.source, t.name), 0.0))
    shown = ", ".join(
        f"{t.name!r} ~{round(costs.get((t.source, t.name), 0.0)):,}" for t in ranked[:SHOWN]
    )
    more = f" and {len(loaded) - SHOWN} more" if len(loaded) > SHOWN else ""
    yield Problem(
        f"{count_of(len(loaded), 'tool')} stay{'s' if len(loaded) == 1 else ''} loaded with "
        f"tool search on (max-loaded {limit}): {shown}{more} (estimated tokens)",
        scope_location(scope),
    )
