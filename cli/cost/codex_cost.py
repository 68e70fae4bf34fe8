"""The budget of Codex CLI's scope (``--target codex``): what Codex sends, counted.

Upfront Codex sends its built-in tools and its client ``tool_search`` tool; every MCP tool is
deferred and costs nothing until a search loads it, when it costs its namespace and function as
the ``tool_search_output`` carries them (``codex_request``). Each MCP tool's row holds that
loaded cost; Codex's built-ins are rows of their own (source ``codex``, loaded; ``budget``
makes the rows). The offline ``o200k_base`` encoding counts compact JSON, as under
``--target openai`` (``o200k``), against OpenAI's gpt-5.5 row (``openai_models``); OpenAI
publishes no per-tool overhead, so the figures are estimates.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from toolsearch.catalog.model import Scope
from toolsearch.cost.codex_request import loaded_json, upfront_tools
from toolsearch.cost.models import ModelInfo
from toolsearch.cost.o200k import O200K_NAME, O200kCounter
from toolsearch.cost.openai_models import NO_OVERHEAD_NOTE, resolve_openai
from toolsearch.cost.tokens import Method, TokenCounter
from toolsearch.retrieval.codex_search import CODEX_VERSION

# Codex's default model, as OpenAI's model table has it (the row --target openai uses)
CODEX_MODEL: ModelInfo = resolve_openai("gpt-5.5")[0]
BUILT_IN = "built-in"


def codex_method() -> Method:
    """How ``--target codex`` figures are made."""
    return Method(
        O200K_NAME,
        "openai",
        f"{NO_OVERHEAD_NOTE}: none is added (assumed 0)",
        "low",
        counted=(
            f"compact JSON of what Codex {CODEX_VERSION} sends: its built-in tools and tool_search "
            "upfront, a loaded tool's namespace and function as tool_search_output carries them"
        ),
    )


def _compact(entry: object) -> str:
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class CodexCounts:
    """Token counts of what Codex sends: each MCP tool loaded, its built-ins, its search tool."""

    tools: list[int]
    built_ins: list[tuple[str, int]]
    search: int


def codex_counts(scope: Scope, counter: TokenCounter | None) -> CodexCounts:
    """Count, in one batch, each MCP tool as loaded, each built-in and ``tool_search``."""
    counting = counter or O200kCounter()
    built_ins = [t for t in upfront_tools() if t.get("type") != "tool_search"]
    search = [t for t in upfront_tools() if t.get("type") == "tool_search"]
    texts = [loaded_json(t) for t in scope.tools]
    texts += [_compact(t) for t in built_ins]
    texts.append(_compact(search))
    counts = counting.count_many(texts)
    size = len(scope.tools)
    names = [str(entry.get("name") or entry.get("type")) for entry in built_ins]
    return CodexCounts(counts[:size], list(zip(names, counts[size:-1], strict=True)), counts[-1])


def window_notes(window: int) -> list[str]:
    """What a Codex budget says when the model's context window is not known."""
    if window:
        return []
    return [
        "gpt-5.5's context window is not published in toolsearch's facts: pass "
        "--context-window to see the share it takes"
    ]
