"""GitHub Copilot in VS Code (``--target copilot-vscode``; hosts-facts.md §1.4).

VS Code sends every MCP server in one request, each tool named with a prefix it adds; it keeps
about 30 tools of its own loaded and defers every other one behind its own client-side
``tool_search`` (embeddings over name and description), on Claude Sonnet and Opus 4.5 or later
and on GPT-5.4 or later; Haiku and other models get every tool loaded, and a request holds at
most 128 tools ("Solving MCP Tool Overload", microsoft/vscode-docs, 2026-04-24;
vscode-copilot-release #11653). The prefix is not published: toolsearch assumes
``mcp_<server>_<tool>`` and says so. Costs follow ``--model`` (default claude-sonnet-4-5).
"""

from __future__ import annotations

from toolsearch.catalog.model import Scope
from toolsearch.cost.models import DEFAULT_MODEL
from toolsearch.cost.openai_models import version_of
from toolsearch.hosts.clients import (
    counted_as,
    gatherer,
    is_claude,
    prefixed,
    search_note,
    sends_kind,
    settler,
)
from toolsearch.hosts.host import CostModel, Host, Limits, costs_nothing, no_note, whole
from toolsearch.hosts.platforms import generation

NAME = "copilot-vscode"
LABEL = "Copilot in VS Code"
TOOLS_PER_REQUEST = 128
NAME_LIMIT = 64  # with the prefix VS Code adds (microsoft/vscode #243602)
KEPT_LOADED = 30  # "about 30 always-available tools"
FIRST_CLAUDE = (4, 5)
FIRST_GPT = (5, 4)
sends = sends_kind(NAME)


def loads_all(model: str, _scope: Scope) -> str | None:
    """Why VS Code defers nothing for ``model`` (None: it defers)."""
    if is_claude(model):
        found = generation(model)
        if "haiku" not in model.lower() and found is not None and found >= FIRST_CLAUDE:
            return None
        return (
            f"{LABEL} defers tools only on Claude Sonnet and Opus 4.5 or later, not {model}: "
            "every tool is loaded"
        )
    version = version_of(model)
    if version is not None and version >= FIRST_GPT:
        return None
    return f"{LABEL} defers tools only on GPT-5.4 or later and Claude 4.5 or later, not {model}"


def uncounted_note(scope: Scope) -> str | None:
    if not sends(scope):
        return None
    return (
        f"{LABEL}'s own tools (about {KEPT_LOADED} kept loaded) and its tool_search are not "
        "counted: only the MCP tools, named mcp_<server>_<tool> (VS Code's prefix is assumed)"
    )


HOST = Host(
    name=NAME,
    label=LABEL,
    default_model=DEFAULT_MODEL,
    default_mode="bm25",
    search_modes=(),  # embeddings over name and description; the model is not published
    gathers=frozenset({"mcp"}),
    scope_kind=NAME,
    gather=gatherer(NAME, lambda _item, _tool: True, prefixed),  # no per-tool setting
    settle=settler(NAME, DEFAULT_MODEL, loads_all),
    sends=sends,
    sent_name=prefixed,
    sent_description=whole,
    costs=CostModel(0, costs_nothing, no_note, uncounted_note),
    limits=Limits(
        name_length=NAME_LIMIT,
        description_cut=None,
        deferred_tools=10_000,
        tools_per_request=TOOLS_PER_REQUEST,
        kept_loaded=KEPT_LOADED,
    ),
    apply="none",
    names_in_references=False,
    picks_search_by_model=True,
    search_note=search_note(
        f"{LABEL}'s tool search is not published (embeddings of each tool's name and description)"
    ),
    reader="the model",
    counts_as=counted_as,
    refuser=LABEL,
)
