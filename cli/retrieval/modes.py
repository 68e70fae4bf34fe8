"""The search modes and their searchers: the API's ``bm25`` and ``regex``, and Claude Code's
own ToolSearch (``claude-code``), and ``hybrid`` (bm25's ranking fused with sentence embeddings:
the ``semantic`` extra). The mode is ``--mode``, else the config's ``search.mode``,
else the target's default (its host's ``default_mode``)."""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.catalog.model import Tool
from toolsearch.errors import SearchInputError
from toolsearch.hosts import host_named
from toolsearch.hosts.claude_code import SEARCH_MODE as CLAUDE_CODE_MODE
from toolsearch.retrieval.claude_code_search import ClaudeCodeSearcher
from toolsearch.retrieval.mode_names import MODES
from toolsearch.retrieval.searchers import BM25Searcher, RegexSearcher, Searcher


def default_mode(target: str) -> str:
    """The mode a target searches with when nothing else says: its host's."""
    return host_named(target).default_mode


def make_searcher(
    mode: str, tools: Sequence[Tool], everything: Sequence[Tool] | None = None
) -> Searcher:
    """A searcher for ``mode`` over ``tools``; ``everything`` (the scope's tools) lets Claude
    Code's exact names and ``select:`` reach tools that are not searched."""
    if mode == "bm25":
        return BM25Searcher(tools)
    if mode == "regex":
        return RegexSearcher(tools)
    if mode == CLAUDE_CODE_MODE:
        return ClaudeCodeSearcher(tools, everything)
    if mode == "hybrid":
        from toolsearch.retrieval.embedding import require_semantic
        from toolsearch.retrieval.hybrid import HybridSearcher

        require_semantic()
        return HybridSearcher(tools)
    raise SearchInputError("invalid_tool_input", f"unknown mode {mode!r}: use {', '.join(MODES)}")
