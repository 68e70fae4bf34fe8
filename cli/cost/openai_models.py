"""OpenAI's model table for ``--target openai`` (hosts-facts.md §1.1).

"Only gpt-5.4 and later models support `tool_search`" (OpenAI's tool search guide). OpenAI
publishes no tool-use system prompt figure and no per-tool overhead for the Responses API, so
those are 0 here and the method line says so; the context windows of these models are not in
the facts toolsearch carries, so they are "not published" (0) unless ``--context-window`` says.
"""

from __future__ import annotations

import re

from toolsearch.cost.models import ModelInfo, Support

OPENAI_DEFAULT_MODEL = "gpt-5.5"
FIRST_WITH_TOOL_SEARCH = (5, 4)
NOT_PUBLISHED = 0  # a context window toolsearch has no published figure for
NO_OVERHEAD_NOTE = "OpenAI publishes no tool-use system prompt or per-tool overhead"

OPENAI_MODELS: tuple[ModelInfo, ...] = (
    ModelInfo("gpt-5.5", "GPT-5.5", 0, 0, "o200k", "supported", context_window=NOT_PUBLISHED),
    ModelInfo("gpt-5.4", "GPT-5.4", 0, 0, "o200k", "supported", context_window=NOT_PUBLISHED),
)
_BY_ID = {m.id: m for m in OPENAI_MODELS}
_VERSIONED = re.compile(r"^gpt-(\d+)(?:\.(\d+))?(?:-[a-z0-9.-]+)?$")
_OLDER_FAMILIES = re.compile(r"^(?:gpt-4o|gpt-4|gpt-3\.5|o1|o3|o4)(?:[-.].*)?$")


def normalise_openai(model: str) -> str:
    """Lower case, without an ``openai/`` or Azure deployment-style path prefix."""
    return model.strip().lower().split("/")[-1]


def version_of(model: str) -> tuple[int, int] | None:
    """``(5, 4)`` for ``gpt-5.4`` or ``gpt-5.4-mini``; None for a name with no GPT version."""
    match = _VERSIONED.match(normalise_openai(model))
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2) or 0)


def tool_search_support(model: str) -> Support:
    """``supported`` from gpt-5.4 on; ``unsupported`` for earlier GPT and o-series models;
    ``uncertain`` for a name toolsearch cannot place."""
    version = version_of(model)
    if version is not None:
        return "supported" if version >= FIRST_WITH_TOOL_SEARCH else "unsupported"
    if _OLDER_FAMILIES.match(normalise_openai(model)):
        return "unsupported"
    return "uncertain"


def resolve_openai(model: str | None) -> tuple[ModelInfo, str | None]:
    """The row for an OpenAI model (the default when None); a note when it is not in the table
    (its figures are the default's: o200k_base counts do not depend on the model)."""
    if model is None:
        return _BY_ID[OPENAI_DEFAULT_MODEL], None
    found = _BY_ID.get(normalise_openai(model))
    if found is not None:
        return found, None
    default = _BY_ID[OPENAI_DEFAULT_MODEL]
    support = tool_search_support(model)
    label = model.strip()
    row = ModelInfo(label, label, 0, 0, "o200k", support, context_window=NOT_PUBLISHED)
    return row, f"model {label!r} is not in toolsearch's OpenAI table: counted as {default.id}"
