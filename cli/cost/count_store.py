"""Token counts by key in one SQLite file: a run reads only the keys it asks for.

A cache never fails a run: without the ``sqlite3`` module, in an unwritable folder, or with a
locked or corrupt file the store reads as empty and drops writes (a corrupt file is replaced by
an empty one at the next write). Concurrent runs are safe: SQLite locks the file, a writer waits
up to ``BUSY_SECONDS`` for another, and ``INSERT OR IGNORE`` keeps the first count of a key (two
runs that count the same text store the same count).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

try:
    import sqlite3
except ImportError:  # a Python built without it: no cache
    sqlite3 = None  # type: ignore[assignment]

MAX_ENTRIES = 400_000
BUSY_SECONDS = 2.0
BATCH = 10_000  # keys per SELECT, below SQLite's 32,766 bound parameters
MIN_ENTRY_BYTES = 20  # a 16-byte key and its count take at least this much of a page
SCHEMA = "CREATE TABLE IF NOT EXISTS counts (key BLOB PRIMARY KEY, count INTEGER) WITHOUT ROWID"
_CORRUPT = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB
# Caches this run ignored, and why: anyone who can write the cache folder (a shared
# TOOLSEARCH_CACHE_DIR, a restored CI cache) could have planted them. The CLI prints each once.
_IGNORED: dict[str, str] = {}


class UntrustedStore(Exception):
    """A cache file holding more than plain tables (a view, a trigger): never read or written."""


def ignore_cache(path: Path, why: str) -> None:
    """Record that the cache at ``path`` was ignored, and why (the first reason is kept)."""
    _IGNORED.setdefault(str(path), why)


def ignored_so_far() -> dict[str, str]:
    """The caches ignored so far and why, kept for ``ignored_caches`` (a worker process hands
    its own to its parent: ``add_ignored``)."""
    return dict(_IGNORED)


def add_ignored(found: dict[str, str]) -> None:
    """Record caches another process ignored (``ignored_so_far`` there)."""
    for path, why in found.items():
        _IGNORED.setdefault(path, why)


def ignored_caches() -> list[str]:
    """One note per cache ignored since the last call (which clears them)."""
    notes = [
        f"ignored the cache {path}: {why}; delete it and toolsearch builds a new one"
        for path, why in _IGNORED.items()
    ]
    _IGNORED.clear()
    return notes


def read_counts(path: Path, keys: Sequence[bytes]) -> dict[bytes, int]:
    """The stored count of each key found; empty when the store cannot be read."""
    found = read_rows(path, keys, "SELECT key, count FROM counts WHERE key IN ({})", SCHEMA)
    return {key: count for key, count in found if type(count) is int}


def read_rows(path: Path, keys: Sequence[bytes], select: str, schema: str) -> list[Any]:
    """The (key, value) rows of the keys found, ``select`` taking the keys' marks at ``{}``;
    empty when the store cannot be read."""
    if not keys or sqlite3 is None or not path.is_file():
        return []
    found: list[Any] = []
    try:
        connection = open_store(path, schema)
    except (sqlite3.Error, OSError, UntrustedStore):
        return []
    try:
        unique = list(dict.fromkeys(keys))
        for start in range(0, len(unique), BATCH):
            chunk = unique[start : start + BATCH]
            found.extend(connection.execute(select.format(",".join("?" * len(chunk))), chunk))
    except sqlite3.Error:
        return []
    finally:
        connection.close()
    return found


def write_counts(path: Path, counts: dict[bytes, int]) -> None:
    """Store counts; once past ``MAX_ENTRIES`` only these are kept. Failures are ignored."""
    if counts:
        write_safely(path, lambda: _write(path, counts))


def write_safely(path: Path, write: Callable[[], None]) -> None:
    """Run a store's write: a corrupt file is replaced by an empty one and written again, any
    other failure is ignored (a cache never fails a run)."""
    if sqlite3 is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write()
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorcode", None) in _CORRUPT and _replace_with_empty(path):
            with contextlib.suppress(sqlite3.Error, OSError):
                write()
    except (sqlite3.Error, OSError, UntrustedStore):
        pass


def open_store(path: Path, schema: str = SCHEMA) -> sqlite3.Connection:
    """A connection to the store with its table made (WAL: readers never wait for a writer)."""
    connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
    try:
        _refuse_other_objects(connection, path)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.execute(schema)
    except BaseException:
        connection.close()
        raise
    return connection


def _refuse_other_objects(connection: sqlite3.Connection, path: Path) -> None:
    """A cache holds plain tables (and their indexes) only: a view or a trigger would run SQL
    someone else wrote at every read or write (a recursive view hangs the run)."""
    kinds = connection.execute(
        "SELECT type, name FROM sqlite_master WHERE type NOT IN ('table', 'index') LIMIT 1"
    ).fetchall()
    if kinds:
        kind, name = kinds[0]
        why = f"it holds a {kind} ({name!r}), not plain tables"
        ignore_cache(path, why)
        raise UntrustedStore(why)


@contextlib.contextmanager
def transaction(path: Path, schema: str = SCHEMA) -> Iterator[sqlite3.Connection]:
    """One write transaction on the store: committed when the block ends, else rolled back."""
    connection = open_store(path, schema)
    try:
        connection.execute("BEGIN IMMEDIATE")
        yield connection
        connection.execute("COMMIT")
    finally:
        if connection.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
        connection.close()


def _write(path: Path, counts: dict[bytes, int]) -> None:
    with transaction(path) as connection:
        connection.executemany("INSERT OR IGNORE INTO counts VALUES (?, ?)", counts.items())
        if _may_be_full(connection) and _entries(connection) > MAX_ENTRIES:
            connection.execute("DELETE FROM counts")
            connection.executemany("INSERT INTO counts VALUES (?, ?)", counts.items())


def _may_be_full(connection: sqlite3.Connection) -> bool:
    """Could the table hold more than ``MAX_ENTRIES``? Asked of the pages in use (no scan)."""
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    free = connection.execute("PRAGMA freelist_count").fetchone()[0]
    size = connection.execute("PRAGMA page_size").fetchone()[0]
    return bool((pages - free) * size > MAX_ENTRIES * MIN_ENTRY_BYTES)


def _entries(connection: sqlite3.Connection) -> int:
    return int(connection.execute("SELECT count(*) FROM counts").fetchone()[0])


def _replace_with_empty(path: Path) -> bool:
    """Put an empty file in place of a corrupt store (and drop its journal: it belongs to it)."""
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(fd)
        os.replace(temp, path)
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"{path}{suffix}")
    except OSError:
        return False
    return True
