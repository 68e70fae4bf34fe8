"""The tool search tool entry an edit adds (``lint --fix``, ``recommend --apply``)."""

from __future__ import annotations

from toolsearch.catalog.model import SEARCH_TOOL_NAMES

SEARCH_TYPES = {
    "bm25": "tool_search_tool_bm25_20251119",
    "regex": "tool_search_tool_regex_20251119",
}


def search_tool_entry(mode: str) -> dict[str, str]:
    """The tool search tool entry for ``mode`` (bm25 or regex)."""
    return {"type": SEARCH_TYPES[mode], "name": SEARCH_TOOL_NAMES[mode]}
