"""What each part of a tool's definition costs: its name, its description, and its input
schema's property names, descriptions, types, enums, definitions, defaults, examples and titles.

Each part is the set of its ``"key":value`` fragments in the tool's compact JSON, counted with
cl100k_base and turned into Claude tokens as the per-tool model does (the tool's description at
its own factor, everything else at the rest factor; on the newer tokenizer one factor). What
the parts leave of the tool's estimate (braces, ``required``, formats, the model's intercept,
and the few tokens fragments split differently) is ``structure``, so the parts add up to the
tool's estimate.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from toolsearch.catalog.model import Tool
from toolsearch.catalog.schema_walk import DEFINITION_KEYWORDS, subschemas
from toolsearch.cost.models import ModelInfo
from toolsearch.cost.tokens import (
    NEW_FACTOR,
    OLD_DESCRIPTION_FACTOR,
    OLD_REST_FACTOR,
    TokenCounter,
    count_tools,
    estimate,
    sent_examples,
)

PARTS = (
    "name",
    "description",
    "property names",
    "property descriptions",
    "types",
    "enums",
    "definitions",
    "defaults",
    "examples",
    "titles",
    "structure",
)
_BY_KEY = {
    "title": "titles",
    "description": "property descriptions",
    "type": "types",
    "enum": "enums",
    "const": "enums",
    "default": "defaults",
    "examples": "examples",
}


@dataclass(frozen=True)
class ToolParts:
    """One tool's estimate, split by part (Claude tokens, estimated; they sum to ``total``)."""

    name: str
    source: str
    total: float
    parts: dict[str, float]

    def share(self, part: str) -> float:
        """The part's share of the tool's estimate, in percent."""
        return 100.0 * self.parts.get(part, 0.0) / self.total if self.total else 0.0


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)


def fragments(tool: Tool) -> dict[str, list[str]]:
    """The JSON fragments of each part but ``structure``."""
    found: dict[str, list[str]] = {part: [] for part in PARTS[:-1]}
    found["name"].append('"name":' + _compact(tool.sent_name))
    if tool.sent_description is not None:
        found["description"].append('"description":' + _compact(tool.sent_description))
    schema = tool.input_schema
    if isinstance(schema, dict):
        for key in DEFINITION_KEYWORDS:
            if key in schema:
                found["definitions"].append(_compact(key) + ":" + _compact(schema[key]))
        for node in subschemas(schema, skip_definitions=True):
            for key, value in node.schema.items():
                part = _BY_KEY.get(key)
                if part is not None:
                    found[part].append(_compact(key) + ":" + _compact(value))
                elif key == "properties" and isinstance(value, dict):
                    found["property names"].extend(_compact(str(n)) + ":" for n in value)
    examples = sent_examples(tool)
    if examples is not None:
        found["examples"].append('"input_examples":' + _compact(examples))
    return found


def tool_parts(
    tools: Sequence[Tool], model: ModelInfo, counter: TokenCounter | None = None
) -> list[ToolParts]:
    """Each tool's estimate split by part."""
    from toolsearch.cost.token_cache import cached_counts
    from toolsearch.cost.tokens import Cl100kCounter

    raws = count_tools(tools, counter)
    pieces = [fragments(tool) for tool in tools]
    texts = [text for found in pieces for part in found.values() for text in part]
    counts = iter(cached_counts(texts, counter or Cl100kCounter()))
    result = []
    for tool, raw, found in zip(tools, raws, pieces, strict=True):
        total = float(round(estimate(raw, model)))  # as budget rows are
        parts: dict[str, float] = {}
        for part, texts_of_part in found.items():
            cl100k = sum(next(counts) for _ in texts_of_part)
            parts[part] = cl100k * _factor(part, model)
        parts["structure"] = max(total - sum(parts.values()), 0.0)
        result.append(ToolParts(tool.name, tool.source, total, parts))
    return result


def may_cost_more(text: str, limit: float, model: ModelInfo, part: str = "") -> bool:
    """False when ``text`` cannot cost more than ``limit`` estimated tokens at ``part``'s
    factor: no cl100k token is shorter than one byte, so its bytes bound its count (no encoding)."""
    return len(text.encode("utf-8", "surrogatepass")) * _factor(part, model) > limit


def _factor(part: str, model: ModelInfo) -> float:
    if model.tokenizer == "claude-4.7+":
        return NEW_FACTOR
    return OLD_DESCRIPTION_FACTOR if part == "description" else OLD_REST_FACTOR


def each_part_tokens(
    texts: Sequence[str], model: ModelInfo, counter: TokenCounter | None = None, part: str = ""
) -> list[float]:
    """Claude tokens (estimated) of each text, counted in one batch, at ``part``'s factor."""
    from toolsearch.cost.token_cache import cached_counts
    from toolsearch.cost.tokens import Cl100kCounter

    if not texts:
        return []
    factor = _factor(part, model)
    return [n * factor for n in cached_counts(list(texts), counter or Cl100kCounter())]


def part_tokens(
    texts: Sequence[str], model: ModelInfo, counter: TokenCounter | None = None, part: str = ""
) -> float:
    """Claude tokens (estimated) of text of one part: cl100k counts at the per-tool model's
    factor for that part (``description``: a tool's description; anything else: schema text)."""
    from toolsearch.cost.token_cache import cached_counts
    from toolsearch.cost.tokens import Cl100kCounter

    if not texts:
        return 0.0
    counts = cached_counts(list(texts), counter or Cl100kCounter())
    return sum(counts) * _factor(part, model)
