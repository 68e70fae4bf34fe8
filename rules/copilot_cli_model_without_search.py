"""Flags a Copilot CLI run on a model that Copilot CLI does not search tools with.

## What it does
Under `--target copilot-cli`, checks the model the run names (`--model`, the config's `model`;
default claude-sonnet-4-5) against the models Copilot CLI searches with: Claude Mythos
Preview, Fable, Haiku 4.5 or later, Sonnet 4.0 or later and Opus 4.0 or later, and GPT-5.4 or
later. A model it cannot place (another vendor's) is reported as a warning too: the list names
no other.

## Why is this bad?
"Any other model loads everything upfront" (github/docs, copilot-cli `tool-search.md`;
hosts-facts.md §1.5): every MCP tool's definition is sent on every request, however many
there are, and "a few dozen tool definitions can eat 10-20K tokens". Below about 30 tools
Copilot CLI loads everything whatever the model (`toolsearch budget --target copilot-cli` says
so in a note).

## Example
```yaml .toolsearch
target: copilot-cli
model: gpt-4.1
```
```json docs
{"tools": [{"name": "search", "description": "Search the docs.",
            "inputSchema": {"type": "object"}}]}
```

## Fix
Run Copilot CLI on a model it searches with:
```yaml .toolsearch
target: copilot-cli
model: gpt-5.5
```
```json docs
{"tools": [{"name": "search", "description": "Search the docs.",
            "inputSchema": {"type": "object"}}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.places import scope_location
from toolsearch.hosts.copilot_cli import searches_with
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "copilot-cli-model-without-search"
LEVEL = "warning"
SUMMARY = "Copilot CLI loads every tool upfront on a model it does not search with"
HOSTS = ("copilot-cli",)
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    model = ctx.model_id or ctx.host.default_model
    if not scope.tools or searches_with(model):
        return
    yield Problem(
        f"Copilot CLI does not search tools with {model!r}: all {len(scope.tools)} load upfront",
        scope_location(scope),
    )
