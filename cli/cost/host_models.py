"""A target's model table: OpenAI's under ``--target openai``, Anthropic's elsewhere."""

from __future__ import annotations

from toolsearch.cost.models import ModelInfo, resolve
from toolsearch.cost.openai_models import resolve_openai


def resolve_for(target: str, model: str | None) -> tuple[ModelInfo, str | None]:
    """``resolve`` under a target (a note when the model is not in its table)."""
    return resolve_openai(model) if target == "openai" else resolve(model)
