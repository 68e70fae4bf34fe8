"""The bundled encoding, the calibration, and the count cache."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from toolsearch.cost.models import lookup
from toolsearch.cost.schema_parts import may_cost_more
from toolsearch.cost.token_cache import cache_file, cached_counts
from toolsearch.cost.tokens import RawCount, encoding, estimate, estimate_flat


def test_bundled_encoding_counts_like_cl100k() -> None:
    enc = encoding()
    assert enc.encode_ordinary("hello world") == [15339, 1917]
    assert len(enc.encode_ordinary('{"name":"get_weather"}')) == 6


def test_old_family_per_tool_model() -> None:
    model = lookup("claude-sonnet-4-5")
    assert model is not None
    assert estimate(RawCount(total=100, description=40), model) == pytest.approx(
        8.3 + 1.156 * 40 + 1.320 * 60
    )


def test_new_family_factor() -> None:
    model = lookup("claude-opus-4-7")
    assert model is not None
    assert estimate(RawCount(total=100, description=40), model) == pytest.approx(160.0)
    assert estimate_flat(100, model) == pytest.approx(160.0)


class CountingCounter:
    def __init__(self) -> None:
        self.calls = 0

    def count_many(self, texts: Sequence[str]) -> list[int]:
        self.calls += len(texts)
        return [len(t) for t in texts]


def test_cache_skips_the_encoder_on_the_second_run() -> None:
    texts = [f"text number {i}" for i in range(20)]
    counter = CountingCounter()
    assert cached_counts(texts, counter) == [len(t) for t in texts]
    assert counter.calls == 20
    assert cached_counts(texts, counter) == [len(t) for t in texts]
    assert counter.calls == 20
    assert cached_counts([*texts, "one more new text"], counter)[-1] == 17
    assert counter.calls == 21
    path = cache_file()
    assert path is not None and path.name == "token-counts.sqlite3" and path.is_file()


def test_even_one_text_is_cached() -> None:
    """A warm lint of a small catalog counts a few loaded tools: no encoder for those either."""
    counter = CountingCounter()
    cached_counts(["only"], counter)
    assert cached_counts(["only"], counter) == [4] and counter.calls == 1


def test_cache_can_be_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLSEARCH_NO_CACHE", "1")
    counter = CountingCounter()
    texts = [f"t{i}" for i in range(10)]
    cached_counts(texts, counter)
    cached_counts(texts, counter)
    assert counter.calls == 20
    assert cache_file() is None


def test_unwritable_or_corrupt_cache_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TOOLSEARCH_CACHE_DIR", str(blocker / "cache"))
    texts = [f"t{i}" for i in range(10)]
    assert cached_counts(texts, CountingCounter()) == [len(t) for t in texts]
    monkeypatch.setenv("TOOLSEARCH_CACHE_DIR", str(tmp_path / "c"))
    path = cache_file()
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_text("{not a database" * 100)
    assert cached_counts(texts, CountingCounter()) == [len(t) for t in texts]
    counter = CountingCounter()  # the corrupt file was replaced by a working cache
    assert cached_counts(texts, counter) == [len(t) for t in texts] and counter.calls == 0


def test_counts_of_another_estimator_version_are_not_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = [f"versioned {i}" for i in range(5)]
    with monkeypatch.context() as patched:
        patched.setattr("toolsearch.cost.token_cache.ESTIMATOR_VERSION", 0)
        cached_counts(texts, CountingCounter())
    counter = CountingCounter()
    cached_counts(texts, counter)
    assert counter.calls == 5


def test_the_bundled_encodings_ranks_are_its_line_numbers() -> None:
    """tokens.encoding() reads only the token column: in the file whose sha256 it checks, each
    line's rank is the line's index."""
    from importlib import resources

    data = resources.files("tiktoken_ext").joinpath("data/cl100k_base.tiktoken").read_bytes()
    ranks = data.split()[1::2]
    assert [int(rank) for rank in ranks] == list(range(len(ranks)))


@pytest.mark.parametrize("model_id", ["claude-sonnet-4-5", "claude-opus-4-7"])
def test_byte_bound_never_skips_a_text_over_the_limit(model_id: str) -> None:
    model = lookup(model_id)
    assert model is not None
    texts = [
        '{"type":"object"}',
        "é" * 40,  # two bytes a character, fewer tokens than bytes
        "\U0001f600" * 30,  # four bytes a character
        "x1 " * 200,
        '{"a":"\\ud800"}',
    ]
    counts = [len(encoding().encode_ordinary(t)) for t in texts]
    factor = 1.6 if model.tokenizer == "claude-4.7+" else 1.320
    for limit in (0, 5, 20, 60, 200, 1000):
        for text, count in zip(texts, counts, strict=True):
            if count * factor > limit:
                assert may_cost_more(text, limit, model), (text, limit)
    assert not may_cost_more('{"type":"object"}', 60, model)
    assert may_cost_more("x1 " * 200, 60, model)
