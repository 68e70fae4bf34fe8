"""The model table: tool-use system prompt, tokenizer family, context window, tool search support.

Figures from tool-search-facts.md §4.1 (Table B, in force since 2026-05-29; Table A for models
that Table B does not list) and §1.7 (tool search support).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

TokenizerFamily = Literal["claude-4", "claude-4.7+"]
Support = Literal["supported", "uncertain", "unsupported"]

DEFAULT_MODEL = "claude-sonnet-4-5"
DEFAULT_CONTEXT_WINDOW = 200_000


@dataclass(frozen=True)
class ModelInfo:
    """What toolsearch knows of one model family."""

    id: str
    label: str
    system_prompt_auto: int  # tool_choice auto / none
    system_prompt_any: int  # tool_choice any / tool
    tokenizer: TokenizerFamily
    tool_search: Support
    note: str = ""
    context_window: int = DEFAULT_CONTEXT_WINDOW
    forced_tool_choice: bool = True  # False: tool_choice any/tool is refused (400)

    def system_prompt(self, tool_choice: Any) -> int:
        """Tokens of the tool-use system prompt for a ``tool_choice`` value."""
        kind = tool_choice.get("type") if isinstance(tool_choice, dict) else None
        return self.system_prompt_any if kind in ("any", "tool") else self.system_prompt_auto


_NEW: TokenizerFamily = "claude-4.7+"
_OLD: TokenizerFamily = "claude-4"
_NOT_PUBLISHED = "tool-search support not published"
_MILLION = 1_000_000
MODELS: tuple[ModelInfo, ...] = (
    ModelInfo(
        "claude-opus-5-5",
        "Claude Opus 5.5",
        286,
        406,
        _NEW,
        "uncertain",
        f"{_NOT_PUBLISHED}; system prompt figure not published, Opus 5's is used",
        _MILLION,
    ),
    ModelInfo(
        "claude-sonnet-5-5",
        "Claude Sonnet 5.5",
        354,
        474,
        _NEW,
        "uncertain",
        f"{_NOT_PUBLISHED}; system prompt figure not published, Sonnet 5's is used",
        _MILLION,
    ),
    ModelInfo(
        "claude-haiku-5-5",
        "Claude Haiku 5.5",
        354,
        474,
        _NEW,
        "uncertain",
        f"{_NOT_PUBLISHED}; system prompt figure not published, Sonnet 5's is used",
        _MILLION,
    ),
    ModelInfo(
        "claude-fable-5-2",
        "Claude Fable 5.2",
        286,
        406,
        _NEW,
        "uncertain",
        f"{_NOT_PUBLISHED}; system prompt figure not published, Opus 5's is used",
    ),
    ModelInfo(
        "claude-fable-5-1",
        "Claude Fable 5.1",
        286,
        406,
        _NEW,
        "uncertain",
        f"{_NOT_PUBLISHED}; tool_choice any and tool answer 400 (release notes 2026-09-01); "
        "system prompt figure not published, Opus 5's is used",
        forced_tool_choice=False,
    ),
    ModelInfo(
        "claude-mythos-5-1",
        "Claude Mythos 5.1",
        286,
        406,
        _NEW,
        "uncertain",
        f"{_NOT_PUBLISHED}; tool_choice any and tool answer 400 (release notes 2026-09-01); "
        "system prompt figure not published, Opus 5's is used",
        forced_tool_choice=False,
    ),
    ModelInfo("claude-opus-5", "Claude Opus 5", 286, 406, _NEW, "supported"),
    ModelInfo(
        "claude-fable-5",
        "Claude Fable 5",
        286,
        406,
        _NEW,
        "supported",
        "system prompt figure not published; Opus 5's is used",
    ),
    ModelInfo(
        "claude-mythos-5",
        "Claude Mythos 5",
        286,
        406,
        _NEW,
        "supported",
        "system prompt figure not published; Opus 5's is used",
    ),
    ModelInfo("claude-opus-4-8", "Claude Opus 4.8", 290, 410, _NEW, "supported"),
    ModelInfo("claude-opus-4-7", "Claude Opus 4.7", 675, 804, _NEW, "supported"),
    ModelInfo("claude-opus-4-6", "Claude Opus 4.6", 497, 589, _OLD, "supported"),
    ModelInfo("claude-opus-4-5", "Claude Opus 4.5", 496, 588, _OLD, "supported"),
    ModelInfo(
        "claude-opus-4-1",
        "Claude Opus 4.1",
        313,
        315,
        _OLD,
        "uncertain",
        "listed as supported until 2026-04 ('Opus 4.0+'); unsupported since 2026-06-30",
    ),
    ModelInfo(
        "claude-opus-4",
        "Claude Opus 4",
        313,
        315,
        _OLD,
        "uncertain",
        "listed as supported until 2026-04 ('Opus 4.0+'); unsupported since 2026-06-30",
    ),
    ModelInfo("claude-sonnet-5", "Claude Sonnet 5", 354, 474, _NEW, "supported"),
    ModelInfo("claude-sonnet-4-6", "Claude Sonnet 4.6", 497, 589, _OLD, "supported"),
    ModelInfo("claude-sonnet-4-5", "Claude Sonnet 4.5", 496, 588, _OLD, "supported"),
    ModelInfo(
        "claude-sonnet-4",
        "Claude Sonnet 4",
        313,
        315,
        _OLD,
        "uncertain",
        "listed as supported until 2026-06 ('Sonnet 4.0+'); absent from the 2026-06-30 table",
    ),
    ModelInfo("claude-haiku-4-5", "Claude Haiku 4.5", 496, 588, _OLD, "supported"),
    ModelInfo(
        "claude-3-7-sonnet",
        "Claude Sonnet 3.7",
        346,
        313,
        _OLD,
        "unsupported",
        "never listed as supporting tool search; system prompt from the pre-2026-05 table",
    ),
    ModelInfo(
        "claude-3-5-sonnet",
        "Claude Sonnet 3.5",
        346,
        313,
        _OLD,
        "unsupported",
        "never listed as supporting tool search; system prompt from the pre-2026-05 table",
    ),
    ModelInfo(
        "claude-3-5-haiku",
        "Claude Haiku 3.5",
        264,
        355,
        _OLD,
        "unsupported",
        "never listed as supporting tool search",
    ),
    ModelInfo(
        "claude-3-opus",
        "Claude Opus 3",
        530,
        281,
        _OLD,
        "unsupported",
        "never listed as supporting tool search; system prompt from the pre-2026-05 table",
    ),
    ModelInfo(
        "claude-3-haiku",
        "Claude Haiku 3",
        264,
        340,
        _OLD,
        "unsupported",
        "never listed as supporting tool search; system prompt from the pre-2026-05 table",
    ),
)
_BY_ID = {m.id: m for m in MODELS}
_ALIASES = {
    "claude-opus-4-0": "claude-opus-4",
    "claude-sonnet-4-0": "claude-sonnet-4",
    "claude-3-7-sonnet-latest": "claude-3-7-sonnet",
    "claude-3-5-sonnet-latest": "claude-3-5-sonnet",
    "claude-3-5-haiku-latest": "claude-3-5-haiku",
    "claude-3-opus-latest": "claude-3-opus",
}


def normalise(model: str) -> str:
    """Strip provider decorations: date suffixes, Bedrock prefixes and versions, Vertex @dates."""
    name = model.strip().lower()
    name = name.split("/")[-1]  # e.g. Vertex publisher paths
    name = re.sub(r"^(?:[a-z]{2}\.)?anthropic\.", "", name)  # Bedrock (with region prefix)
    name = re.sub(r"-v\d+(?::\d+)?$", "", name)  # Bedrock -v1:0
    name = re.sub(r"@\d{8}$", "", name)  # Vertex @20250929
    name = re.sub(r"-\d{8}$", "", name)  # dated snapshot
    name = re.sub(r"-latest$", "", name) if name not in _ALIASES else name
    return _ALIASES.get(name, name)


def lookup(model: str) -> ModelInfo | None:
    """The table row for a model id, or None when it is unknown."""
    return _BY_ID.get(normalise(model))


def resolve(model: str | None) -> tuple[ModelInfo, str | None]:
    """The row for a model (default when None); a note when the model is unknown."""
    if model is None:
        return _BY_ID[DEFAULT_MODEL], None
    found = lookup(model)
    if found is None:
        return _BY_ID[DEFAULT_MODEL], (f"unknown model {model!r}: using {DEFAULT_MODEL}'s figures")
    return found, None
