"""Claude Code (``--target claude-code``).

Claude Code sends every MCP server in one request: the MCP sources no toolset claims form one
scope named ``claude-code``, with its own ToolSearch as the (loaded) search tool. Names are sent
as ``mcp__<server>__<tool>`` with every character outside ``[A-Za-z0-9_-]`` as ``_``, and
descriptions are cut where the version previewed cuts them (tool-search-facts.md §6.3, §6.4;
``ClaudeCode.sent_cut``). MCP tools are deferred unless the server's config or the tool's
``_meta["anthropic/alwaysLoad"]`` keeps them loaded (from 2.1.300 a server's ``alwaysLoad:
false`` defers all its tools whatever their ``_meta``); a deferred tool still costs its name's
line in the list Claude Code sends upfront. Whether Claude Code defers at all is its
tool-search mode's decision (§6.5), made once per run here. Other inputs keep their scopes and
the API's rules.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from toolsearch.catalog import tool_search_mode as modes
from toolsearch.catalog.claude_code_versions import CAPS as SERVER_ALWAYS_LOAD_WINS
from toolsearch.catalog.claude_code_versions import HIDDEN_TOOLS as HIDES_TOOLS
from toolsearch.catalog.claude_code_versions import PLACEHOLDER, ClaudeCode, parse_version
from toolsearch.catalog.dialects import ParsedSource, source_tools
from toolsearch.catalog.model import CLAUDE_CODE_SEARCH, Catalog, MalformedTool, Scope, Tool
from toolsearch.cost.models import DEFAULT_MODEL
from toolsearch.cost.tokens import SEARCH_TOOL_TOKENS
from toolsearch.hosts.host import (
    CostModel,
    Host,
    Limits,
    RunChoices,
    Settled,
    costs_nothing,
    no_note,
)

NAME = "claude-code"
SCOPE_KIND = "claude-code"
SEARCH_MODE = "claude-code"  # Claude Code's own ToolSearch (retrieval/claude_code_search.py)
DESCRIPTION_LIMIT = 2048
TRUNCATED = "… [truncated]"
_NOT_IN_NAMES = re.compile(r"[^A-Za-z0-9_-]")


def sent_name(server: str, tool: str) -> str:
    """``mcp__<server>__<tool>``, every character outside ``[A-Za-z0-9_-]`` sent as ``_``."""
    return f"mcp__{_NOT_IN_NAMES.sub('_', server)}__{_NOT_IN_NAMES.sub('_', tool)}"


def sent_description(description: str | None, limit: int = DESCRIPTION_LIMIT) -> str | None:
    """The description Claude Code sends: cut at ``limit`` characters (2,048 before Claude
    Code 2.1.300: ``ClaudeCode.sent_cut`` gives each version's), marked when cut."""
    if description is None or len(description) <= limit:
        return description
    return description[:limit] + TRUNCATED


def for_version(
    scope: Scope, version: ClaudeCode, servers_off: frozenset[str] = frozenset()
) -> Scope:
    """The gathered scope as ``version`` sends it: from 2.1.300 every tool of a server whose
    config says ``alwaysLoad: false`` deferred (before, a tool's own ``_meta`` wins), and each
    description cut at its cut."""
    off = servers_off if version.since(SERVER_ALWAYS_LOAD_WINS) else frozenset()
    tools = []
    for tool in scope.tools:
        deferred = tool.deferred or tool.source in off
        cut = sent_description(tool.description, version.sent_cut(deferred))
        tools.append(replace(tool, deferred=deferred, sent_description=cut))
    return replace(scope, tools=tuple(tools), always_load_off=tuple(sorted(off)))


def is_hidden(tool: Tool) -> bool:
    """``_meta.ui.visibility`` that leaves out ``"model"``: from 2.1.280 Claude Code neither
    lists nor searches the tool (an app-only tool such as GitHub's ``ui_get``)."""
    meta = tool.raw.get("_meta")
    ui = meta.get("ui") if isinstance(meta, Mapping) else None
    visibility = ui.get("visibility") if isinstance(ui, Mapping) else None
    return isinstance(visibility, list) and "model" not in visibility


def hidden_from_model(tool: Tool, catalog: Catalog) -> bool:
    """Whether the catalog's Claude Code version leaves the tool out of what the model sees:
    neither listed nor searched (``is_hidden``, from 2.1.280)."""
    return catalog.claude_code.since(HIDES_TOOLS) and is_hidden(tool)


def listed_line(tool: Tool, catalog: Catalog) -> str | None:
    """A deferred tool's line in the list of deferred tools Claude Code sends upfront (one
    sent name per line, never shortened; ``ClaudeCode.listing`` says in which message); None
    for a tool Claude Code hides from the model (from 2.1.280: it is not listed)."""
    if hidden_from_model(tool, catalog):
        return None
    return tool.sent_name + "\n"


def listing_note(catalog: Catalog) -> str:
    """What the deferred tools' listed names cost, where they are listed, and what is not
    counted (Claude Code's own text, the same for every catalog, like its system prompt)."""
    version = catalog.claude_code
    around = "wrapper" if "wrapped" in version.listing else "lead line"
    own = f"the {around}, its {len(version.own_deferred_tools)} deferred tools' names"
    if parse_version(version.observed_as, "driven") >= parse_version(PLACEHOLDER, "driven"):
        own += " and its DeferredToolPlaceholder tool"
    return (
        "each deferred tool's name is counted upfront: Claude Code lists deferred tools by "
        f"name, one per line, in {version.listing} ({version.evidence}); what it sends of "
        f"its own ({own}) is not counted, like its system prompt"
    )


def sends(scope: Scope) -> bool:
    """Claude Code sends its own scope; request bodies and tools arrays go to the API."""
    return scope.kind == SCOPE_KIND


def gather(items: Sequence[ParsedSource]) -> Scope:
    """Every MCP server in one request, deferring unless alwaysLoad."""
    tools: list[Tool] = []
    malformed: list[MalformedTool] = []
    for item in items:
        for parsed in source_tools(item, NAME, malformed):
            keep = item.always_load is True or parsed.always_load
            tools.append(
                replace(
                    parsed,
                    deferred=not keep,
                    sent_name=sent_name(item.source, parsed.name),
                    sent_description=sent_description(parsed.description),
                )
            )
    return Scope(
        name=NAME,
        kind=SCOPE_KIND,
        sources=tuple(i.source for i in items),
        files=tuple(i.document.display for i in items),
        tools=tuple(tools),
        malformed=tuple(malformed),
        implicit_search=CLAUDE_CODE_SEARCH,
    )


def settle(choices: RunChoices) -> Settled:
    """Claude Code's tool-search mode decides, once, whether its scope defers anything: the
    loader marked what it would defer; the threshold of ``auto:N`` needs token counts, which
    this run's choices (model, window, counter) give."""
    catalog = choices.catalog
    index = next((i for i, s in enumerate(catalog.scopes) if sends(s)), None)
    if index is None:
        return Settled(catalog)
    scope = catalog.scopes[index]
    mode = modes.choose_mode(
        choices.tool_search,
        choices.configured_tool_search,
        os.environ if choices.environ is None else choices.environ,
    )
    deferrable = loaded = listed = 0
    window = choices.window or choices.model(scope).context_window
    if mode.kind == "auto" and scope.deferred_tools:
        deferrable, loaded, listed = choices.definition_tokens(scope)
    model_id = choices.model_id(scope) or HOST.default_model
    decision = modes.decide(mode, model_id, deferrable, loaded, window, catalog.claude_code, listed)
    if not scope.deferred_tools:
        decision = replace(decision, defers=False, reason="none")
    changed = (
        modes.with_note(scope, decision)
        if decision.defers or not scope.deferred_tools
        else modes.all_loaded(scope, decision)
    )
    scopes = (*catalog.scopes[:index], changed, *catalog.scopes[index + 1 :])
    return Settled(replace(catalog, scopes=scopes), decision)


def uncounted_note(scope: Scope) -> str | None:
    """Claude Code sends more than the MCP tools; what is left out of the figures."""
    if not sends(scope):
        return None
    return (
        "Claude Code's own system prompt and built-in tools (Bash, Read, Edit, ...) are "
        "not counted: only the MCP tools (a deferred one by its listed name), the tool-use "
        "system prompt and, when tools are deferred, ToolSearch"
    )


HOST = Host(
    name=NAME,
    label="Claude Code",
    default_model=DEFAULT_MODEL,
    default_mode=SEARCH_MODE,
    search_modes=(SEARCH_MODE,),
    gathers=frozenset({"mcp"}),
    scope_kind=SCOPE_KIND,
    gather=gather,
    settle=settle,
    sends=sends,
    sent_name=sent_name,
    sent_description=sent_description,
    costs=CostModel(
        SEARCH_TOOL_TOKENS,
        costs_nothing,
        no_note,
        uncounted_note,
        deferred_listing=listed_line,
        deferred_label="deferred tools' names listed",
        listing_note=listing_note,
    ),
    limits=Limits(name_length=64, description_cut=DESCRIPTION_LIMIT, deferred_tools=10_000),
    apply="server-metadata",
    names_in_references=True,
    picks_search_by_model=True,  # Haiku: nothing deferred (tool_search_mode.is_haiku)
)
