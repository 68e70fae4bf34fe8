"""What the rules about platforms ask of a run: its platform, and what a request uses of it."""

from __future__ import annotations

from toolsearch.catalog.model import Scope
from toolsearch.hosts.platforms import Platform, platform_named
from toolsearch.lint.rule_context import Context

REQUEST_KINDS = ("request", "tools")


def run_platform(ctx: Context) -> Platform:
    """The platform the run's requests go to (--platform, else the config's, else the API)."""
    return platform_named(ctx.config.platform)


def sent_to_messages_api(scope: Scope) -> bool:
    """A request body or tools array: what an Anthropic SDK sends to the platform."""
    return scope.kind in REQUEST_KINDS


def uses_deferral(scope: Scope) -> bool:
    """The request defers a tool or carries a search tool."""
    deferred = any(t.deferred for t in scope.tools)
    return deferred or bool(scope.search_tools) or any(t.defers_something for t in scope.toolsets)
