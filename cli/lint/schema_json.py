"""Each tool's input schema as compact JSON, made once per scope and run: ``oversized-schema``
measures it and ``suspicious-description`` (with ``tool-poisoning``) screens it, and dumping
10,000 schemas twice cost a large catalog's lint about 50 ms."""

from __future__ import annotations

import json
from typing import Any

from toolsearch.lint.rule_context import Context

# One encoder for every schema: ``json.dumps`` with options builds a new one per call, a tenth
# of the time of dumping a large catalog's small schemas.
_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, default=str)


def compact_json(schema: Any) -> str:
    """The schema as the API's compact JSON would spell it (objects JSON has no type for as
    their text)."""
    return _COMPACT.encode(schema)


def schema_texts(ctx: Context) -> list[str | None]:
    """The compact JSON of each of the scope's tools' input schemas, in tool order; None for a
    schema JSON cannot hold (keys that are not text, a loop)."""
    return ctx.analysis.remember(
        ("schema-json", ctx.scope.name), lambda: [_text(t.input_schema) for t in ctx.scope.tools]
    )


def _text(schema: Any) -> str | None:
    try:
        return compact_json(schema)
    except (TypeError, ValueError):
        return None
