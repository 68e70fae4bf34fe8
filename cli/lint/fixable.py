"""Which rules ``lint --fix`` fixes, and what the fix does: the fixes are certain and local."""

from __future__ import annotations

FIXES = {
    "deferred-search-tool": "removes defer_loading from the tool search tool",
    "deferred-with-cache-control": (
        "moves cache_control from the deferred tool to the last loaded entry of tools"
    ),
    "all-deferred": (
        "keeps loaded the tool `toolsearch recommend` ranks first (and the search tool, when "
        "deferred-search-tool is selected too)"
    ),
    "deferred-without-search": "adds the BM25 tool search tool to tools",
}


def is_fixable(rule_id: str) -> bool:
    return rule_id in FIXES


def fix_line(rule_id: str) -> str:
    """One line for a rule's documentation: whether ``lint --fix`` fixes it, and how."""
    what = FIXES.get(rule_id)
    if what is None:
        return "fix: by hand (lint --fix does not change it)"
    return f"fix: automatic with lint --fix or --diff: {what}"
