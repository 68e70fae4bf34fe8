"""What the request-error rules ask of a scope: names it defines, tool search use, its model."""

from __future__ import annotations

from dataclasses import dataclass

from toolsearch.catalog.model import Location, McpToolset, Scope
from toolsearch.cost.models import ModelInfo, lookup
from toolsearch.lint.rule_context import Context

SUPPORTED_MODELS = (
    "Sonnet 4.5, Haiku 4.5, Opus 4.5 or later"  # §1.7, every snapshot since 2026-06-30
)


def defined_names(scope: Scope) -> set[str]:
    """Every tool name the request defines: tools as sent, server tools, Claude Code's search."""
    names = {t.sent_name for t in scope.tools}
    names.update(t.name for t in scope.server_tools if t.name is not None)
    if scope.implicit_search is not None:
        names.add(scope.implicit_search)
    return names


def tool_search_reason(scope: Scope) -> str | None:
    """Why the scope counts as using tool search (a search tool, or deferred tools), or None."""
    if scope.search_tools:
        return "has a tool search tool"
    if scope.implicit_search is not None:
        return f"uses {scope.implicit_search}"
    deferred = len(scope.deferred_tools) + sum(1 for t in scope.server_tools if t.deferred)
    if deferred:
        return f"defers {deferred} tool{'' if deferred == 1 else 's'}"
    return None


@dataclass(frozen=True)
class ModelChoice:
    """The model a request would run on, where it was chosen, and what the facts say of it."""

    model_id: str
    info: ModelInfo
    origin: str
    location: Location


def searched_model(ctx: Context) -> ModelChoice | None:
    """The known model of a request-like scope that uses tool search; None otherwise.

    Scopes of a host that picks whether to search by model itself (Claude Code) are left out.
    """
    scope = ctx.scope
    if ctx.host.picks_search_by_model or tool_search_reason(scope) is None:
        return None
    model_id = ctx.model_id
    info = lookup(model_id) if model_id else None
    if model_id is None or info is None:
        return None
    fallback = scope.tools_location or Location(scope.files[0], "")
    if ctx.model_override:
        origin, where = "--model", fallback
    elif scope.model:
        origin, where = "the request", ctx.locate(fallback.file, "/model", fallback)
    else:
        origin, where = "the config", fallback
    return ModelChoice(model_id, info, origin, where)


def server_tool_names(toolset: McpToolset) -> tuple[str, list[str]] | None:
    """The supplying file and every tool name in it (disabled tools too); None if not given."""
    if toolset.catalog_source is None or toolset.catalog_file is None:
        return None
    return toolset.catalog_file, list(toolset.catalog_names)
