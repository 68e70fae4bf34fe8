"""Flags tools whose descriptions are the same, or nearly the same, as another tool's.

## What it does
Compares the descriptions of the tools in each request (or tools array). Two descriptions are the
same when their words match once case, punctuation and spacing are ignored; nearly the same when
the sets of their meaningful words (stopwords and one-letter words left out) have a Jaccard
similarity of at least `similarity` and both have at least `min-words` such words. Each repeat
is reported once, against the earliest tool it repeats. The comparison runs in linear time (a
normalised-text hash for exact repeats, prefix filtering on the rarest words for near ones), so
it stays fast on 10,000 tools.

Options:
- `similarity` (default 0.8): the share of meaningful words two descriptions must have in
  common to count as nearly the same (1.0: only the same words, in any order).
- `min-words` (default 10): shorter descriptions count only when they are the same. In a short
  description the one word that differs is usually the point ("Create a new issue in a GitLab
  project" and "Create a new GitLab project" share 80% of their words).

## Why is this bad?
Tool search ranks tools on their names and descriptions (tool-search-facts.md §2.1): when two
descriptions say the same thing, a query matches both equally and Claude must guess between
them; the one returned in the 3-5 results may be the wrong one (§2.2). Copied descriptions are
also a sign of a description that was never written for the second tool.

## Example
```json
[{"name": "search_issues", "description": "Search issues in a GitHub repository by keyword.",
  "input_schema": {"type": "object"}},
 {"name": "search_pull_requests", "description": "Search issues in a GitHub repository by keyword",
  "input_schema": {"type": "object"}}]
```

## Fix
```json
[{"name": "search_issues", "description": "Search issues in a GitHub repository by keyword.",
  "input_schema": {"type": "object"}},
 {"name": "search_pull_requests",
  "description": "Search pull requests in a GitHub repository by keyword, branch or review.",
  "input_schema": {"type": "object"}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from toolsearch.catalog.places import field_pointer
from toolsearch.lint.findings import Problem
from toolsearch.lint.near_duplicates import find_matches
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


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    tools = ctx.scope.tools
    texts: list[str] = []
    sets: list[frozenset[str]] = []
    for tool in tools:
        found = prose_words(tool.description or "")
        texts.append(" ".join(found))
        # is_searchable, inlined: this loop runs over every word of every description
        sets.append(frozenset(w for w in set(found) - STOPWORDS if len(w) > 1 and not w.isdigit()))
    matches = find_matches(texts, sets, float(options.similarity), int(options.min_words))
    for match in matches:
        tool, original = tools[match.index], tools[match.original]
        how = "repeats" if match.exact else "nearly repeats"
        shared = "" if match.exact else f" ({round(100 * match.similarity)}% of words shared)"
        yield ctx.tool_problem(
            tool,
            f"description of {tool.name!r} {how} that of {original.name!r}"
            f"{_where(tool.source, original.source)}{shared}",
            field_pointer(tool, "description"),
        )


def _where(source: str, other: str) -> str:
    return f" (source {other})" if source != other else ""
