"""The budget of Codex CLI's scope (``--target codex``): what Codex sends, counted.

Upfront Codex sends its built-in tools and its client ``tool_search`` tool; every MCP tool is
deferred and costs nothing until a search loads it, when it costs its namespace and function as
the ``tool_search_output`` carries them (``codex_request``). Each MCP tool's row holds that
loaded cost; Codex's built-ins are rows of their own (source ``codex``, loaded). The bundled
``cl100k_base`` encoding counts compact JSON: OpenAI's models use ``o200k_base``, which is not
bundled here, and OpenAI publishes no per-tool overhead, so the figures are estimates.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from toolsearch.catalog.model import Catalog, Scope
from toolsearch.cost.budget import Row, ScopeBudget, Totals
from toolsearch.cost.codex_request import loaded_json, upfront_tools
from toolsearch.cost.models import ModelInfo
from toolsearch.cost.tokens import ENCODING_NAME, Cl100kCounter, Method, TokenCounter
from toolsearch.retrieval.codex_search import CODEX_VERSION, OWN_SOURCE

CODEX_MODEL = ModelInfo(
    "gpt-5.5",
    "GPT-5.5",
    0,
    0,
    "claude-4",  # unused: Codex's method is its own (codex_method)
    "supported",
    "Codex's default model; its context window is not published in toolsearch's facts",
    context_window=0,
)
BUILT_IN = "built-in"
NOT_COUNTED = (
    "Codex's instructions (its system prompt and AGENTS.md) are not counted: only tool "
    "definitions are"
)


def codex_method() -> Method:
    """How ``--target codex`` figures are made."""
    return Method(
        ENCODING_NAME,
        "OpenAI o200k_base (not bundled)",
        "cl100k_base stands in for o200k_base (gpt-5.5's, not bundled); OpenAI publishes no "
        "per-tool overhead: none is added",
        "low",
        counted=(
            f"compact JSON of what Codex {CODEX_VERSION} sends: its built-in tools and tool_search "
            "upfront, a loaded tool's namespace and function as tool_search_output carries them"
        ),
    )


def _compact(entry: object) -> str:
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":"))


def codex_scope_budget(
    scope: Scope,
    notes: Sequence[str],
    context_window: int | None,
    counter: TokenCounter | None,
    place: Catalog,
) -> ScopeBudget:
    """Codex's scope, costed: built-ins and tool_search upfront, MCP tools when loaded."""
    counting = counter or Cl100kCounter()
    built_ins = [t for t in upfront_tools() if t.get("type") != "tool_search"]
    search = [t for t in upfront_tools() if t.get("type") == "tool_search"]
    texts = [loaded_json(t) for t in scope.tools]
    texts += [_compact(t) for t in built_ins]
    texts.append(_compact(search))
    counts = counting.count_many(texts)
    rows = []
    for tool, tokens in zip(scope.tools, counts, strict=False):
        loc = place.resolve(tool.location)
        row = Row(tool.name, tool.source, scope.name, loc.file, loc.pointer, loc.line, tokens, True)
        rows.append(row)
    for entry, tokens in zip(built_ins, counts[len(scope.tools) :], strict=False):
        name = str(entry.get("name") or entry.get("type"))
        where = f"Codex {CODEX_VERSION}"
        rows.append(Row(name, OWN_SOURCE, scope.name, where, "", None, tokens, False, BUILT_IN))
    rows = [replace(r, tokens=float(r.tokens), cl100k=int(r.tokens)) for r in rows]
    rows.sort(key=lambda r: (-r.tokens, r.source, r.name))
    window = context_window or CODEX_MODEL.context_window
    all_notes = [*notes, NOT_COUNTED, *scope.notes]
    if not window:
        all_notes.append(
            "gpt-5.5's context window is not published in toolsearch's facts: pass "
            "--context-window to see the share it takes"
        )
    search_tool = float(counts[-1])
    upfront = search_tool + sum(r.tokens for r in rows if not r.deferred)
    totals = Totals(
        upfront=upfront,
        all_loaded=sum(r.tokens for r in rows),
        system_prompt=0.0,
        search_tool=search_tool,
        context_window=window,
        context_share=100.0 * upfront / window if window else 0.0,
    )
    method = codex_method()
    return ScopeBudget(
        scope, CODEX_MODEL, CODEX_MODEL.id, method, tuple(rows), totals, tuple(all_notes)
    )
