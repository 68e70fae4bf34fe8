"""Flags tools whose descriptions are the same, or nearly the same, as another tool's.

## What it does
Compares the descriptions of the tools in each request (or tools array). Two descriptions are the
same when their words match once case, punctuation and spacing are ignored; nearly the same when
the sets of their meaningful words (stopwords and one-letter words left out) have a Jaccard
similarity of at least `similarity` and both have at least `min-words` such words. Each repeat
is reported once, against the earliest tool it repeats. The comparison runs in linear time (a
normalised-text hash for exact repeats, prefix filtering on the rarest words for near ones), so
it stays fast on 10,000 tools.

Each finding says what the repeated text costs: about so many tokens here, and in all the
tools that repeat the same original (estimated, as `budget` estimates descriptions).

With `parameters` (default true) it also looks at the descriptions of parameters, nested ones
included: a parameter description of at least `min-words` meaningful words that is the same,
word for word, in several parameters (of one tool or of several) is reported once, at its
second place, with how many places carry it and what the copies cost in all.

Options:
- `similarity` (default 0.8): the share of meaningful words two descriptions must have in
  common to count as nearly the same (1.0: only the same words, in any order).
- `min-words` (default 10): shorter descriptions count only when they are the same. In a short
  description the one word that differs is usually the point ("Create a new issue in a GitLab
  project" and "Create a new GitLab project" share 80% of their words).
- `parameters` (default true): also report parameter descriptions repeated word for word.

## Why is this bad?
Tool search ranks tools on their names and descriptions (tool-search-facts.md §2.1): when two
descriptions say the same thing, a query matches both equally and Claude must guess between
them; the one returned in the 3-5 results may be the wrong one (§2.2). Copied descriptions are
also a sign of a description that was never written for the second tool, and each copy is paid
for again wherever its tool is loaded (§2.8): Sentry's server repeats one 20-word parameter
description in 17 tools.

## Example
```json
[{"name": "search_issues", "description": "Search issues in a GitHub repository by keyword.",
  "input_schema": {"type": "object"}},
 {"name": "search_pull_requests", "description": "Search issues in a GitHub repository by keyword",
  "input_schema": {"type": "object"}}]
```

## Fix
Say it once (in the tool's description, or a shared definition), or say what differs:
```json
[{"name": "search_issues", "description": "Search issues in a GitHub repository by keyword.",
  "input_schema": {"type": "object"}},
 {"name": "search_pull_requests",
  "description": "Search pull requests in a GitHub repository by keyword, branch or review.",
  "input_schema": {"type": "object"}}]
```
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from toolsearch.catalog.model import Tool
from toolsearch.catalog.places import field_pointer
from toolsearch.lint.findings import Problem
from toolsearch.lint.near_duplicates import Match, find_matches
from toolsearch.lint.parameters import Parameter, descriptions, parameters
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions
from toolsearch.retrieval.words import STOPWORDS, prose_words

ID = "duplicate-description"
LEVEL = "warning"
SUMMARY = "two tools have the same or nearly the same description"


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    similarity: float = 0.8
    min_words: int = 10
    parameters: bool = True


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    yield from _tool_descriptions(ctx, options)
    if options.parameters:
        yield from _parameter_descriptions(ctx, int(options.min_words))


def _tokens(ctx: Context, texts: list[str], part: str) -> list[float]:
    """Each text as a ``"description"`` field, in estimated tokens (one batch)."""
    from toolsearch.cost.schema_parts import each_part_tokens

    fields = ['"description":' + json.dumps(t, ensure_ascii=False) for t in texts]
    return each_part_tokens(fields, ctx.model, ctx.analysis.counter, part)


def _costs(ctx: Context, tools: tuple[Tool, ...], matches: list[Match]) -> dict[int, float]:
    """Each repeating tool's description, in estimated tokens."""
    texts = [tools[m.index].description or "" for m in matches]
    figures = _tokens(ctx, texts, "description")
    return {m.index: tokens for m, tokens in zip(matches, figures, strict=True)}


