"""Flags what API version 2026-10-21 refuses.

## What it does
With `api-version: 2026-10-21` or later in the config (`--api-version`; the `anthropic-version`
your requests are sent with), checks each request body for `temperature`, `top_p` and `top_k`,
and, on Amazon Bedrock (`--platform bedrock`, `bedrock-invoke`, `bedrock-converse`), for a model
before Claude 4.7.

## Why is this bad?
API version `2026-10-21` removes `temperature`, `top_p` and `top_k` (a request that sends them
is refused with 400), and Bedrock serves that version only for Claude 4.7 and later (Anthropic's
versioning and migration pages, hosts-facts.md §3).

## Example
```yaml .toolsearch
api-version: "2026-10-21"
```
```json
{"model": "claude-opus-5", "max_tokens": 1024, "temperature": 0.2, "tools": [
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```

## Fix
Drop the sampling parameters (or stay on the older version):
```yaml .toolsearch
api-version: "2026-10-21"
```
```json
{"model": "claude-opus-5", "max_tokens": 1024, "tools": [
  {"name": "get_weather", "description": "Current weather for a city.",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.places import scope_location
from toolsearch.hosts.platforms import API_VERSION_2026_10_21, generation
from toolsearch.lint.findings import Problem
from toolsearch.lint.platform_facts import run_platform, sent_to_messages_api
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "api-version-refusal"
LEVEL = "error"
SUMMARY = "what API version 2026-10-21 refuses: sampling parameters, old models on Bedrock"
HOSTS = ("api",)
Options = NoOptions
REMOVED = ("temperature", "top_p", "top_k")


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    version = ctx.config.api_version
    scope = ctx.scope
    if version is None or version < API_VERSION_2026_10_21 or not sent_to_messages_api(scope):
        return
    where = scope_location(scope)
    for field in REMOVED:
        if field in scope.request:
            yield Problem(
                f"API version {version} removes {field}: the request is refused (400); drop it",
                ctx.locate(where.file, f"/{field}", where),
            )
    platform = run_platform(ctx)
    model_id = ctx.model_id
    oldest = platform.api_version_from
    found = generation(model_id) if model_id else None
    if oldest is not None and found is not None and found < oldest:
        yield Problem(
            f"{platform.label} serves API version {version} only for Claude "
            f"{oldest[0]}.{oldest[1]} and later, not {model_id}; use an older version there, "
            "or a newer model",
            where,
        )
