"""The SQLite store behind the token cache: hits, misses, bad files, concurrent writers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import HANG_LIMIT
from toolsearch.cost import count_store
from toolsearch.cost.count_store import read_counts, write_counts


def key(n: int) -> bytes:
    return n.to_bytes(16, "big")


def test_a_written_count_is_found_and_others_are_missing(tmp_path: Path) -> None:
    path = tmp_path / "counts.sqlite3"
    assert read_counts(path, [key(1)]) == {}  # no file yet
    write_counts(path, {key(1): 7, key(2): 9})
    assert read_counts(path, [key(1), key(3), key(1)]) == {key(1): 7}
    assert read_counts(path, []) == {}


def test_the_first_count_of_a_key_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "counts.sqlite3"
    write_counts(path, {key(1): 7})
    write_counts(path, {key(1): 8})
    assert read_counts(path, [key(1)]) == {key(1): 7}


def test_many_keys_are_read_in_batches(tmp_path: Path) -> None:
    path = tmp_path / "counts.sqlite3"
    counts = {key(n): n for n in range(25_000)}
    write_counts(path, counts)
    assert read_counts(path, list(counts)) == counts


def test_a_corrupt_file_is_ignored_then_replaced(tmp_path: Path) -> None:
    path = tmp_path / "counts.sqlite3"
    path.write_bytes(b"not a database at all " * 400)
    assert read_counts(path, [key(1)]) == {}
    write_counts(path, {key(1): 7})
    assert read_counts(path, [key(1)]) == {key(1): 7}


def test_an_unwritable_folder_is_ignored(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    path = blocker / "cache" / "counts.sqlite3"
    write_counts(path, {key(1): 7})
    assert read_counts(path, [key(1)]) == {}


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to read-only folders")
def test_a_read_only_folder_is_ignored(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        write_counts(folder / "counts.sqlite3", {key(1): 7})
        assert read_counts(folder / "counts.sqlite3", [key(1)]) == {}
    finally:
        folder.chmod(0o700)


def test_a_database_the_system_will_not_write_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a read-only folder does for a user who is not root, whoever runs the test."""
    import sqlite3

    path = tmp_path / "counts.sqlite3"
    write_counts(path, {key(1): 7})
    real_connect = sqlite3.connect

    def read_only(*args: object, **kwargs: object) -> sqlite3.Connection:
        return real_connect(f"file:{path}?mode=ro", uri=True)

    monkeypatch.setattr(sqlite3, "connect", read_only)
    write_counts(path, {key(2): 9})  # refused by the database: no error reaches the user
    assert read_counts(path, [key(1), key(2)]) == {key(1): 7}


def test_past_the_limit_only_the_latest_counts_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(count_store, "MAX_ENTRIES", 100)
    monkeypatch.setattr(count_store, "MIN_ENTRY_BYTES", 1)
    path = tmp_path / "counts.sqlite3"
    write_counts(path, {key(n): n for n in range(90)})
    write_counts(path, {key(n): n for n in range(90, 120)})
    assert read_counts(path, [key(n) for n in range(120)]) == {key(n): n for n in range(90, 120)}


WRITER = """
import sys
from pathlib import Path
from toolsearch.cost.count_store import write_counts
path, first = Path(sys.argv[1]), int(sys.argv[2])
for batch in range(20):
    start = first + batch * 50
    write_counts(path, {n.to_bytes(16, "big"): n for n in range(start, start + 50)})
"""


def test_two_processes_write_at_once(tmp_path: Path) -> None:
    path = tmp_path / "counts.sqlite3"
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(first)])
        for first in (0, 1_000)
    ]
    assert [w.wait(timeout=HANG_LIMIT) for w in writers] == [0, 0]
    found = read_counts(path, [key(n) for n in range(2_000)])
    assert found == {key(n): n for n in range(2_000)}
