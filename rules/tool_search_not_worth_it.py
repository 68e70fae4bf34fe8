"""Notes requests where tool search costs more than it saves.

## What it does
In a request (or tools array) that carries a tool search tool, reports (once, with every reason
that applies) when:
- it has fewer than `min-tools` tools (custom and MCP tools; not counted when an
  `mcp_toolset`'s catalog is unknown);
- all its tool definitions together are estimated at fewer than `min-tokens` tokens;
- deferral saves fewer than `min-saved` tokens: the deferred definitions weigh less than the
  search tool's own 500 tokens (the figure `toolsearch budget` shows as "saved").

Options:
- `min-tools` (default 10): Anthropic's "use when ≥10 tools / skip when <10 tools".
- `min-tokens` (default 100): Anthropic's "tiny definitions (<100 tokens total)".
- `min-saved` (default 0): the least saving worth a search step; 0 reports a negative saving.

Claude Code scopes (`--target claude-code`) are left out: Claude Code keeps its ToolSearch for
its own deferred built-in tools whatever the MCP servers hold, and its `ENABLE_TOOL_SEARCH=auto`
already loads small catalogs (tool-search-facts.md §6.5).

## Why is this bad?
Tool search adds the search tool (about 500 tokens, tool-search-facts.md §4.2) and a search
round trip before Claude can call a deferred tool. Anthropic's guidance (§2.9) is to skip it with
fewer than 10 tools, when all tools are used on every request, or when definitions are tiny
(under 100 tokens in total). Loading such tools costs less and avoids a failed search.

## Example
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

## Fix
Load the tools and drop the search tool:
```json
{"model": "claude-sonnet-4-5", "tools": [
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}},
  {"name": "get_forecast", "description": "Ten-day weather forecast for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toolsearch.budget import ScopeBudget
from toolsearch.linter import Context, Problem
from toolsearch.partial_budget import sampled_budget

ID = "tool-search-not-worth-it"
LEVEL = "info"
SUMMARY = "tool search on fewer than 10 tools, tiny definitions, or deferral that saves nothing"
OPTIONS: dict[str, Any] = {"min-tools": 10, "min-tokens": 100, "min-saved": 0}
OPTION_MINIMA = {"min-saved": None}  # a negative floor: warn only when deferral costs more


def _too_small(budget: ScopeBudget, options: Mapping[str, Any]) -> bool:
    """True when the definitions or the saving fall under a limit (both grow with every tool)."""
    definitions = sum(r.tokens for r in budget.rows if r.kind == "tool")
    too_few_tokens = round(definitions) < options["min-tokens"]
    return bool(too_few_tokens or round(budget.totals.saved) < options["min-saved"])


def check(ctx: Context, options: Mapping[str, Any]) -> Iterator[Problem]:
    scope = ctx.scope
    if not scope.search_tools or scope.implicit_search or not scope.tools:
        return
    reasons = []
    count = len(scope.tools)
    if not scope.unknown_toolsets and count < options["min-tools"]:
        reasons.append(
            f"only {count} tool{'s' if count != 1 else ''} (min-tools {options['min-tools']})"
        )
    budget, complete = sampled_budget(ctx)
    if not complete and _too_small(budget, options):
        budget = ctx.budget  # the sample is not enough to clear the scope: cost every tool
    definitions = sum(r.tokens for r in budget.rows if r.kind == "tool")
    if round(definitions) < options["min-tokens"]:
        reasons.append(
            f"all definitions total about {round(definitions):,} tokens "
            f"(min-tokens {options['min-tokens']})"
        )
    saved = round(budget.totals.saved)
    if saved < options["min-saved"]:
        deferred = round(sum(r.tokens for r in budget.rows if r.deferred))
        search = round(budget.totals.search_tool)
        if saved < 0:
            reasons.append(
                f"the deferred tools weigh about {deferred:,} tokens and the search tool "
                f"{search:,}, so deferral costs about {-saved:,} more than it saves"
            )
        else:
            reasons.append(
                f"deferral saves only about {saved:,} tokens (min-saved {options['min-saved']})"
            )
    if not reasons:
        return
    yield Problem(
        f"tool search costs more than it saves here: {'; '.join(reasons)} (estimates); load "
        "every tool and drop the search tool",
        scope.search_tools[0].location,
    )
