"""Flags `title`s in an input schema that only repeat the property's name (or the tool's).

## What it does
Reports, once per tool, each `title` whose words are the words of its property's name
(`"title": "Repo Path"` on `repo_path`), and a root `title` that is the tool's name, or its
end, with a word like `Arguments` (`"title": "statusArguments"` on `git_status`): what
pydantic and similar generators write by default. Titles in definitions nothing refers to are
`unused-definition`'s.

## Why is this bad?
The schema is sent to the model and billed as input tokens (tool-search-facts.md §1.3, §2.8);
such a title tells the model nothing its property name has not told it. In the reference Git
server they are 40 of the schemas' titles, about a fifth of its schema tokens.

`toolsearch lint --fix` removes them. Safe by construction: `title` is an annotation that no
validator asserts, so the schema accepts exactly the same instances; and the words it carried
are still there, in the property's (or the tool's) name (decisions.md, "Fixes").

## Example
```json
[{"name": "git_status", "description": "Show the working tree status of a Git repository.",
  "input_schema": {"type": "object", "title": "statusArguments",
    "properties": {"repo_path": {"type": "string", "title": "Repo Path",
                                 "description": "Path to the Git repository"}},
    "required": ["repo_path"]}}]
```

## Fix
```json
[{"name": "git_status", "description": "Show the working tree status of a Git repository.",
  "input_schema": {"type": "object",
    "properties": {"repo_path": {"type": "string", "description": "Path to the Git repository"}},
    "required": ["repo_path"]}}]
```
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from toolsearch.catalog.model import Tool
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions
from toolsearch.lint.slim_rule import cut_problems, listed
from toolsearch.lint.slimming import REDUNDANT_TITLE, Cut

ID = REDUNDANT_TITLE
LEVEL = "info"
SUMMARY = "an input schema has titles that only repeat a property's or the tool's name"
Options = NoOptions


def _message(tool: Tool, cuts: Sequence[Cut], saving: str) -> str:
    count = "a title that only repeats" if len(cuts) == 1 else f"{len(cuts)} titles that repeat"
    return f"input schema of {tool.name!r} has {count} a name, {saving} to save: {listed(cuts)}"


def check(ctx: Context, options: NoOptions) -> Iterator[Problem]:
    yield from cut_problems(ctx, ID, _message)
