"""Flags tools that a search made of their own name and description does not return.

## What it does
Runs the check of `toolsearch eval --self` on each scope: for every searched tool (the deferred
tools when any tool is deferred, else every tool) it makes a BM25 query from the tool's own name
and description and reports the tool when it is not among the first `top` results (default:
the search's own default `limit`, 5 for the API, 8 for Codex). A tool its server keeps for apps
(Codex's apps-only tools; from Claude Code 2.1.280 under its search, a `_meta.ui.visibility`
without `"model"`) is not reported: the client never searches it, by the server's choice.
Scopes with more than `max-tools` searched tools (default 1,000) are skipped to keep lint fast;
raise the option to check them. Option `mode` chooses the search: `search` (default: the
config's `search.mode`, else the target's), `bm25`, `claude-code`, `codex` (Codex CLI's own
search, its own deferred tools competing), or `hybrid` (the `semantic` extra; see `toolsearch
query --mode hybrid`). Option `check: held-out` runs the harder check of `toolsearch eval
--held-out` instead: each tool's description searched for among the tools' names and arguments
only (descriptions held out of the index); it reports tools whose name and arguments do not say
what their description does (a tool without a description is left to `missing-description`).

## Why is this bad?
A deferred tool reaches the model only through a search: the tool search tool returns the 3-5
best matches by default (tool-search-facts.md §2.1, §2.2). When even the tool's own words rank
other tools above it, a query from the model will not find it either. The usual causes are tools
that use the same words as their neighbours (aliases, near-copies across servers) and tools whose
name and description say nothing specific. The search here is toolsearch's BM25 (see `toolsearch
query`); the API's own ranking is not published, so treat this as a strong hint, not a proof.

## Example
```json
{"tools": [
  {"name": "read_file", "description": "Read a file.", "inputSchema": {"type": "object"}},
  {"name": "readFile", "description": "Read a file.", "inputSchema": {"type": "object"}},
  {"name": "read-file", "description": "Read a file.", "inputSchema": {"type": "object"}},
  {"name": "file_read", "description": "Read a file.", "inputSchema": {"type": "object"}},
  {"name": "ReadFile", "description": "Read a file.", "inputSchema": {"type": "object"}},
  {"name": "read.file", "description": "Read a file.", "inputSchema": {"type": "object"}}
]}
```

## Fix
Keep one tool per job and say in each name and description what sets it apart:
```json
{"tools": [
  {"name": "read_file", "description": "Read a text file.", "inputSchema": {"type": "object"}},
  {"name": "read_image", "description": "Read an image as base64.",
   "inputSchema": {"type": "object"}},
  {"name": "list_directory", "description": "List a folder's entries.",
   "inputSchema": {"type": "object"}},
  {"name": "move_file", "description": "Move or rename a file.",
   "inputSchema": {"type": "object"}},
  {"name": "delete_file", "description": "Delete a file.", "inputSchema": {"type": "object"}},
  {"name": "file_info", "description": "Size and dates of a file.",
   "inputSchema": {"type": "object"}}
]}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import RuleOptions

ID = "unfindable-tool"
LEVEL = "warning"
SUMMARY = "a tool that a search made of its own name and description does not return"


@dataclass(frozen=True)
class Options(RuleOptions):
    """This rule's options (config keys with - for _)."""

    BOUNDS: ClassVar[Mapping[str, int | None]] = {"max-tools": 1, "top": 1}
    CHOICES: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "mode": ("search", "bm25", "claude-code", "codex", "hybrid"),
        "check": ("own-words", "held-out"),
    }

    max_tools: int = 1000
    top: int = 0  # 0: the search's own default limit (5; Codex's 8)
    mode: str = "search"
    check: str = "own-words"


AHEAD_SHOWN = 3


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    scope = ctx.scope
    searched = len(scope.deferred_tools) or len(scope.tools)  # as searchers.searched_tools
    if searched > int(options.max_tools):
        return
    # The search engine (and its term stemmer) loads only for scopes this rule checks.
    from toolsearch.catalog.codex_names import CODEX
    from toolsearch.hosts.claude_code import SEARCH_MODE as CLAUDE_CODE_MODE
    from toolsearch.hosts.claude_code import hidden_from_model
    from toolsearch.retrieval.modes import default_limit
    from toolsearch.retrieval.searchers import searched_tools

    tools, _ = searched_tools(scope)
    if not tools or len(tools) > int(options.max_tools):
        return
    mode = ctx.analysis.search_mode if options.mode == "search" else options.mode
    if mode == CODEX:  # Codex's search code loads only for the scopes Codex searches
        from toolsearch.retrieval.codex_search import is_searched
    top = int(options.top) or default_limit(mode)
    held_out = options.check == "held-out"
    if held_out:
        outcomes = ctx.analysis.held_out_check(scope, mode)
        search = "its description, over names and arguments only"
    else:
        outcomes = ctx.analysis.self_check(scope, mode)
        search = "its own name and description"
    for outcome in outcomes:
        rank = outcome.ranks[0]
        if rank is not None and rank <= top:
            continue
        if outcome.error is not None:
            continue  # no description: the missing-description rule says so
        tool = outcome.expected[0]
        if mode == CODEX and not is_searched(tool):
            continue  # for apps only: Codex never searches it, by the server's choice
        if mode == CLAUDE_CODE_MODE and hidden_from_model(tool, ctx.analysis.catalog):
            continue  # for apps only: Claude Code neither lists nor searches it
        if rank is None:
            why = (
                "no name or argument holds its words"
                if held_out
                else "its name and description hold no searchable words"
            )
        else:
            ahead = ", ".join(t.name for t in outcome.got[:AHEAD_SHOWN])
            why = f"it ranks {rank}, behind {ahead}"
        yield ctx.tool_problem(
            tool,
            f"tool {tool.name!r} is not in the top {top} for {search} ({why})",
        )
