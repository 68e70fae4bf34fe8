"""Exact token figures from Anthropic's ``count_tokens`` endpoint, as differences of calls.

Only used behind ``budget --exact``. Needs the optional ``anthropic`` package and
``ANTHROPIC_API_KEY``; ``ANTHROPIC_BASE_URL`` is honoured (tests point it at loopback).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from toolsearch.catalog.model import Scope, ServerTool, Tool
from toolsearch.cost.tokens import sent_examples
from toolsearch.errors import ServerError, UsageError

PROBE_MESSAGES: list[Any] = [{"role": "user", "content": "Hello"}]
PER_TOOL_CAP = 200
MIN_INTERVAL = 0.05


@dataclass(frozen=True)
class ExactCounts:
    """Exact figures of one scope (Claude tokens)."""

    upfront: int
    all_loaded: int
    per_tool: Mapping[str, int]


CountFn = Callable[[list[dict[str, Any]]], int]


@contextlib.contextmanager
def make_counter(model: str) -> Iterator[CountFn]:
    """A function counting a request's input tokens with the given tools; closes its client."""
    try:
        import anthropic
    except ImportError:
        raise UsageError(
            '--exact needs the anthropic package: pip install "toolsearch[exact]" '
            "(or pip install anthropic)"
        ) from None
    if not os.environ.get("ANTHROPIC_API_KEY"):
        raise UsageError("--exact needs ANTHROPIC_API_KEY set to an Anthropic API key")
    client = anthropic.Anthropic(max_retries=2, timeout=60.0)
    last = [0.0]

    def count(tools: list[dict[str, Any]]) -> int:
        wait = MIN_INTERVAL - (time.monotonic() - last[0])
        if wait > 0:
            time.sleep(wait)
        last[0] = time.monotonic()
        try:
            result = client.messages.count_tokens(
                model=model,
                messages=PROBE_MESSAGES,
                tools=tools,  # type: ignore[arg-type]
            )
        except anthropic.APIStatusError as error:
            raise ServerError(
                f"count_tokens failed ({error.status_code}): {error.message}"
            ) from None
        except anthropic.APIError as error:
            raise ServerError(f"count_tokens failed: {error}") from None
        found = getattr(result, "input_tokens", None)
        if isinstance(found, bool) or not isinstance(found, int) or found < 0:
            shown = repr(found)[:40]
            raise ServerError(
                f"count_tokens answered without a token count (input_tokens: {shown}); "
                "try again, or leave out --exact for the offline estimate"
            )
        return found

    try:
        yield count
    finally:
        client.close()


def tool_param(tool: Tool) -> dict[str, Any]:
    """A tool as the Messages API takes it (MCP and OpenAI tools converted)."""
    param: dict[str, Any] = {"name": tool.sent_name, "input_schema": dict(tool.input_schema)}
    if tool.sent_description is not None:
        param["description"] = tool.sent_description
    examples = sent_examples(tool)
    if examples is not None:
        param["input_examples"] = examples
    return param


def server_param(tool: ServerTool) -> dict[str, Any]:
    return {k: v for k, v in tool.raw.items() if k != "defer_loading"}


def search_param(scope: Scope) -> list[dict[str, Any]]:
    """The scope's non-deferred search tool, or a BM25 one for Claude Code's ToolSearch."""
    tools = [server_param(t) for t in scope.search_tools if not t.deferred]
    if not tools and scope.implicit_search:
        tools = [{"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}]
    return tools


def exact_counts(scope: Scope, count: CountFn, per_tool: bool = False) -> ExactCounts:
    """upfront = with(loaded + search) - without; all_loaded = with(every tool) - without."""
    others = [server_param(t) for t in scope.other_server_tools]
    loaded = [tool_param(t) for t in scope.loaded_tools]
    everything = [tool_param(t) for t in scope.tools]
    base = count([])
    upfront = (
        count(loaded + search_param(scope) + others) - base
        if (loaded or scope.server_tools or scope.implicit_search)
        else 0
    )
    all_tools = everything + others
    total = count(all_tools) if all_tools else base
    per: dict[str, int] = {}
    if per_tool:
        if len(scope.tools) > PER_TOOL_CAP:
            raise UsageError(
                f"--exact-per-tool is capped at {PER_TOOL_CAP} tools per scope; "
                f"scope {scope.name!r} has {len(scope.tools):,}"
            )
        for index, tool in enumerate(scope.tools):
            rest = all_tools[:index] + all_tools[index + 1 :]
            per[tool.key] = total - (count(rest) if rest else base)
    return ExactCounts(upfront, total - base, per)
