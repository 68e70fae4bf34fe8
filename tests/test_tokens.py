"""The bundled encoding, the calibration, and the count cache."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from toolsearch.models import lookup
from toolsearch.token_cache import cache_file, cached_counts
from toolsearch.tokens import RawCount, encoding, estimate, estimate_flat


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
    assert estimate(RawCount(total=100, description=40), model) == pytest.approx(185.0)
    assert estimate_flat(100, model) == pytest.approx(185.0)


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
    assert path is not None and "cl100k-223921b76ee99bde-v1" in path.name


def test_cache_can_be_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLSEARCH_NO_CACHE", "1")
    counter = CountingCounter()
    texts = [f"t{i}" for i in range(10)]
    cached_counts(texts, counter)
    cached_counts(texts, counter)
    assert counter.calls == 20


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
    path.write_text("{not json")
    assert cached_counts(texts, CountingCounter()) == [len(t) for t in texts]
    assert json.loads(path.read_text())  # rewritten


def test_a_run_reads_the_cache_file_once_and_sees_other_writers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json as json_module

    reads: list[int] = []
    real_loads = json_module.loads

    def counting_loads(text: str) -> object:
        reads.append(len(text))
        return real_loads(text)

    monkeypatch.setattr("toolsearch.token_cache.json.loads", counting_loads)
    scopes = [[f"scope {s} text {i}" for i in range(10)] for s in range(5)]
    for texts in scopes:  # as budget does for each scope of a lint run
        cached_counts(texts, CountingCounter())
    for texts in scopes:
        counter = CountingCounter()
        assert cached_counts(texts, counter) == [len(t) for t in texts] and counter.calls == 0
    assert reads == []  # the file this process wrote is kept, not read back for each scope
    path = cache_file()
    assert path is not None
    path.write_text(json_module.dumps({}), encoding="utf-8")  # another process starts afresh
    counter = CountingCounter()
    cached_counts(scopes[0], counter)
    assert counter.calls == 10 and len(reads) == 1
