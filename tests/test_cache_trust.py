"""Caches trusted blindly (issue 24): anyone who can write the cache folder could plant counts,
vectors or SQL. Impossible counts, vectors that are not unit length or not finite, and files
holding more than plain tables are ignored, each with one note."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES
from toolsearch.app import app
from toolsearch.cost.count_store import ignored_caches
from toolsearch.cost.token_cache import CACHE_NAME
from toolsearch.retrieval.vector_store import read_vectors, write_vectors

GITHUB = str(FIXTURES / "example" / "github.json")


def cache() -> Path:
    return Path(os.environ["TOOLSEARCH_CACHE_DIR"]) / CACHE_NAME


def budget(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["budget", *args, GITHUB])
    return result.exit_code, result.stdout, result.stderr


def test_an_impossible_count_is_ignored_with_a_note(runner: CliRunner) -> None:
    code, honest, err = budget(runner, "--max-upfront", "100")
    assert code == 1 and err.count("toolsearch: note") == 0  # over budget, the cache filled
    with sqlite3.connect(cache()) as db:
        db.execute("UPDATE counts SET count = -1000000")
    code, out, err = budget(runner, "--max-upfront", "100")
    assert code == 1, out  # still over budget: the planted counts were not used
    assert out == honest
    assert err.splitlines()[-1] == (
        f"toolsearch: note: ignored the cache {cache()}: it holds a count of -1,000,000 tokens "
        "for a text that can hold 0 to its length in bytes; delete it and toolsearch builds a "
        "new one"
    )


def test_a_cache_holding_a_view_is_never_read(runner: CliRunner) -> None:
    code, honest, _ = budget(runner)
    assert code == 0
    with sqlite3.connect(cache()) as db:
        db.execute("DROP TABLE counts")
        db.execute(
            "CREATE VIEW counts AS WITH RECURSIVE r(key, count) AS "
            "(SELECT x'00', 0 UNION ALL SELECT key, count + 1 FROM r) SELECT key, count FROM r"
        )
    code, out, err = budget(runner)  # reading the view would never end
    assert code == 0 and out == honest
    assert err.splitlines()[-1] == (
        f"toolsearch: note: ignored the cache {cache()}: it holds a view ('counts'), not plain "
        "tables; delete it and toolsearch builds a new one"
    )


@pytest.mark.parametrize(
    ("scale", "value", "why"),
    [
        (50.0, None, "it holds a vector of length 50, where embeddings have length 1"),
        (1.0, np.nan, "it holds a vector that is not finite (NaN or infinity)"),
    ],
)
def test_a_vector_that_no_model_made_is_ignored(
    tmp_path: Path, scale: float, value: float | None, why: str
) -> None:
    path = tmp_path / "vectors.sqlite3"
    honest = np.ones(4, dtype="<f4") / 2.0  # unit length
    planted = honest * scale
    if value is not None:
        planted[0] = value
    ignored_caches()
    write_vectors(path, {b"a" * 16: honest, b"b" * 16: planted})
    assert read_vectors(path, [b"a" * 16], 4).keys() == {b"a" * 16}  # honest ones alone: kept
    assert ignored_caches() == []
    assert read_vectors(path, [b"a" * 16, b"b" * 16], 4) == {}
    assert ignored_caches() == [
        f"ignored the cache {path}: {why}; delete it and toolsearch builds a new one"
    ]
