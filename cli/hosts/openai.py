"""OpenAI's Responses API (``--target openai``, issue 27; hosts-facts.md §1.1).

Every request body and tools array is a Responses request: functions deferred by their own
``defer_loading`` (inside a namespace too), a ``{"type": "tool_search"}`` tool to search them.
The MCP ``tools/list`` sources no request claims are sent together in one request (scope
``openai``), each server one namespace named after its source, with a hosted tool_search; their
functions are deferred unless kept loaded (``alwaysLoad``). Names must match
``^[a-zA-Z0-9_-]{1,64}$`` with no margin. Costs are o200k_base counts under OpenAI's own upfront
rules (``cost/openai_cost.py``); OpenAI's hosted search is not published, so searches are
toolsearch's approximation. ``recommend --apply`` writes ``defer_loading`` on functions, never on
a namespace (``recommend/openai_plan.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from toolsearch.catalog.dialects import ParsedSource, source_tools
from toolsearch.catalog.model import OPENAI_SCOPE, OPENAI_SEARCH_TYPE, MalformedTool, Scope, Tool
from toolsearch.cost.openai_models import OPENAI_DEFAULT_MODEL, resolve_openai
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

NAME = "openai"
SCOPE_KIND = OPENAI_SCOPE  # the scope it gathers the MCP sources in
SEARCH_NOTE = (
    "OpenAI's hosted tool search is not published: these are toolsearch's {modes} rankings, "
    "an approximation of what OpenAI's search returns"
)


def gather(items: Sequence[ParsedSource]) -> Scope:
    """The MCP sources in one request, each server one namespace named after its source,
    deferred unless kept loaded, searched by a hosted tool_search."""
    tools: list[Tool] = []
    malformed: list[MalformedTool] = []
    for item in items:
        for parsed in source_tools(item, OPENAI_SCOPE, malformed):
            keep = item.always_load is True or parsed.always_load
            tools.append(replace(parsed, deferred=not keep, namespace=item.source))
    return Scope(
        name=OPENAI_SCOPE,
        kind=SCOPE_KIND,
        sources=tuple(i.source for i in items),
        files=tuple(i.document.display for i in items),
        tools=tuple(tools),
        malformed=tuple(malformed),
        implicit_search=OPENAI_SEARCH_TYPE,
    )


HOST = Host(
    name=NAME,
    label="OpenAI's Responses API",
    default_model=OPENAI_DEFAULT_MODEL,
    default_mode="bm25",
    search_modes=(),  # OpenAI's hosted search is not published: no mode reproduces it
    gathers=frozenset({"mcp"}),
    scope_kind=SCOPE_KIND,
    gather=gather,
    settle=unchanged,
    sends=every_scope,
    sent_name=as_sent,
    sent_description=whole,
    costs=CostModel(0, costs_nothing, no_note, no_note, counting="o200k"),
    limits=Limits(name_length=64, description_cut=None, deferred_tools=10_000),
    apply="responses-functions",
    names_in_references=False,
    picks_search_by_model=False,
    resolve_model=resolve_openai,
    search_note=SEARCH_NOTE,
    reader="the model",
    strict_names=True,
)
