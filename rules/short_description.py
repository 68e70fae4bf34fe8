"""Flags tool descriptions too short to be found or chosen.

## What it does
Reports each tool whose description, with whitespace folded, is shorter than `min-length`
characters (empty descriptions are `missing-description`'s).

Options:
- `min-length` (default 30): the shortest acceptable description, in characters. 30 characters
  is about five English words: below it a description rarely says more than the name
  ("Close the page" for `browser_close`). In the catalogs this project tests against, about one
  tool in ten is under 30 characters and nearly half under 60. Anthropic asks for 3-4 sentences
  (about 150-300 characters); raise the option toward that for a stricter check.

## Why is this bad?
Tool search ranks tools on the words of their names, descriptions and arguments
(tool-search-facts.md §2.1): a description that only repeats the name adds no words a query can
match, and Claude picks between similar tools by their descriptions. Anthropic recommends 3-4
sentences or more per description, "especially important when using tool search" (§1.1).

## Example
```json
[{"name": "browser_close", "description": "Close the page", "input_schema": {"type": "object"}}]
```

## Fix
```json
[{"name": "browser_close",
  "description": "Close the current browser page or tab and free its resources.",
  "input_schema": {"type": "object"}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from toolsearch.catalog.places import field_pointer
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions

ID = "short-description"
LEVEL = "warning"
SUMMARY = "a tool description is shorter than min-length (30) characters"


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    min_length: int = 30


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    minimum = options.min_length
    for tool in ctx.scope.tools:
        if not tool.description or _long_enough(tool.description, minimum):
            continue
        length = len(" ".join(tool.description.split()))
        if 0 < length < minimum:
            yield ctx.tool_problem(
                tool,
                f"description of {tool.name!r} is {length} characters (min-length {minimum})",
                field_pointer(tool, "description"),
            )


def _long_enough(text: str, minimum: int) -> bool:
    """A quick sufficient test that text has at least ``minimum`` characters once its
    whitespace is folded: a beginning folds to a beginning of the folded whole, never longer,
    so a long description is not split whole (most of a large catalog's)."""
    head = text[: 2 * minimum]
    return len(" ".join(head.split())) >= minimum
