"""Cursor (``--target cursor``; hosts-facts.md §1.6).

Cursor's "dynamic context discovery" keeps only each MCP tool's name in the agent's context and
syncs descriptions and schemas to files its agent reads on demand (cursor.com/blog/
dynamic-context-discovery, 2026-01): every MCP tool is deferred here, its name not counted.
A server name plus tool name over 60 characters is filtered out ("Some tools have naming
issues and may be filtered out": ComposioHQ/composio #2788, awslabs/mcp #1283). Its agent
finds tools by grep or semantic search over those files, not a published search. Costs follow
``--model`` (default claude-sonnet-4-5).
"""

from __future__ import annotations

from toolsearch.catalog.model import Scope
from toolsearch.cost.models import DEFAULT_MODEL
from toolsearch.hosts.clients import counted_as, gatherer, search_note, sends_kind
from toolsearch.hosts.host import (
    CostModel,
    Host,
    Limits,
    as_sent,
    costs_nothing,
    no_note,
    unchanged,
    whole,
)

NAME = "cursor"
LABEL = "Cursor"
NAME_LIMIT = 60  # server name + tool name
sends = sends_kind(NAME)


def uncounted_note(scope: Scope) -> str | None:
    if not sends(scope):
        return None
    return (
        f"{LABEL} keeps each MCP tool's name in context and reads its description and schema "
        "from files on demand: names and Cursor's own prompt and tools are not counted"
    )


HOST = Host(
    name=NAME,
    label=LABEL,
    default_model=DEFAULT_MODEL,
    default_mode="bm25",
    search_modes=(),
    gathers=frozenset({"mcp"}),
    scope_kind=NAME,
    gather=gatherer(NAME, lambda _item, _tool: True, as_sent),
    settle=unchanged,
    sends=sends,
    sent_name=as_sent,
    sent_description=whole,
    costs=CostModel(0, costs_nothing, no_note, uncounted_note, stubs_upfront=False),
    limits=Limits(name_length=NAME_LIMIT, description_cut=None, deferred_tools=10_000),
    apply="none",
    names_in_references=False,
    picks_search_by_model=False,
    search_note=search_note(
        f"{LABEL} has no published tool search (its agent searches files of tool descriptions)"
    ),
    reader="the model",
    counts_as=counted_as,
    refuser=LABEL,
)
