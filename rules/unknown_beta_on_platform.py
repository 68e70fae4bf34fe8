"""Flags an `anthropic-beta` value that the platform does not know (Vertex AI).

## What it does
Under `--platform vertex`, reads the betas a request body asks for (the SDK's `betas`, a raw
body's `anthropic_beta`, or `extra_headers` `anthropic-beta`, comma-separated) and reports
each value that is not among those documented for Vertex: `tool-search-tool-2025-10-19`
(tool search) and `tool-examples-2025-10-29` (tool-use examples). A value seen refused (the
web search beta) or documented as not served there (the MCP connector's) is an error; any
other value is a warning, since Vertex's full list is not published.

## Why is this bad?
Vertex refuses the whole request for a beta value it does not know: "Unexpected value(s)
'web-search-2025-03-05' for the 'anthropic-beta' header" (anthropics/claude-code #12429;
hosts-facts.md §1.3). The Claude API's own tool-search beta (`advanced-tool-use-2025-11-20`)
is not Vertex's, and the MCP connector is not served on Vertex (tool-search-facts.md §1.6).

## Example
```yaml .toolsearch
platform: vertex
```
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "betas": ["tool-search-tool-2025-10-19", "web-search-2025-03-05"],
 "tools": [{"name": "get_weather", "description": "Current weather for a city.",
            "input_schema": {"type": "object"}}]}
```

## Fix
Send only the betas Vertex knows:
```yaml .toolsearch
platform: vertex
```
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "betas": ["tool-search-tool-2025-10-19"],
 "tools": [{"name": "get_weather", "description": "Current weather for a city.",
            "input_schema": {"type": "object"}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toolsearch.catalog.places import scope_location
from toolsearch.catalog.tool_names import quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.platform_facts import run_platform, sent_to_messages_api
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "unknown-beta-on-platform"
LEVEL = "error"
SUMMARY = "an anthropic-beta value Vertex does not know (400, its full list not published)"
HOSTS = ("api",)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    platform = run_platform(ctx)
    if platform.known_betas is None or not sent_to_messages_api(scope):
        return
    where = scope_location(scope)
    for pointer, value in _betas(scope.request):
        if value in platform.known_betas:
            continue
        refused = value.startswith(platform.refused_betas)
        yield Problem(
            f"{platform.label} {'refuses' if refused else 'may refuse'} the beta {quoted(value)}",
            ctx.locate(where.file, pointer, where),
            key=value,
            uncertain=not refused,
        )


def _betas(request: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Each beta value the body asks for, with where it is written."""
    for field in ("betas", "anthropic_beta"):
        values = request.get(field)
        if isinstance(values, list):
            for index, value in enumerate(values):
                if isinstance(value, str):
                    yield f"/{field}/{index}", value.strip()
    headers = request.get("extra_headers")
    header = headers.get("anthropic-beta") if isinstance(headers, Mapping) else None
    if isinstance(header, str):
        for value in header.split(","):
            if value.strip():
                yield "/extra_headers/anthropic-beta", value.strip()
