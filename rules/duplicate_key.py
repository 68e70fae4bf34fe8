"""Flags a key given twice in one JSON object or YAML mapping of a catalog.

## What it does
Reads each file of the scope as written and reports every key that appears more than once in
the same object (`{"name": "a", ..., "name": "b"}`), with the lines of each occurrence.

## Why is this bad?
JSON leaves repeated keys undefined (RFC 8259 §4: names "SHOULD be unique", and parsers
differ), and YAML forbids them. toolsearch, like Python's json module and PyYAML, keeps the
last value; the API's JSON parser may keep the first, or refuse the request. What it does is
not documented (tool-search-facts.md has no entry for it), so toolsearch and the API may see
different tools: a different name, description or `defer_loading`. Hence a warning, not an
error.

## Example
```json
[{"name": "get_weather", "description": "Weather for a city.",
  "input_schema": {"type": "object"}, "name": "get_forecast"}]
```

## Fix
Keep one of the two, the one you mean.
```json
[{"name": "get_weather", "description": "Weather for a city.",
  "input_schema": {"type": "object"}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.duplicate_keys import duplicate_keys
from toolsearch.catalog.locate import join_pointer, split_pointer
from toolsearch.catalog.model import Location
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.sanitize import one_line

ID = "duplicate-key"
LEVEL = "warning"
SUMMARY = "a key is given twice in one JSON object or YAML mapping"
Options = NoOptions


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    sources = set(ctx.scope.sources)
    for document in ctx.documents.values():
        if document.source not in sources:
            continue
        for repeat in duplicate_keys(document):
            pointer = join_pointer(*split_pointer(repeat.pointer), repeat.key)
            places = ", ".join(f"{line}:{column}" for line, column in repeat.places)
            line, column = repeat.places[-1] if repeat.places else (None, None)
            yield Problem(
                f'key "{one_line(repeat.key, 60)}" is given '
                f"{f'{len(repeat.places)} times' if places else 'more than once'}"
                f" in {repeat.pointer or 'the top-level object'}"
                f"{f' (at {places})' if places else ''}",
                Location(document.display, pointer, line, column),
                None,
                document.source,
            )
