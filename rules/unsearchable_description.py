"""Notes tool names and descriptions that a lexical (BM25) search cannot index well.

## What it does
Reports:
- a description written in a script that puts no spaces between words (Chinese, Japanese,
  Thai, Lao, Khmer, Myanmar, Tibetan), found as a run of more than `max-unspaced-run` such
  characters with no space or punctuation in it;
- a name with no searchable word: split at `_`, `-`, `.`, case changes and digits, no part has
  two or more letters that is not a stopword (`t1`, `x_2`, `do_it`);
- a description with no searchable word (only symbols, numbers, emoji or stopwords).
Missing descriptions are `missing-description`'s.

Options:
- `max-unspaced-run` (default 6): the longest run of unspaced-script characters accepted. Six
  characters are two or three Chinese or Japanese words; a single term such as 日本語 passes.

## Why is this bad?
Tool search matches words of tool names, descriptions and arguments (tool-search-facts.md
§2.1). A BM25 index splits text into words at spaces and punctuation, so a sentence in an
unspaced script becomes one long "word" that no query matches unless it repeats the whole run:
Anthropic's BM25 tool search was reported failing on Japanese descriptions
(anthropic-sdk-python #1116, peers.md §5 item 7). A name or description with no words gives
search nothing to match. Add space-separated keywords (in the language users search in) and
give tools names made of words.

## Example
```json
[{"name": "get_weather", "description": "指定した都市の現在の天気を取得します。",
  "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]
```

## Fix
```json
[{"name": "get_weather",
  "description": "Current weather for a city (天気 取得 都市): temperature, wind, rain.",
  "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from toolsearch.catalog.places import field_pointer
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions
from toolsearch.retrieval.words import has_searchable_word

ID = "unsearchable-description"
LEVEL = "info"
SUMMARY = (
    "a description in an unspaced script (CJK, Thai, ...), or a name or description with no words"
)


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    BOUNDS: ClassVar[Mapping[str, int | None]] = {"max-unspaced-run": 1}

    max_unspaced_run: int = 6


_UNSPACED = (
    "[\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f]+"
)


@cache
def _unspaced() -> re.Pattern[str]:
    """The unspaced scripts' runs, compiled for the first text that is not ASCII (its Unicode
    ranges take a millisecond of every start otherwise)."""
    return re.compile(_UNSPACED)


_SCRIPTS = (
    (0x0E00, 0x0E7F, "Thai"),
    (0x0E80, 0x0EFF, "Lao"),
    (0x0F00, 0x0FFF, "Tibetan"),
    (0x1000, 0x109F, "Myanmar"),
    (0x1780, 0x17FF, "Khmer"),
)


def script_of(run: str) -> str:
    """A readable name for the script of an unspaced run."""
    if any(0x3040 <= ord(c) <= 0x30FF or 0x31F0 <= ord(c) <= 0x31FF for c in run):
        return "Japanese"
    first = ord(run[0])
    for low, high, name in _SCRIPTS:
        if low <= first <= high:
            return name
    return "Chinese or Japanese (Han)"


def longest_unspaced(text: str) -> str:
    """The longest run of unspaced-script characters in text ('' when none)."""
    if text.isascii():  # most descriptions: no script of these is ASCII
        return ""
    return max(_unspaced().findall(text), key=len, default="")


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    limit = options.max_unspaced_run
    for tool in ctx.scope.tools:
        if not has_searchable_word(tool.name):
            yield ctx.tool_problem(
                tool,
                f"name {tool.name!r} has no searchable word",
                field_pointer(tool, "name"),
            )
        description = tool.description
        if not description or not description.strip():
            continue
        run = longest_unspaced(description)
        if len(run) > limit:
            yield ctx.tool_problem(
                tool,
                f"description of {tool.name!r} is written in {script_of(run)} without spaces "
                f"between words (a run of {len(run)} characters, max-unspaced-run {limit})",
                field_pointer(tool, "description"),
            )
        elif not run and not has_searchable_word(description):
            yield ctx.tool_problem(
                tool,
                f"description of {tool.name!r} has no searchable word",
                field_pointer(tool, "description"),
            )
