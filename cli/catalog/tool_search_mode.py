"""Claude Code's tool-search modes (``ENABLE_TOOL_SEARCH``) and what they defer.

tool-search-facts.md §6.5: unset, ``true`` or ``auto:0`` always defer MCP tools; ``false`` or
``auto:100`` never do (every tool loaded); ``auto`` or ``auto:N`` defer only when the deferrable
tools' definitions exceed N% of the model's context window (10% for ``auto``). Haiku models do
not support ``tool_reference`` (§1.7, Claude Code's source), so nothing is deferred there.

The loader marks what Claude Code would defer with tool search on (not alwaysLoad); this module
decides, once per run, whether it does, and gives the scope with every tool loaded when not.
The token count the threshold needs is the caller's (the ``Analysis``) to supply.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

from toolsearch.catalog.claude_code_versions import NEWEST, ClaudeCode
from toolsearch.catalog.model import Scope
from toolsearch.cost.tokens import SEARCH_TOOL_TOKENS
from toolsearch.errors import UsageError

ENVIRONMENT = "ENABLE_TOOL_SEARCH"
AUTO_PERCENT = 10
_AUTO = re.compile(r"auto(?::(\d{1,3}))?")

Kind = Literal["always", "never", "auto"]


@dataclass(frozen=True)
class ToolSearchMode:
    """A parsed mode: its text as given, where it came from, and what it means."""

    text: str
    origin: str  # "--claude-code-tool-search", "config", "ENABLE_TOOL_SEARCH" or "default"
    kind: Kind
    percent: int = 0  # for auto


def parse_mode(text: str, origin: str) -> ToolSearchMode:
    """``true``/``false``/``auto``/``auto:N`` (N 0-100), as Claude Code reads them."""
    value = text.strip().lower()
    if value in ("", "true"):
        return ToolSearchMode(text, origin, "always")
    if value == "false":
        return ToolSearchMode(text, origin, "never")
    match = _AUTO.fullmatch(value)
    if match is None or (match.group(1) is not None and int(match.group(1)) > 100):
        raise UsageError(
            f"{origin}: unknown tool-search mode {text!r}: use true, false, auto or auto:N "
            "(N from 0 to 100)"
        )
    percent = AUTO_PERCENT if match.group(1) is None else int(match.group(1))
    if percent == 0:
        return ToolSearchMode(text, origin, "always")
    if percent == 100:
        return ToolSearchMode(text, origin, "never")
    return ToolSearchMode(text, origin, "auto", percent)


def choose_mode(
    option: str | None, configured: str | None, environ: Mapping[str, str]
) -> ToolSearchMode:
    """The option > the config's ``claude-code.tool-search`` > ``ENABLE_TOOL_SEARCH`` > always."""
    if option is not None:
        return parse_mode(option, "--claude-code-tool-search")
    if configured is not None:
        return parse_mode(configured, "config claude-code.tool-search")
    found = environ.get(ENVIRONMENT)
    if found is not None:
        return parse_mode(found, ENVIRONMENT)
    return ToolSearchMode("", "default", "always")


def is_haiku(model_id: str) -> bool:
    """Claude Code's source: "Currently, Haiku models do NOT support tool_reference" (§1.7)."""
    return "haiku" in model_id.lower()


@dataclass(frozen=True)
class ToolSearchDecision:
    """Whether Claude Code defers the scope's deferrable tools, and why."""

    mode: ToolSearchMode
    defers: bool
    reason: Literal[
        "always", "never", "haiku", "model", "over-threshold", "under-threshold", "none"
    ]
    model_id: str
    deferrable_tokens: int = 0  # the deferrable tools' definitions (auto only)
    loaded_tokens: int = 0  # the tools loaded either way (auto only)
    threshold: int = 0  # N% of the context window (auto only)
    context_window: int = 0
    version: str = NEWEST  # the Claude Code version previewed
    listed_tokens: int = 0  # the deferred tools' names Claude Code lists upfront (auto only)

    def summary(self) -> str:
        """One line for budget and lint: the mode, the choice and, under auto, both sides."""
        label = self.mode.text or "unset (always defer)"
        where = f"Claude Code tool search {label!r} ({self.mode.origin})"
        if self.reason in ("haiku", "model") and not ClaudeCode(self.version).since(NEWEST):
            return (
                f"{where}: {self.model_id} is a Haiku model, which Claude Code {self.version} "
                "does not search with (tool_reference), so it defers nothing: every MCP tool "
                "is loaded"
            )
        if self.reason in ("haiku", "model"):
            return (
                f"{where}: Claude Code {self.version} turns tool search off for "
                f"{self.model_id} (a Claude 3, 3.5 or 3.7 model), so it defers nothing: every "
                "MCP tool is loaded"
            )
        if self.reason == "never":
            return f"{where}: tool search is off, so every MCP tool is loaded"
        if self.reason in ("always", "none"):
            return f"{where}: MCP tools are deferred unless alwaysLoad"
        crosses = "crosses" if self.defers else "does not cross"
        effect = (
            "so they are deferred and ToolSearch loads them on demand"
            if self.defers
            else "so nothing is deferred: every MCP tool is loaded"
        )
        upfront = self.loaded_tokens + SEARCH_TOOL_TOKENS + self.listed_tokens
        included = "ToolSearch and the listed names" if self.listed_tokens else "ToolSearch"
        return (
            f"{where}: the deferrable tools' definitions are about {self.deferrable_tokens:,} "
            f"tokens, which {crosses} the threshold of {self.mode.percent}% of "
            f"{self.context_window:,} = {self.threshold:,} tokens, {effect} (deferred: about "
            f"{upfront:,} tokens of tools upfront, {included} included; all loaded: about "
            f"{self.loaded_tokens + self.deferrable_tokens:,})"
        )


def decide(
    mode: ToolSearchMode,
    model_id: str,
    deferrable_tokens: int,
    loaded_tokens: int,
    context_window: int,
    claude_code: ClaudeCode | None = None,
    listed_tokens: int = 0,
) -> ToolSearchDecision:
    """What Claude Code (the version previewed, default the newest) does under ``mode`` with
    ``model_id`` and these definitions' sizes."""
    version = claude_code or ClaudeCode()
    if not version.searches_with(model_id):
        reason: Literal["haiku", "model"] = "model" if version.since(NEWEST) else "haiku"
        return ToolSearchDecision(mode, False, reason, model_id, version=version.version)
    if mode.kind == "never":
        return ToolSearchDecision(mode, False, "never", model_id)
    if mode.kind == "always":
        return ToolSearchDecision(mode, True, "always", model_id)
    threshold = context_window * mode.percent // 100
    over = deferrable_tokens > threshold
    return ToolSearchDecision(
        mode,
        over,
        "over-threshold" if over else "under-threshold",
        model_id,
        deferrable_tokens,
        loaded_tokens,
        threshold,
        context_window,
        listed_tokens=listed_tokens,
    )


def all_loaded(scope: Scope, decision: ToolSearchDecision) -> Scope:
    """The scope as Claude Code sends it when it defers nothing: every tool loaded, no
    ToolSearch, and the decision as a note."""
    tools = tuple(replace(t, deferred=False) if t.deferred else t for t in scope.tools)
    return with_note(replace(scope, tools=tools, implicit_search=None), decision)


def with_note(scope: Scope, decision: ToolSearchDecision) -> Scope:
    """The scope with the decision as a note (once: a catalog may be analysed again)."""
    note = decision.summary()
    return scope if note in scope.notes else replace(scope, notes=(*scope.notes, note))
