"""The Gemini API and Gemini CLI (``--target gemini``; hosts-facts.md §1.2, §1.8).

Gemini CLI has no tool search: it sends every MCP tool as a function declaration in one
request. The API takes at most 512 declarations, names matching
``[A-Za-z_][A-Za-z0-9_.:-]{0,127}`` and parameter names ``[A-Za-z_][A-Za-z0-9_]{0,63}``, and
refuses a duplicate ("Duplicate function declaration found"; python-genai ``types.py`` at
``66807187``; gemini-cli #19083). Gemini's tokenizer is not bundled: figures are o200k_base
counts standing in for it, an estimate, under the default model gemini-3.6 (a model the Tool
Retrieval write-ups name) unless ``--model`` says.
"""

from __future__ import annotations

from toolsearch.catalog.model import Scope
from toolsearch.cost.models import ModelInfo
from toolsearch.cost.openai_models import NOT_PUBLISHED
from toolsearch.hosts.clients import gatherer, search_note, sends_kind
from toolsearch.hosts.host import (
    CostModel,
    Host,
    Limits,
    as_sent,
    costs_nothing,
    no_note,
    unchanged,
    whole,
)

NAME = "gemini"
LABEL = "Gemini"
DEFAULT_MODEL = "gemini-3.6"
DECLARATIONS = 512
NAME_LIMIT = 128
STAND_IN = (
    "Gemini's tokenizer is not bundled: o200k_base counts stand in for it; Gemini publishes "
    "no per-declaration overhead (assumed 0)"
)
sends = sends_kind(NAME)


def resolve_gemini(model: str) -> tuple[ModelInfo, str | None]:
    """A Gemini model's row: tool search not used (Gemini CLI has none), window not published."""
    label = model.strip()
    row = ModelInfo(label, label, 0, 0, "o200k", "unsupported", context_window=NOT_PUBLISHED)
    return row, None


def uncounted_note(scope: Scope) -> str | None:
    if not sends(scope):
        return None
    return "Gemini CLI's own prompt and built-in tools are not counted: only the MCP tools"


HOST = Host(
    name=NAME,
    label=LABEL,
    default_model=DEFAULT_MODEL,
    default_mode="bm25",
    search_modes=(),
    gathers=frozenset({"mcp"}),
    scope_kind=NAME,
    gather=gatherer(NAME, lambda _item, _tool: False, as_sent),
    settle=unchanged,
    sends=sends,
    sent_name=as_sent,
    sent_description=whole,
    costs=CostModel(0, costs_nothing, no_note, uncounted_note, counting="o200k", stand_in=STAND_IN),
    limits=Limits(
        name_length=NAME_LIMIT,
        description_cut=None,
        deferred_tools=0,
        tools_per_request=DECLARATIONS,
    ),
    apply="none",
    names_in_references=False,
    picks_search_by_model=False,
    resolve_model=resolve_gemini,
    search_note=search_note("Gemini CLI has no tool search (it sends every tool)"),
    reader="the model",
    refuser=LABEL,
)
