"""Lint rules: one module per rule, registered in RULES (the order ``toolsearch rules`` lists)."""

from __future__ import annotations

from types import ModuleType

from toolsearch.rules import all_deferred, malformed_tool, unfindable_tool

RULES: tuple[ModuleType, ...] = (
    all_deferred,
    malformed_tool,
    unfindable_tool,
)
