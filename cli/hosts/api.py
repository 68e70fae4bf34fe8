"""The Anthropic Messages API (``--target api``, the default).

Each request body and each tools array is a scope of its own; an MCP ``tools/list`` joins the
request whose ``mcp_toolset`` names its server, else it is a scope of its own with nothing
deferred. A tool is deferred by its own ``defer_loading``, or for a toolset's tools by
``configs`` > ``default_config`` (the loader applies them as it reads the request: nothing is
decided at run time). Names are sent as written (``^[a-zA-Z0-9_-]{1,64}$``, facts §1.1).
"""

from __future__ import annotations

from toolsearch.catalog.model import Scope
from toolsearch.cost.models import DEFAULT_MODEL
from toolsearch.cost.tokens import SEARCH_TOOL_TOKENS
from toolsearch.hosts.host import (
    CostModel,
    Host,
    Limits,
    as_sent,
    costs_nothing,
    every_scope,
    no_note,
    unchanged,
    whole,
)

NAME = "api"


def deferral_note(scope: Scope) -> str | None:
    """An MCP ``tools/list`` alone: the API reads no deferral from it."""
    if scope.kind == "mcp" and scope.tools:
        return (
            "nothing is deferred: an MCP tools/list alone has no deferral under --target "
            "api; --target claude-code shows what Claude Code defers, and toolsearch "
            "recommend chooses what to keep loaded"
        )
    return None


HOST = Host(
    name=NAME,
    label="the Messages API",
    default_model=DEFAULT_MODEL,
    default_mode="bm25",
    search_modes=("bm25", "regex"),
    gathers=frozenset(),
    scope_kind=None,
    gather=None,
    settle=unchanged,
    sends=every_scope,
    sent_name=as_sent,
    sent_description=whole,
    costs=CostModel(SEARCH_TOOL_TOKENS, costs_nothing, deferral_note, no_note),
    limits=Limits(name_length=64, description_cut=None, deferred_tools=10_000),
    apply="request-files",
    names_in_references=False,
    picks_search_by_model=False,
)
