"""Lint rules: one module per rule, registered in RULES (the order ``toolsearch rules`` lists)."""

from __future__ import annotations

from types import ModuleType

from toolsearch.rules import (
    all_deferred,
    always_load_ignored,
    deferred_without_search,
    duplicate_description,
    malformed_tool,
    missing_description,
    short_description,
    suspicious_description,
    too_many_loaded_tools,
    tool_choice_deferred,
    tool_search_not_worth_it,
    undescribed_parameter,
    unsearchable_description,
    upfront_token_budget,
)

RULES: tuple[ModuleType, ...] = (
    all_deferred,
    malformed_tool,
    deferred_without_search,
    too_many_loaded_tools,
    upfront_token_budget,
    tool_search_not_worth_it,
    missing_description,
    short_description,
    undescribed_parameter,
    duplicate_description,
    tool_choice_deferred,
    suspicious_description,
    always_load_ignored,
    unsearchable_description,
)
