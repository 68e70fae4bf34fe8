"""A host's model table: its own when it has one (OpenAI's), Anthropic's otherwise."""

from __future__ import annotations

from toolsearch.cost.models import ModelInfo, resolve
from toolsearch.hosts import host_named


def resolve_for(target: str, model: str | None) -> tuple[ModelInfo, str | None]:
    """``resolve`` under a target's host (its default model when None; a note when the model is
    not in its table)."""
    host = host_named(target)
    if host.resolve_model is None:
        return resolve(model)
    return host.resolve_model(model or host.default_model)
