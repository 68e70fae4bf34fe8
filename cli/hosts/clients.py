"""What the client targets share (``copilot-vscode``, ``copilot-cli``, ``cursor``, ``gemini``).

A client sends every MCP server in one request of its own (a scope named after it); request
bodies and tools arrays keep the API's scopes. It costs what it sends as the host of the model
it sends to counts (a Claude model as ``api``, a GPT model as ``openai``), and decides once per
run whether it defers anything (its threshold, the models it searches with). Facts:
hosts-facts.md §1.2, §1.4-1.6, §1.8.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from toolsearch.catalog.dialects import ParsedSource, source_tools
from toolsearch.catalog.model import MalformedTool, Scope, Tool
from toolsearch.hosts.host import RunChoices, Settled

CLAUDE_COUNTS = "api"
GPT_COUNTS = "openai"
_CLAUDE = re.compile(r"(?:^|[./:@])claude|^(?:opus|sonnet|haiku|fable|mythos)\b", re.I)
_NOT_IN_NAMES = re.compile(r"[^A-Za-z0-9_-]")

# (source, tool) -> whether the client defers it before its run-time decision
Defers = Callable[[ParsedSource, Tool], bool]
# (model id, the scope) -> why the client loads every tool in it, or None when it defers
LoadsAll = Callable[[str, Scope], str | None]


def is_claude(model: str) -> bool:
    """A Claude model's id (``claude-…``, ``anthropic.claude-…``, a family name)."""
    return _CLAUDE.search(model.strip()) is not None


def counted_as(model: str) -> str:
    """The host whose counts a client's model takes: the API's for Claude, OpenAI's else."""
    return CLAUDE_COUNTS if is_claude(model) else GPT_COUNTS


def prefixed(server: str, tool: str) -> str:
    """``mcp_<server>_<tool>``, the server's characters outside ``[A-Za-z0-9_-]`` as ``_``."""
    return f"mcp_{_NOT_IN_NAMES.sub('_', server)}_{tool}"


def sends_kind(kind: str) -> Callable[[Scope], bool]:
    """A client sends its own scope; request bodies and tools arrays go to the API."""

    def sends(scope: Scope) -> bool:
        return scope.kind == kind

    return sends


def gatherer(
    kind: str, defers: Defers, sent_name: Callable[[str, str], str]
) -> Callable[[Sequence[ParsedSource]], Scope]:
    """Every MCP server's tools in one scope of ``kind``, deferred as ``defers`` says."""

    def gather(items: Sequence[ParsedSource]) -> Scope:
        tools: list[Tool] = []
        malformed: list[MalformedTool] = []
        for item in items:
            for parsed in source_tools(item, kind, malformed):
                tools.append(
                    replace(
                        parsed,
                        deferred=defers(item, parsed),
                        sent_name=sent_name(item.source, parsed.name),
                    )
                )
        return Scope(
            name=kind,
            kind=kind,
            sources=tuple(i.source for i in items),
            files=tuple(i.document.display for i in items),
            tools=tuple(tools),
            malformed=tuple(malformed),
        )

    return gather


def settler(kind: str, default_model: str, loads_all: LoadsAll) -> Callable[[RunChoices], Settled]:
    """The client's decision, once per run: every tool of its scope loaded, with the reason as
    a note, when ``loads_all`` gives one for the run's model."""

    def settle(choices: RunChoices) -> Settled:
        catalog = choices.catalog
        index = next((i for i, s in enumerate(catalog.scopes) if s.kind == kind), None)
        if index is None:
            return Settled(catalog)
        scope = catalog.scopes[index]
        if not scope.deferred_tools:
            return Settled(catalog)
        reason = loads_all(choices.model_id(scope) or default_model, scope)
        if reason is None:
            return Settled(catalog)
        tools = tuple(replace(t, deferred=False) for t in scope.tools)
        notes = scope.notes if reason in scope.notes else (*scope.notes, reason)
        changed = replace(scope, tools=tools, notes=notes)
        scopes = (*catalog.scopes[:index], changed, *catalog.scopes[index + 1 :])
        return Settled(replace(catalog, scopes=scopes))

    return settle


def search_note(what: str) -> str:
    """``query`` and ``eval``'s first line under a client: what its search is, and that these
    are toolsearch's rankings (``{modes}``: the modes that ranked)."""
    return f"{what}: these are toolsearch's {{modes}} rankings, an approximation (see --mode)"
