"""GitHub Copilot CLI (``--target copilot-cli``; hosts-facts.md §1.5).

Copilot CLI sends every MCP server in one request. "Below roughly 30 tools" it skips tool
search and loads everything; above, it defers each server's tools unless the server's
``"deferTools": "never"`` keeps them loaded (read from an MCP config's server entry, where
``alwaysLoad`` does the same). It searches only on Claude (Mythos Preview, Fable, Haiku 4.5+,
Sonnet and Opus 4.0+) and GPT-5.4 or later (github/docs, copilot-cli/tool-search.md). Its search
matches name, description and parameter names and descriptions; the algorithm is not published.
Costs follow ``--model`` (default claude-sonnet-4-5).
"""

from __future__ import annotations

from toolsearch.catalog.model import Scope
from toolsearch.cost.models import DEFAULT_MODEL
from toolsearch.cost.openai_models import version_of
from toolsearch.hosts.clients import (
    counted_as,
    gatherer,
    is_claude,
    search_note,
    sends_kind,
    settler,
)
from toolsearch.hosts.host import CostModel, Host, Limits, as_sent, costs_nothing, no_note, whole
from toolsearch.hosts.platforms import generation

NAME = "copilot-cli"
LABEL = "Copilot CLI"
SEARCH_FROM = 30  # "Below roughly 30 tools … skips tool search entirely"
FIRST_GPT = (5, 4)
sends = sends_kind(NAME)


def searches_with(model: str) -> bool:
    """Whether Copilot CLI searches tools with ``model`` (its published list)."""
    lowered = model.lower()
    if is_claude(model):
        if "fable" in lowered or "mythos" in lowered:
            return True
        found = generation(model)
        oldest = (4, 5) if "haiku" in lowered else (4, 0)
        return found is not None and found >= oldest
    version = version_of(model)
    return version is not None and version >= FIRST_GPT


def loads_all(model: str, scope: Scope) -> str | None:
    """Why Copilot CLI loads every tool (None: it defers)."""
    if len(scope.tools) < SEARCH_FROM:
        return (
            f"{LABEL} skips tool search below about {SEARCH_FROM} tools ({len(scope.tools)} "
            "here): every tool is loaded"
        )
    if not searches_with(model):
        return f"{LABEL} loads every tool upfront on {model}, a model it does not search with"
    return None


def uncounted_note(scope: Scope) -> str | None:
    if not sends(scope):
        return None
    return (
        f"{LABEL}'s own instructions, built-in tools and tool search tool are not counted: "
        "only the MCP tools"
    )


HOST = Host(
    name=NAME,
    label=LABEL,
    default_model=DEFAULT_MODEL,
    default_mode="bm25",
    search_modes=(),
    gathers=frozenset({"mcp"}),
    scope_kind=NAME,
    gather=gatherer(NAME, lambda item, tool: not item.always_load, as_sent),
    settle=settler(NAME, DEFAULT_MODEL, loads_all),
    sends=sends,
    sent_name=as_sent,
    sent_description=whole,
    costs=CostModel(0, costs_nothing, no_note, uncounted_note),
    limits=Limits(name_length=64, description_cut=None, deferred_tools=10_000),
    apply="none",
    names_in_references=False,
    picks_search_by_model=True,
    search_note=search_note(
        f"{LABEL}'s tool search is not published (it matches names, descriptions and parameters)"
    ),
    reader="the model",
    counts_as=counted_as,
    refuser=LABEL,
)
