"""Flags requests whose upfront token cost exceeds a budget.

## What it does
Estimates each scope's upfront cost as `toolsearch budget` does: the tool-use system prompt for
the model and `tool_choice`, 500 tokens per loaded search tool, and every loaded tool's
definition. It reports scopes whose cost exceeds `max-tokens`, with the parts of the figure and
the costliest loaded tools. The figure is an estimate (cl100k_base calibrated per model family;
`toolsearch budget --exact` counts it with Anthropic's `count_tokens`).

Options:
- `max-tokens` (default 10,000): the budget. When the rule's own `max-tokens` is not set in the
  config, `budget.max-upfront` applies, else 10,000.

## Why is this bad?
Loaded tool definitions are paid for on every request and take context before any work starts.
Anthropic advises tool search once definitions pass 10,000 tokens (tool-search-facts.md §2.9;
§5: 58 tools took about 55,000 tokens, against about 8,700 with tool search).

## Example
```yaml config
rules:
  upfront-token-budget: {max-tokens: 500}
```
```json
{"model": "claude-sonnet-4-5", "tools": [
  {"name": "get_weather",
   "description": "Current weather for a city, with temperature, wind and rain.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```

## Fix
Defer tools behind tool search, or raise the budget:
```yaml config
rules:
  upfront-token-budget: {max-tokens: 1000}
```
```json
{"model": "claude-sonnet-4-5", "tools": [
  {"name": "get_weather",
   "description": "Current weather for a city, with temperature, wind and rain.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from toolsearch.catalog.places import scope_location
from toolsearch.lint.findings import Problem
from toolsearch.lint.partial_budget import loaded_budget
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions

ID = "upfront-token-budget"
LEVEL = "warning"
SUMMARY = "the upfront cost of a request (estimate) exceeds max-tokens (default 10,000)"


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    max_tokens: int = 10_000


SHOWN = 3


def limit(ctx: Context, options: Options) -> tuple[float, str]:
    """The budget and its origin: the rule's option > ``budget.max-upfront`` > 10,000."""
    own = ctx.config.rules.get(ID)
    if isinstance(own, Mapping) and "max-tokens" in own:
        return options.max_tokens, "max-tokens"
    if ctx.config.max_upfront is not None:
        return ctx.config.max_upfront, "budget.max-upfront"
    return options.max_tokens, "max-tokens"


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    budget_tokens, origin = limit(ctx, options)
    budget = loaded_budget(ctx)
    totals = budget.totals
    if round(totals.upfront) <= budget_tokens:
        return
    loaded = [r for r in budget.rows if not r.deferred]
    costliest = ", ".join(f"{r.name!r} ~{round(r.tokens):,}" for r in loaded[:SHOWN])
    yield Problem(
        f"upfront cost is about {round(totals.upfront):,} tokens, over {origin} "
        f"{budget_tokens:,} (estimate for {budget.model_id}"
        + (f", costliest loaded: {costliest})" if costliest else ")"),
        scope_location(ctx.scope),
    )
