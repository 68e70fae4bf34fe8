"""The search modes and their searchers: the API's ``bm25`` and ``regex``, and Claude Code's
own ToolSearch (``claude-code``), and ``hybrid`` (bm25's ranking fused with sentence embeddings:
the ``semantic`` extra). The mode is ``--mode``, else the config's ``search.mode``,
else the target's default: ``bm25`` under ``api``, ``claude-code`` under ``claude-code``."""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.catalog.claude_code_versions import ClaudeCode
from toolsearch.catalog.model import Tool
from toolsearch.errors import SearchInputError
from toolsearch.retrieval.claude_code_search import ClaudeCodeSearcher
from toolsearch.retrieval.searchers import BM25Searcher, RegexSearcher, Searcher

MODES = ("bm25", "regex", "claude-code", "hybrid")


def default_mode(target: str) -> str:
    """The mode a target searches with when nothing else says."""
    return "claude-code" if target == "claude-code" else "bm25"


def make_searcher(
    mode: str,
    tools: Sequence[Tool],
    everything: Sequence[Tool] | None = None,
    claude_code: ClaudeCode | None = None,
) -> Searcher:
    """A searcher for ``mode`` over ``tools``; ``everything`` (the scope's tools) lets Claude
    Code's exact names and ``select:`` reach tools that are not searched; ``claude_code`` is
    the Claude Code version the ``claude-code`` mode previews (default: the newest)."""
    if mode == "bm25":
        return BM25Searcher(tools)
    if mode == "regex":
        return RegexSearcher(tools)
    if mode == "claude-code":
        return ClaudeCodeSearcher(tools, everything, claude_code)
    if mode == "hybrid":
        from toolsearch.retrieval.embedding import require_semantic
        from toolsearch.retrieval.hybrid import HybridSearcher

        require_semantic()
        return HybridSearcher(tools)
    raise SearchInputError("invalid_tool_input", f"unknown mode {mode!r}: use {', '.join(MODES)}")