def _tool_descriptions(ctx: Context, options: Options) -> Iterator[Problem]:
    tools = ctx.scope.tools
    texts: list[str] = []
    sets: list[set[str]] = []
    for tool in tools:
        found = prose_words(tool.description or "")
        texts.append(" ".join(found))
        # is_searchable, inlined: this loop runs over every word of every description (a set
        # made once and trimmed in place: no second set per description)
        meaningful = set(found)
        meaningful -= STOPWORDS
        meaningful.difference_update([w for w in meaningful if len(w) < 2 or w.isdigit()])
        sets.append(meaningful)
    matches = find_matches(texts, sets, float(options.similarity), int(options.min_words))
    costs = _costs(ctx, tools, matches)
    by_original: dict[int, list[int]] = defaultdict(list)
    for match in matches:
        by_original[match.original].append(match.index)
    for match in matches:
        tool, original = tools[match.index], tools[match.original]
        how = "repeats" if match.exact else "nearly repeats"
        shared = "" if match.exact else f" ({round(100 * match.similarity)}% of words shared)"
        copies = by_original[match.original]
        here = round(costs[match.index])
        total = (
            f", {round(sum(costs[i] for i in copies)):,} over the {len(copies)} tools that "
            f"repeat {original.name!r}"
            if len(copies) > 1
            else ""
        )
        yield ctx.tool_problem(
            tool,
            f"description of {tool.name!r} {how} that of {original.name!r}"
            f"{_where(tool.source, original.source)}{shared}, about {here:,} tokens (estimate"
            f"{total})",
            field_pointer(tool, "description"),
        )


def _parameter_descriptions(ctx: Context, min_words: int) -> Iterator[Problem]:
    """Parameter descriptions repeated word for word: once per text, at its second place."""
    places: dict[str, list[tuple[Tool, int]]] = defaultdict(list)  # (tool, parameter's place)
    keys: dict[str, str | None] = {}  # each description's words, once per text (most repeat)
    for tool in ctx.scope.tools:
        for position, text in enumerate(descriptions(tool.input_schema)):
            if text is None:
                continue
            if text not in keys:
                keys[text] = _repeatable(text, min_words)
            key = keys[text]
            if key is not None:
                places[key].append((tool, position))
    repeated = [uses for uses in places.values() if len(uses) > 1]
    seconds = [_parameter(*uses[1]) for uses in repeated]
    figures = _tokens(ctx, [parameter.description or "" for parameter in seconds], "")
    for uses, parameter, each in zip(repeated, seconds, figures, strict=True):
        (first_tool, first_at), (tool, _) = uses[0], uses[1]
        first = _parameter(first_tool, first_at)
        tools = len({id(t) for t, _ in uses})
        where = (
            f"{len(uses)} parameters of {tools} tools"
            if tools > 1
            else (f"{len(uses)} parameters of {tool.name!r}")
        )
        yield ctx.tool_problem(
            tool,
            f"description of parameter {parameter.path!r} of {tool.name!r} repeats that of "
            f"{first.path!r} of {first_tool.name!r}{_where(tool.source, first_tool.source)}: "
            f"in {where}, about {round(each):,} tokens each, {round(each * len(uses)):,} in all "
            "(estimate)",
            field_pointer(tool, "input_schema") + parameter.pointer + "/description",
        )


def _parameter(tool: Tool, position: int) -> Parameter:
    """The tool's parameter at ``position`` (in the order of ``descriptions``)."""
    return next(islice(parameters(tool.input_schema), position, None))


def _repeatable(text: str, min_words: int) -> str | None:
    """The description's words as one text, or None when it has too few meaningful words."""
    found = prose_words(text)
    meaningful = {w for w in found if w not in STOPWORDS and len(w) > 1}
    return " ".join(found) if len(meaningful) >= max(min_words, 1) else None


def _where(source: str, other: str) -> str:
    return f" (source {other})" if source != other else ""
