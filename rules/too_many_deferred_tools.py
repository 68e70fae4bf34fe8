"""Flags a request with more than 10,000 deferred tools.

## What it does
Counts the deferred tools of each request (custom tools, tools of `mcp_toolset` servers whose
catalogs were given, deferred server tools) and reports when there are more than
`max-deferred` (default 10,000, the documented limit).

## Why is this bad?
Tool search takes at most 10,000 tools with `defer_loading: true` per request (earlier wording:
10,000 tools "in your catalog") (tool-search-facts.md §2.9). UNCERTAIN: the error text for a
request over the limit is not documented (§2.4). Toolsets whose catalog was not given are not
counted, since their tools are unknown.

## Options
- `max-deferred` (default 10000): the limit. Change it only if Anthropic changes theirs.

## Example
With this `.toolsearch.yaml` (at the real limit the example would need 10,001 tools):
```yaml .toolsearch
rules:
  too-many-deferred-tools: {max-deferred: 2}
```
```json
[{"name": "get_weather", "description": "Current weather.", "input_schema": {"type": "object"}},
 {"name": "get_forecast", "description": "Forecast.", "defer_loading": true,
  "input_schema": {"type": "object"}},
 {"name": "get_alerts", "description": "Alerts.", "defer_loading": true,
  "input_schema": {"type": "object"}},
 {"name": "get_radar", "description": "Radar.", "defer_loading": true,
  "input_schema": {"type": "object"}}]
```

## Fix
Split the catalog over requests (by product area, say), or drop tools nobody calls (same
`.toolsearch.yaml`):
```yaml .toolsearch
rules:
  too-many-deferred-tools: {max-deferred: 2}
```
```json
[{"name": "get_weather", "description": "Current weather.", "input_schema": {"type": "object"}},
 {"name": "get_forecast", "description": "Forecast.", "defer_loading": true,
  "input_schema": {"type": "object"}},
 {"name": "get_alerts", "description": "Alerts.", "defer_loading": true,
  "input_schema": {"type": "object"}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions

ID = "too-many-deferred-tools"
LEVEL = "error"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = "more than 10,000 deferred tools in one request"


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    max_deferred: int = 10_000


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    limit = int(options.max_deferred)
    deferred = [t.location for t in scope.tools if t.deferred]
    deferred.extend(t.location for t in scope.server_tools if t.deferred)
    if len(deferred) <= limit:
        return
    where = scope.tools_location or deferred[limit]
    yield Problem(
        f"{len(deferred):,} tools are deferred, over tool search's {limit:,}",
        where,
    )
