"""Flags a client request with more tools than the client takes.

## What it does
Under `--target copilot-vscode` or `--target gemini`, counts the MCP tools the client sends in
its one request and reports a count over the client's cap: 128 tools a request in Copilot in
VS Code, 512 function declarations in Gemini (`max-tools` sets another; 0: the client's own).

## Why is this bad?
The client's model API refuses the whole request. Copilot answers "You may not include more
than 128 tools in your request." (vscode-copilot-release #11653, #13065, #13337; hosts-facts.md
§1.4); its own tools count too, so the real room is smaller than 128. Gemini answers
"tools[0].function_declarations: [FIELD_INVALID] At most 512 function declarations can be
specified." (python-genai `types.py` at `66807187`; gemini-cli #19083, #25440; hosts-facts.md
§1.2).

## Example
```yaml .toolsearch
target: gemini
rules:
  client-tool-limit: {max-tools: 2}
```
```json docs
{"tools": [
  {"name": "search", "description": "Search the docs.", "inputSchema": {"type": "object"}},
  {"name": "fetch", "description": "Fetch one page.", "inputSchema": {"type": "object"}},
  {"name": "list", "description": "List the pages.", "inputSchema": {"type": "object"}}
]}
```

## Fix
Turn off the servers or tools a task does not need, so that fewer are sent:
```yaml .toolsearch
target: gemini
rules:
  client-tool-limit: {max-tools: 2}
```
```json docs
{"tools": [
  {"name": "search", "description": "Search the docs.", "inputSchema": {"type": "object"}},
  {"name": "fetch", "description": "Fetch one page.", "inputSchema": {"type": "object"}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from toolsearch.catalog.places import scope_location
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions

ID = "client-tool-limit"
LEVEL = "error"
SUMMARY = "more tools than the client takes in one request (Copilot in VS Code 128, Gemini 512)"
HOSTS = ("copilot-vscode", "gemini")


@dataclass(frozen=True)
class Options(RuleOptions):
    BOUNDS: ClassVar[Mapping[str, int | None]] = {"max-tools": 0}
    max_tools: int = 0  # 0: the client's own cap


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    host = ctx.host
    limit = options.max_tools or host.limits.tools_per_request
    count = len(ctx.scope.tools)
    if limit is None or count <= limit:
        return
    yield Problem(
        f"{host.label} is sent {count} MCP tools, over its {limit} a request",
        scope_location(ctx.scope),
    )
