"""``recommend --target codex``: Codex keeps no MCP tool loaded, so the advice is about search.

Codex CLI has no setting that keeps an MCP tool loaded: it defers every one and its own search
(``codex_search``) is the only way a tool reaches the model. So there is nothing to choose or
write (``--apply`` and ``--diff`` are refused); what helps is a description Codex's search finds.
Each MCP tool is searched for with its own name and description (``eval --self``), Codex's own
deferred tools competing, and every tool not in Codex's top 8 is reported with what ranks above
it and what to change.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolsearch.analysis import Analysis
from toolsearch.catalog.codex_names import CODEX
from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.model import Tool
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.retrieval.codex_bm25 import tokenize
from toolsearch.retrieval.codex_search import CODEX_VERSION, DEFAULT_LIMIT, is_searched

NO_KEEP_LOADED = (
    f"Codex CLI ({CODEX_VERSION}) has no setting that keeps an MCP tool loaded: it defers every "
    "MCP tool and its tool_search is the only way one reaches the model"
)
AHEAD_SHOWN = 3


@dataclass(frozen=True)
class BadlyFound:
    """A tool Codex's search does not return for its own words, and what to change."""

    tool: Tool
    rank: int | None  # None: no word of its own reaches it
    ahead: tuple[str, ...]
    advice: str


@dataclass(frozen=True)
class CodexAdvice:
    """What ``recommend --target codex`` reports."""

    tools: int
    checked: int
    badly_found: list[BadlyFound]
    notes: list[str]


def refuse_apply() -> None:
    """``--apply`` or ``--diff`` under ``--target codex``: there is nothing to write."""
    raise UsageError(
        f"--apply and --diff have nothing to write under --target codex: {NO_KEEP_LOADED}"
    )


def _advice(tool: Tool, rank: int | None, ahead: tuple[str, ...]) -> str:
    """What to change in a tool's description so that Codex's search finds it."""
    name_words = [w for w in tool.name.replace("-", "_").split("_") if w]
    described = set(tokenize(tool.description or ""))
    missing = [w for w in name_words if tokenize(w) and not set(tokenize(w)) <= described]
    parts = []
    if not (tool.description or "").strip():
        parts.append("give it a description that says what it does")
    elif missing:
        parts.append(
            f"say {', '.join(repr(w) for w in missing)} in its description (Codex's search takes "
            f"{tool.name!r} as one word and finds its parts only there)"
        )
    if ahead:
        parts.append(f"say what sets it apart from {', '.join(ahead)}")
    return "; ".join(parts) or "use the words a user would search for in its description"


def codex_advice(inputs: Inputs, config: Config) -> CodexAdvice:
    """Each MCP tool of Codex's scope searched for with its own words, Codex's way."""
    analysis = Analysis(inputs.catalog, config)
    found: list[BadlyFound] = []
    hidden: list[str] = []
    tools = checked = 0
    for scope in analysis.catalog.scopes:
        if scope.kind != CODEX:
            continue
        tools += len(scope.tools)
        for outcome in analysis.self_check(scope, CODEX):
            tool = outcome.expected[0]
            if not is_searched(tool):
                hidden.append(f"{tool.source}/{tool.name}")
                continue
            checked += 1
            rank = outcome.ranks[0]
            if rank is not None and rank <= DEFAULT_LIMIT:
                continue
            ahead = tuple(t.name for t in outcome.got[:AHEAD_SHOWN] if t is not tool)
            found.append(BadlyFound(tool, rank, ahead, _advice(tool, rank, ahead)))
    if not tools:
        raise UsageError(
            "no MCP tools to advise on: under --target codex toolsearch reads what Codex defers, "
            "MCP servers' tools (tools/list results, --mcp-config, --mcp-command)"
        )
    notes = [NO_KEEP_LOADED, *inputs.notes]
    if hidden:
        notes.append(
            f'{len(hidden)} tool(s) are for apps only (_meta.ui.visibility without "model"): '
            f"Codex never searches them: {', '.join(hidden)}"
        )
    return CodexAdvice(tools, checked, found, notes)
