"""Flags tool and request fields whose value has the wrong type.

## What it does
Checks the types of the fields the Messages API types strictly:
- on a tool (custom tools and server tools): `defer_loading`, `strict` and
  `eager_input_streaming` must be true or false, `cache_control` an object, `allowed_callers`
  an array of strings;
- on an `mcp_toolset`: `default_config` and `configs` objects, each config an object whose
  `enabled` and `defer_loading` are true or false;
- on the request: `model` a string, `tool_choice` an object.
(`input_examples` has its own rule, `invalid-input-example`; names and schemas theirs.)

## Why is this bad?
The SDK types these fields exactly (tool-search-facts.md §1.1: `defer_loading`, `strict`,
`cache_control`, `allowed_callers`, `eager_input_streaming`; §3: each config has `enabled` and
`defer_loading`), and the API validates the request against those types: `"defer_loading":
"yes"` is a 400, not a deferred tool. toolsearch also cannot tell what was meant, so it treats
such a tool as not deferred, and every figure it prints about deferral is off.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": "yes",
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```

## Fix
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [
  {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
  {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": true,
   "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
```
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from toolsearch.catalog.dialects import kind_of
from toolsearch.catalog.locate import join_pointer
from toolsearch.catalog.model import Location
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.sanitize import one_line

ID = "invalid-field-type"
LEVEL = "error"
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own
SUMMARY = "a tool, toolset or request field has the wrong type (the API rejects it, 400)"
Options = NoOptions

BOOLEAN_FIELDS = ("defer_loading", "strict", "eager_input_streaming")
WANTED = {"boolean": "true or false", "object": "an object", "string": "a string"}
# Every field an entry's checks read: most tools of a large catalog hold none of them.
_CHECKED = frozenset({*BOOLEAN_FIELDS, "cache_control", "allowed_callers"})


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except ValueError:
        text = str(value)
    return one_line(text, 40)


def _wrong(value: Any, wanted: str) -> bool:
    if wanted == "boolean":
        return not isinstance(value, bool)
    if wanted == "object":
        return not isinstance(value, Mapping)
    return not isinstance(value, str)


def _problem(
    ctx: Context, where: Location, field: str, owner: str, value: Any, wanted: str, **ids: Any
) -> Problem:
    at = ctx.locate(where.file, where.pointer + join_pointer(*field.split("/")), fallback=where)
    return Problem(
        f"{field} of {owner} is {kind_of(value)} ({_shown(value)}), not {WANTED[wanted]}",
        at,
        ids.get("tool"),
        ids.get("source"),
    )


def _owner(name: str) -> str:
    """A tool or server tool as a message names it."""
    return repr(one_line(name, 60))


def _entry_problems(
    ctx: Context, raw: Mapping[str, Any], where: Location, name: str, **ids: Any
) -> Iterator[Problem]:
    """A tool's or server tool's fields of the wrong type (``name`` is quoted only in a
    finding: most entries have none)."""
    for field in BOOLEAN_FIELDS:
        nullable = field == "eager_input_streaming" and raw.get(field) is None
        if field in raw and not nullable and _wrong(raw[field], "boolean"):
            yield _problem(ctx, where, field, _owner(name), raw[field], "boolean", **ids)
    if "cache_control" in raw and _wrong(raw["cache_control"], "object"):
        cache_control = raw["cache_control"]
        yield _problem(ctx, where, "cache_control", _owner(name), cache_control, "object", **ids)
    callers = raw.get("allowed_callers")
    if "allowed_callers" in raw and not (
        isinstance(callers, list) and all(isinstance(c, str) for c in callers)
    ):
        yield Problem(
            f"allowed_callers of {_owner(name)} is {kind_of(callers)} ({_shown(callers)}), "
            "not an array of strings",
            ctx.locate(where.file, where.pointer + "/allowed_callers", fallback=where),
            ids.get("tool"),
            ids.get("source"),
        )


def _toolset_problems(ctx: Context) -> Iterator[Problem]:
    for toolset in ctx.scope.toolsets:
        raw, where = toolset.raw, toolset.location
        owner = f"mcp_toolset {one_line(str(toolset.server_name), 60)!r}"
        for key in ("default_config", "configs"):
            if key in raw and _wrong(raw[key], "object"):
                yield _problem(ctx, where, key, owner, raw[key], "object", source=toolset.source)
        configs: list[tuple[str, Any]] = []
        if isinstance(raw.get("default_config"), Mapping):
            configs.append(("default_config", raw["default_config"]))
        if isinstance(raw.get("configs"), Mapping):
            for name, config in raw["configs"].items():
                field = f"configs/{name}"
                if not isinstance(config, Mapping):
                    yield _problem(
                        ctx, where, field, owner, config, "object", source=toolset.source
                    )
                    continue
                configs.append((field, config))
        for field, config in configs:
            for key in ("enabled", "defer_loading"):
                if key in config and _wrong(config[key], "boolean"):
                    yield _problem(
                        ctx,
                        where,
                        f"{field}/{key}",
                        owner,
                        config[key],
                        "boolean",
                        source=toolset.source,
                    )


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    for tool in scope.tools:
        if _CHECKED.isdisjoint(tool.raw):
            continue  # nothing to check (and no name to quote)
        yield from _entry_problems(
            ctx,
            tool.raw,
            tool.location,
            tool.name,
            tool=tool.name,
            source=tool.source,
        )
    for server in scope.server_tools:
        yield from _entry_problems(
            ctx,
            server.raw,
            server.location,
            server.name or server.type,
            tool=server.name,
            source=server.source,
        )
    yield from _toolset_problems(ctx)
    if scope.kind != "request" or scope.tools_location is None:
        return
    root = Location(scope.tools_location.file, "")
    for field, wanted in (("model", "string"), ("tool_choice", "object")):
        value = _request_value(ctx, field)
        if value is not _ABSENT and _wrong(value, wanted):
            yield _problem(ctx, root, field, "the request", value, wanted, source=scope.sources[0])


_ABSENT = object()


def _request_value(ctx: Context, field: str) -> Any:
    """A request field's raw value (the scope keeps only well-typed ones)."""
    scope = ctx.scope
    if field == "tool_choice":
        return scope.tool_choice if scope.tool_choice is not None else _ABSENT
    return scope.request.get(field, _ABSENT)
