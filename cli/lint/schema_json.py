"""Each tool's input schema as compact JSON, made once per scope and run: ``oversized-schema``
measures it and ``suspicious-description`` (with ``tool-poisoning``) screens it, and dumping
10,000 schemas twice cost a large catalog's lint about 50 ms."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from toolsearch.lint.rule_context import Context

# One encoder for every schema: ``json.dumps`` with options builds a new one per call, a tenth
# of the time of dumping a large catalog's small schemas.
_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, default=str)
# The same text, refused (TypeError) for a value JSON has no type for.
_PLAIN = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def compact_json(schema: Any) -> str:
    """The schema as the API's compact JSON would spell it (objects JSON has no type for as
    their text)."""
    return _COMPACT.encode(schema)


def schema_texts(ctx: Context) -> list[str | None]:
    """The compact JSON of each of the scope's tools' input schemas, in tool order; None for a
    schema JSON cannot hold (keys that are not text, a loop)."""
    return [text for text, _ in _texts(ctx)]


def holding_keys(ctx: Context, keys: Collection[str]) -> list[bool]:
    """For each of the scope's tools, whether its input schema holds one of ``keys`` as an
    object key anywhere (data included), as ``slimming.keys_in`` finds them. Read in the
    schema's JSON, where such a key is spelled ``"key":`` and a text holding that is seldom
    anything else (then the caller's walk finds nothing); walked for a schema with values that
    JSON spells only as text (a mapping that is not a dict, a date), whose keys it would hide."""
    from toolsearch.lint.slimming import keys_in

    wanted = frozenset(keys)
    spelled = [json.dumps(key, ensure_ascii=False) + ":" for key in sorted(wanted)]
    texts = ctx.analysis.remember(
        ("plain-schema-json", ctx.scope.name), lambda: [t if p else None for t, p in _texts(ctx)]
    )
    found: list[bool | None]
    if len(spelled) == 1:  # most rules: one key, one test per schema
        found = [None if text is None else spelled[0] in text for text in texts]
    else:
        found = [None if text is None else any(map(text.__contains__, spelled)) for text in texts]
    if None in found:  # a schema JSON spells in part as text (or cannot spell): walked
        for index, tool in enumerate(ctx.scope.tools):
            if found[index] is None:
                found[index] = not wanted.isdisjoint(keys_in(tool.input_schema))
    return [bool(holds) for holds in found]


def _texts(ctx: Context) -> list[tuple[str | None, bool]]:
    """Each schema's compact JSON, and whether JSON spelled every value of it as its own type
    (no value written as its text)."""
    return ctx.analysis.remember(
        ("schema-json", ctx.scope.name), lambda: [_text(t.input_schema) for t in ctx.scope.tools]
    )


def _text(schema: Any) -> tuple[str | None, bool]:
    try:
        return _PLAIN.encode(schema), True
    except (TypeError, ValueError):
        pass
    try:
        return compact_json(schema), False
    except (TypeError, ValueError):
        return None, False
