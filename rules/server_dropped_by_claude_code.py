"""Flags a tool whose input schema makes Claude Code drop every tool of its server.

## What it does
Under `--target claude-code`, reports each MCP tool whose top-level `inputSchema` is not a plain
object schema: a top-level `anyOf`, `oneOf` or `allOf`, an `if`/`then`/`else`, a root `$ref`,
or `"required": null`. The message names the tool that sinks the server and how many tools of
that server go with it. A root type other than `object` is `invalid-input-schema`, which also
reports `"required": null` as invalid JSON Schema (the API's view); this rule adds what Claude
Code does with it.

## Why is this bad?
Users report that Claude Code drops every tool of a server, without a word, when one of its tools
has such a schema: the server looks connected, but its tools are not sent and ToolSearch finds
none of them (anthropics/claude-code issues #88049, #95504 and #44364; Goldziher/basemind#50 lost
all 78 tools to one `$ref`/`$defs` schema). The API itself asks only for an object schema at the
root (tool-search-facts.md §1.3, §6.1). UNCERTAIN: these are user reports, not documented
behaviour, and which Claude Code versions drop the server is not known, so this is a warning
(decisions.md "Rule levels": uncertain facts are warnings).

## Example
```yaml .toolsearch
target: claude-code
```
```json docs
{"tools": [{"name": "get_page", "description": "Fetch one documentation page by path or id.",
            "inputSchema": {"type": "object",
                            "anyOf": [{"required": ["path"]}, {"required": ["id"]}],
                            "properties": {"path": {"type": "string"},
                                           "id": {"type": "string"}}}}]}
```

## Fix
```yaml .toolsearch
target: claude-code
```
```json docs
{"tools": [{"name": "get_page", "description": "Fetch one documentation page: give path or id.",
            "inputSchema": {"type": "object",
                            "properties": {"path": {"type": "string"},
                                           "id": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from toolsearch.catalog.tool_names import quoted
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.lint.schema_check import schema_pointer

ID = "server-dropped-by-claude-code"
HOSTS = ("claude-code",)  # checks only the scope Claude Code sends, under --target claude-code
LEVEL = "warning"
SUMMARY = (
    "a tool's inputSchema (top-level anyOf/oneOf/allOf, if/then, a root $ref, required: null) "
    "makes Claude Code drop every tool of its server"
)
Options = NoOptions

_COMBINERS = ("$ref", "anyOf", "oneOf", "allOf", "if", "then", "else")


def sinking_key(schema: Any) -> tuple[str, str] | None:
    """The top-level key that is not plain (key, what it is), or None for a plain schema."""
    if not isinstance(schema, Mapping):
        return None
    for key in _COMBINERS:
        if key in schema:
            what = "a root $ref" if key == "$ref" else f"a top-level {key}"
            return key, what
    if "required" in schema and schema["required"] is None:
        return "required", '"required": null'
    return None


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    per_server = Counter(tool.source for tool in ctx.scope.tools)
    for tool in ctx.scope.tools:
        found = sinking_key(tool.input_schema)
        if found is None:
            continue
        key, what = found
        count = per_server[tool.source]
        others = "1 tool" if count == 1 else f"{count} tools"
        yield ctx.tool_problem(
            tool,
            f"inputSchema of {quoted(tool.name)} has {what}, which makes Claude Code drop "
            f"server {quoted(tool.source)} ({others})",
            f"{schema_pointer(tool)}/{_escape(key)}",
        )


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")
