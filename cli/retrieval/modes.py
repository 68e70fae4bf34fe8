"""The search modes and their searchers: the API's ``bm25`` and ``regex``, and Claude Code's
own ToolSearch (``claude-code``), Codex CLI's own ``tool_search`` (``codex``), and ``hybrid``
(bm25's ranking fused with sentence embeddings: the ``semantic`` extra). The mode is ``--mode``,
else the config's ``search.mode``, else the target's default (its host's ``default_mode``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from toolsearch.catalog.claude_code_versions import ClaudeCode
from toolsearch.catalog.codex_names import CODEX
from toolsearch.catalog.model import Tool
from toolsearch.config import Config
from toolsearch.errors import SearchInputError
from toolsearch.hosts import host_named
from toolsearch.hosts.claude_code import SEARCH_MODE as CLAUDE_CODE_MODE
from toolsearch.retrieval.bm25 import TermCounts
from toolsearch.retrieval.mode_names import MODES
from toolsearch.retrieval.searchers import BM25Searcher, RegexSearcher, Searcher

if TYPE_CHECKING:
    from toolsearch.retrieval.claude_code_search import RunIndexes


def default_mode(target: str) -> str:
    """The mode a target searches with when nothing else says: its host's."""
    return host_named(target).default_mode


def default_limit(mode: str) -> int:
    """How many results a search returns when the query names no limit: Codex's 8, else 5."""
    if mode == CODEX:  # Codex's search code (and its stemmer) loads only when asked for
        from toolsearch.retrieval.codex_search import DEFAULT_LIMIT as CODEX_LIMIT

        return CODEX_LIMIT
    from toolsearch.retrieval.searchers import DEFAULT_LIMIT

    return DEFAULT_LIMIT


def host_notes(mode: str, config: Config) -> list[str]:
    """What a host's own search preview is, said before its results (Codex's)."""
    if mode != CODEX:
        return []
    from toolsearch.retrieval.codex_search import CODEX_VERSION

    own = (
        "Codex's own deferred tools (multi_agent_v1) compete; config codex.multi-agent: false "
        "leaves them out"
        if config.codex_multi_agent
        else "Codex's own deferred tools are left out (config codex.multi-agent: false)"
    )
    return [
        f"Codex CLI {CODEX_VERSION}'s own tool_search, reproduced (Rust bm25 crate 2.3.2, "
        "English) and checked against Codex itself; results marked = share a score, which "
        f"Codex returns in a random order; {own}"
    ]


def approximation_note(target: str, modes: Sequence[str]) -> str | None:
    """The first line of ``query`` and ``eval`` under a host whose own search is not published
    (its ``search_note``), naming the modes that ranked."""
    note = host_named(target).search_note
    return note.format(modes=", ".join(modes)) if note else None


def make_searcher(
    mode: str,
    tools: Sequence[Tool],
    everything: Sequence[Tool] | None = None,
    claude_code: ClaudeCode | None = None,
    codex_own: bool = True,
    term_counts: TermCounts | None = None,
    claude_code_indexes: RunIndexes | None = None,
) -> Searcher:
    """A searcher for ``mode`` over ``tools``; ``everything`` (the scope's tools) lets Claude
    Code's exact names and ``select:`` reach tools that are not searched; ``codex_own``: Codex's
    own deferred tools compete (its ``multi_agent`` feature, on by default); ``claude_code`` is
    the Claude Code version the ``claude-code`` mode previews (default: the newest);
    ``term_counts``: BM25's per-tool term counts, shared by the indexes of a run;
    ``claude_code_indexes``: Claude Code's indexes of a run, one reading another's hits."""
    if mode == "bm25":
        return BM25Searcher(tools, term_counts)
    if mode == "regex":
        return RegexSearcher(tools)
    if mode == CLAUDE_CODE_MODE:
        from toolsearch.retrieval.claude_code_search import ClaudeCodeSearcher

        return ClaudeCodeSearcher(tools, everything, claude_code, claude_code_indexes)
    if mode == CODEX:
        from toolsearch.retrieval.codex_search import CodexSearcher

        return CodexSearcher(tools, with_own=codex_own)
    if mode == "hybrid":
        from toolsearch.retrieval.embedding import require_semantic
        from toolsearch.retrieval.hybrid import HybridSearcher

        require_semantic()
        return HybridSearcher(tools)
    raise SearchInputError("invalid_tool_input", f"unknown mode {mode!r}: use {', '.join(MODES)}")
