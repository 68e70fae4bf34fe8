"""The model table: one test per row, and id normalisation."""

from __future__ import annotations

import pytest

from toolsearch.cost.models import MODELS, lookup, normalise, resolve
from toolsearch.cost.tokens import RawCount, estimate, method_for

# id, auto/none, any/tool, tokenizer, tool search (tool-search-facts.md §4.1 Table B/A, §1.7),
# and the estimate for a tool of 100 cl100k tokens, 40 of them its description, with the
# method's confidence (token-calibration.md: per-tool model, or x1.60 on the newer tokenizer)
EXPECTED = [
    ("claude-opus-5-5", 286, 406, "claude-4.7+", "uncertain", 160.0, "fair"),
    ("claude-sonnet-5-5", 354, 474, "claude-4.7+", "uncertain", 160.0, "fair"),
    ("claude-haiku-5-5", 354, 474, "claude-4.7+", "uncertain", 160.0, "fair"),
    ("claude-fable-5-2", 286, 406, "claude-4.7+", "uncertain", 160.0, "fair"),
    ("claude-fable-5-1", 286, 406, "claude-4.7+", "uncertain", 160.0, "fair"),
    ("claude-mythos-5-1", 286, 406, "claude-4.7+", "uncertain", 160.0, "fair"),
    ("claude-opus-5", 286, 406, "claude-4.7+", "supported", 160.0, "fair"),
    ("claude-fable-5", 286, 406, "claude-4.7+", "supported", 160.0, "fair"),
    ("claude-mythos-5", 286, 406, "claude-4.7+", "supported", 160.0, "fair"),
    ("claude-opus-4-8", 290, 410, "claude-4.7+", "supported", 160.0, "fair"),
    ("claude-opus-4-7", 675, 804, "claude-4.7+", "supported", 160.0, "fair"),
    ("claude-opus-4-6", 497, 589, "claude-4", "supported", 133.74, "good"),
    ("claude-opus-4-5", 496, 588, "claude-4", "supported", 133.74, "good"),
    ("claude-opus-4-1", 313, 315, "claude-4", "uncertain", 133.74, "good"),
    ("claude-opus-4", 313, 315, "claude-4", "uncertain", 133.74, "good"),
    ("claude-sonnet-5", 354, 474, "claude-4.7+", "supported", 160.0, "fair"),
    ("claude-sonnet-4-6", 497, 589, "claude-4", "supported", 133.74, "good"),
    ("claude-sonnet-4-5", 496, 588, "claude-4", "supported", 133.74, "good"),
    ("claude-sonnet-4", 313, 315, "claude-4", "uncertain", 133.74, "good"),
    ("claude-haiku-4-5", 496, 588, "claude-4", "supported", 133.74, "good"),
    ("claude-3-7-sonnet", 346, 313, "claude-4", "unsupported", 133.74, "good"),
    ("claude-3-5-sonnet", 346, 313, "claude-4", "unsupported", 133.74, "good"),
    ("claude-3-5-haiku", 264, 355, "claude-4", "unsupported", 133.74, "good"),
    ("claude-3-opus", 530, 281, "claude-4", "unsupported", 133.74, "good"),
    ("claude-3-haiku", 264, 340, "claude-4", "unsupported", 133.74, "good"),
]


@pytest.mark.parametrize(
    ("model", "auto", "forced", "family", "support", "tokens", "confidence"), EXPECTED
)
def test_row(
    model: str, auto: int, forced: int, family: str, support: str, tokens: float, confidence: str
) -> None:
    info = lookup(model)
    assert info is not None
    assert info.system_prompt({"type": "auto"}) == auto
    assert info.system_prompt(None) == auto
    assert info.system_prompt({"type": "none"}) == auto
    assert info.system_prompt({"type": "any"}) == forced
    assert info.system_prompt({"type": "tool", "name": "x"}) == forced
    assert info.tokenizer == family
    assert info.tool_search == support
    assert info.context_window == (1_000_000 if model.endswith("-5-5") else 200_000)
    assert info.forced_tool_choice == (model not in ("claude-fable-5-1", "claude-mythos-5-1"))
    assert estimate(RawCount(total=100, description=40), info) == pytest.approx(tokens)
    assert method_for(info).confidence == confidence


def test_every_row_is_tested() -> None:
    assert {m.id for m in MODELS} == {row[0] for row in EXPECTED}


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5"),
        ("anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
        ("us.anthropic.claude-opus-4-1-20250805-v1:0", "claude-opus-4-1"),
        ("claude-opus-4-5@20251101", "claude-opus-4-5"),
        ("claude-sonnet-4-0", "claude-sonnet-4"),
        ("claude-3-5-haiku-latest", "claude-3-5-haiku"),
        ("Claude-Haiku-4-5", "claude-haiku-4-5"),
    ],
)
def test_normalise(given: str, expected: str) -> None:
    assert normalise(given) == expected


def test_unknown_model_falls_back_with_a_note() -> None:
    info, note = resolve("gpt-4o")
    assert info.id == "claude-sonnet-4-5"
    assert note is not None and "unknown model 'gpt-4o'" in note
    assert resolve(None) == (info, None)
