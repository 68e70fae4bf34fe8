"""Embedding vectors by key in one SQLite file, beside the token-count cache.

Like ``toolsearch.cost.count_store``, a cache never fails a run: without ``sqlite3``, in an
unwritable folder, or with a locked or corrupt file it reads as empty and drops writes. A vector
is stored as its float32 bytes; a value of another length is ignored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from toolsearch.cost.count_store import ignore_cache, read_rows, transaction, write_safely

MAX_ENTRIES = 60_000  # about 90 MB of 384-float vectors: 3,600 tools 16 times over
UNIT_TOLERANCE = 1e-3  # float32 rounding of a normalised vector stays far inside this
SCHEMA = "CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vector BLOB) WITHOUT ROWID"


def read_vectors(path: Path, keys: Sequence[bytes], dimension: int) -> dict[bytes, np.ndarray]:
    """The stored vector of each key found; empty when the store cannot be read."""
    select = "SELECT key, vector FROM vectors WHERE key IN ({})"
    found = {
        key: np.frombuffer(blob, dtype="<f4")
        for key, blob in read_rows(path, keys, select, SCHEMA)
        if isinstance(blob, bytes) and len(blob) == dimension * 4
    }
    for vector in found.values():
        why = _not_a_unit_vector(vector)
        if why:  # one planted vector would rank its tool first for every query: trust none
            ignore_cache(path, why)
            return {}
    return found


def _not_a_unit_vector(vector: np.ndarray) -> str | None:
    """Why a stored embedding cannot be one the model made (they are unit length), or None."""
    if not np.all(np.isfinite(vector)):
        return "it holds a vector that is not finite (NaN or infinity)"
    norm = float(np.linalg.norm(vector))
    if norm > UNIT_TOLERANCE and abs(norm - 1.0) > UNIT_TOLERANCE:  # an empty text's is 0
        return f"it holds a vector of length {norm:.3g}, where embeddings have length 1"
    return None


def write_vectors(path: Path, vectors: Mapping[bytes, np.ndarray]) -> None:
    """Store vectors; once past ``MAX_ENTRIES`` only these are kept. Failures are ignored."""
    if vectors:
        rows = [(key, np.asarray(v, dtype="<f4").tobytes()) for key, v in vectors.items()]
        write_safely(path, lambda: _write(path, rows))


def _write(path: Path, rows: list[tuple[bytes, bytes]]) -> None:
    with transaction(path, SCHEMA) as connection:
        connection.executemany("INSERT OR IGNORE INTO vectors VALUES (?, ?)", rows)
        count = int(connection.execute("SELECT count(*) FROM vectors").fetchone()[0])
        if count > MAX_ENTRIES:
            connection.execute("DELETE FROM vectors")
            connection.executemany("INSERT INTO vectors VALUES (?, ?)", rows)
