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
from dataclasses import dataclass
from typing import ClassVar

from toolsearch.cost.budget import ScopeBudget
from toolsearch.lint.findings import Problem
from toolsearch.lint.partial_budget import sampled_budget
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions

ID = "tool-search-not-worth-it"
LEVEL = "info"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = "tool search on fewer than 10 tools, tiny definitions, or deferral that saves nothing"


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    # a negative floor: warn only when deferral costs more
    BOUNDS: ClassVar[Mapping[str, int | None]] = {"min-saved": None}

    min_tools: int = 10
    min_tokens: int = 100
    min_saved: int = 0


def _too_small(budget: ScopeBudget, options: Options) -> bool:
    """True when the definitions or the saving fall under a limit (both grow with every tool)."""
    definitions = sum(r.tokens for r in budget.rows if r.kind == "tool")
    too_few_tokens = round(definitions) < options.min_tokens
    return bool(too_few_tokens or round(budget.totals.saved) < options.min_saved)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    if not scope.search_tools or scope.implicit_search or not scope.tools:
        return
    reasons = []
    count = len(scope.tools)
    if not scope.unknown_toolsets and count < options.min_tools:
        reasons.append(
            f"only {count} tool{'s' if count != 1 else ''} (min-tools {options.min_tools})"
        )
    budget, complete = sampled_budget(ctx)
    if not complete and _too_small(budget, options):
        budget = ctx.budget  # the sample is not enough to clear the scope: cost every tool
    definitions = sum(r.tokens for r in budget.rows if r.kind == "tool")
    if round(definitions) < options.min_tokens:
        reasons.append(
            f"all definitions an estimated {round(definitions):,} tokens "
            f"(min-tokens {options.min_tokens})"
        )
    saved = round(budget.totals.saved)
    if saved < options.min_saved:
        deferred = round(sum(r.tokens for r in budget.rows if r.deferred))
        search = round(budget.totals.search_tool)
        if saved < 0:
            reasons.append(
                f"deferring an estimated {deferred:,} tokens costs a search tool of {search:,}"
            )
        else:
            reasons.append(
                f"deferral saves an estimated {saved:,} tokens (min-saved {options.min_saved})"
            )
    if not reasons:
        return
    yield Problem(
        f"tool search does not pay here: {', '.join(reasons)}",
        scope.search_tools[0].location,
    )
