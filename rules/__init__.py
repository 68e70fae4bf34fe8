"""Lint rules: one module per rule, registered in RULES (the order ``toolsearch rules`` lists)."""

from __future__ import annotations

from types import ModuleType

from toolsearch.rules import (
    all_deferred,
    dangling_tool_reference,
    deferred_search_tool,
    deferred_with_cache_control,
    duplicate_tool_name,
    examples_with_tool_search,
    invalid_input_example,
    invalid_input_schema,
    invalid_search_tool,
    invalid_tool_name,
    long_tool_name,
    malformed_tool,
    mcp_server_mismatch,
    reference_to_loaded_tool,
    strict_mode_limits,
    too_many_deferred_tools,
    toolset_catalog_unknown,
    uncertain_model_support,
    unknown_tool_in_configs,
    unsupported_model,
)

RULES: tuple[ModuleType, ...] = (
    all_deferred,
    malformed_tool,
    # Requests the API rejects (issue 3), and their uncertain or advisory neighbours.
    dangling_tool_reference,
    toolset_catalog_unknown,
    reference_to_loaded_tool,
    deferred_search_tool,
    examples_with_tool_search,
    deferred_with_cache_control,
    duplicate_tool_name,
    invalid_tool_name,
    long_tool_name,
    invalid_input_schema,
    invalid_input_example,
    too_many_deferred_tools,
    invalid_search_tool,
    unsupported_model,
    uncertain_model_support,
    mcp_server_mismatch,
    unknown_tool_in_configs,
    strict_mode_limits,
)
