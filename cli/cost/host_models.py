"""A host's model table: its own when it has one (OpenAI's), Anthropic's otherwise; a
client's is the table of the host its model's counts follow."""

from __future__ import annotations

from toolsearch.cost.models import ModelInfo, resolve
from toolsearch.hosts import costing_host, host_named


def resolve_for(target: str, model: str | None) -> tuple[ModelInfo, str | None]:
    """``resolve`` under a target's host (its default model when None; a note when the model is
    not in its table)."""
    client = host_named(target)
    if client.counts_as is not None:  # a client: its model's host counts it
        model = model or client.default_model
    host = costing_host(client, model)
    if host.resolve_model is None:
        return resolve(model)
    return host.resolve_model(model or host.default_model)
