"""Which rules ``lint --fix`` fixes, and what the fix does: the fixes are certain and local.

``FIXES`` keep the instances a schema accepts and everything the model reads; the
``UNSAFE_FIXES`` (applied only with ``--unsafe-fixes``) keep the instances but drop text the
model reads.
"""

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
    "unused-definition": "removes the definitions nothing refers to",
    "redundant-title": "removes the titles that only repeat the property's (or tool's) name",
    "redundant-additional-properties": "removes additionalProperties: true",
    "verbose-union": (
        'writes an anyOf of a type and null as "type": [T, "null"], and drops repeated '
        "anyOf/allOf branches"
    ),
}
UNSAFE_FIXES = {
    "restated-default": "removes the defaults and examples that the description states",
    "title-in-schema": "removes the property titles that say more than the property's name",
}


def is_fixable(rule_id: str, unsafe: bool = False) -> bool:
    """Whether ``lint --fix`` (with ``unsafe``: ``--fix --unsafe-fixes``) fixes the rule."""
    return rule_id in FIXES or (unsafe and rule_id in UNSAFE_FIXES)


def fix_class(rule_id: str) -> str | None:
    """``"safe"`` when ``lint --fix`` fixes the rule, ``"unsafe"`` when only ``--fix
    --unsafe-fixes`` does, else None."""
    if rule_id in FIXES:
        return "safe"
    return "unsafe" if rule_id in UNSAFE_FIXES else None


def fix_line(rule_id: str) -> str:
    """One line for a rule's documentation: whether ``lint --fix`` fixes it, and how."""
    what = FIXES.get(rule_id)
    if what is not None:
        return f"fix: automatic with lint --fix or --diff: {what}"
    unsafe = UNSAFE_FIXES.get(rule_id)
    if unsafe is not None:
        return f"fix: automatic with lint --fix --unsafe-fixes (or --diff --unsafe-fixes): {unsafe}"
    return "fix: by hand (lint --fix does not change it)"
