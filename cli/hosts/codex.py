"""Codex CLI (``--target codex``), 0.171.0.

Codex runs OpenAI's ``tool_search`` on the client and sends every MCP tool deferred: the MCP
sources form one scope named ``codex`` whose tools are all deferred, each function in a
namespace ``mcp__<server>`` and named with its characters outside ``[A-Za-z0-9_]`` as ``_``
(hosts-facts.md §1.7). Its search is ``codex`` (retrieval/codex_search.py, checked against Codex
itself), its default model gpt-5.5 (OpenAI's row, counted with o200k_base); its cost is what
Codex sends (cost/codex_cost.py, made into rows by ``cost.budget``): built-ins and
``tool_search`` upfront, an MCP tool when a search loads it. Codex has no setting that keeps an
MCP tool loaded, so ``recommend`` advises on search instead (recommend/codex_advice.py). Other
inputs keep their scopes and the API's rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from toolsearch.catalog.codex_names import CODEX, sanitized
from toolsearch.catalog.dialects import ParsedSource, source_tools
from toolsearch.catalog.model import CODEX_SEARCH, MalformedTool, Scope, Tool
from toolsearch.hosts.host import CostModel, Host, Limits, costs_nothing, no_note, unchanged, whole

NAME = CODEX
SCOPE_KIND = CODEX
SEARCH_MODE = CODEX  # Codex's own tool_search (retrieval/codex_search.py)
DEFAULT_MODEL = "gpt-5.5"


def sends(scope: Scope) -> bool:
    """Codex sends its own scope; request bodies and tools arrays go to the API."""
    return scope.kind == SCOPE_KIND


def sent_name(_server: str, tool: str) -> str:
    """The function's name in its namespace: characters outside ``[A-Za-z0-9_]`` as ``_``."""
    return sanitized(tool)


def gather(items: Sequence[ParsedSource]) -> Scope:
    """Every MCP server's tools in one request, every one deferred."""
    tools: list[Tool] = []
    malformed: list[MalformedTool] = []
    for item in items:
        for parsed in source_tools(item, NAME, malformed):
            tools.append(replace(parsed, deferred=True, sent_name=sanitized(parsed.name)))
    return Scope(
        name=NAME,
        kind=SCOPE_KIND,
        sources=tuple(i.source for i in items),
        files=tuple(i.document.display for i in items),
        tools=tuple(tools),
        malformed=tuple(malformed),
        implicit_search=CODEX_SEARCH,
    )


def uncounted_note(scope: Scope) -> str | None:
    """What Codex sends that the figures leave out."""
    if not sends(scope):
        return None
    return (
        "Codex's instructions (its system prompt and AGENTS.md) are not counted: only tool "
        "definitions are"
    )


HOST = Host(
    name=NAME,
    label="Codex CLI",
    default_model=DEFAULT_MODEL,
    default_mode=SEARCH_MODE,
    search_modes=(SEARCH_MODE,),
    gathers=frozenset({"mcp"}),
    scope_kind=SCOPE_KIND,
    gather=gather,
    settle=unchanged,
    sends=sends,
    sent_name=sent_name,
    sent_description=whole,
    # Codex's budget is its own (cost.budget asks codex_cost); these hold for what is shared
    costs=CostModel(0, costs_nothing, no_note, uncounted_note, counting="o200k"),
    # names: Codex sends long names as they are (seen from Codex itself)
    limits=Limits(name_length=128, description_cut=None, deferred_tools=10_000),
    apply="server-metadata",  # never used: recommend --apply is refused under codex
    names_in_references=False,
    picks_search_by_model=False,
)
