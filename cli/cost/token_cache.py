"""A cache of cl100k counts by content hash, so unchanged catalogs skip the encoder.

The cache is one SQLite file in the user cache directory (``TOOLSEARCH_CACHE_DIR`` overrides
it; ``TOOLSEARCH_NO_CACHE=1`` turns it off), read a key at a time: a full cache costs a run no
more than the texts it counts. A key hashes the encoding's hash, the estimator version and the
text, so counts of another encoding or estimator are never found. An unreadable or unwritable
cache is ignored (``count_store``).
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from toolsearch.cost.count_store import ignore_cache, read_counts, write_counts
from toolsearch.cost.encoding_id import ENCODING_SHA256, ESTIMATOR_VERSION


class Counter(Protocol):
    """What counts texts when the cache does not have them (tokens.TokenCounter)."""

    def count_many(self, texts: Sequence[str]) -> list[int]: ...


CACHE_NAME = "token-counts.sqlite3"


def cache_dir() -> Path | None:
    """Where counts are cached, or None when caching is off."""
    if os.environ.get("TOOLSEARCH_NO_CACHE", "").strip() not in ("", "0"):
        return None
    override = os.environ.get("TOOLSEARCH_CACHE_DIR")
    if override:
        return Path(override)
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "toolsearch"
    if os.name == "nt":
        return Path(os.environ.get("LOCALAPPDATA", Path.home())) / "toolsearch" / "Cache"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "toolsearch"


def cache_file() -> Path | None:
    """The cache's file, or None when caching is off."""
    folder = cache_dir()
    return None if folder is None else folder / CACHE_NAME


def key_prefix() -> bytes:
    """What every key hashes before its text: the encoding's hash and the estimator version."""
    return f"cl100k:{ENCODING_SHA256}:v{ESTIMATOR_VERSION}\n".encode()


def keys_for(texts: Sequence[str]) -> list[bytes]:
    """One 16-byte key per text."""
    base = hashlib.blake2b(key_prefix(), digest_size=16)
    keys = []
    for text in texts:
        hasher = base.copy()
        hasher.update(text.encode("utf-8", "surrogatepass"))
        keys.append(hasher.digest())
    return keys


def cached_counts(texts: Sequence[str], counter: Counter) -> list[int]:
    """Counts for every text, from the cache where present (a warm run builds no encoder)."""
    path = cache_file()
    if path is None or not texts:
        return counter.count_many(texts)
    keys = keys_for(texts)
    stored = read_counts(path, keys)
    for key, text in zip(keys, texts, strict=True):
        if key in stored and not 0 <= stored[key] <= _most_tokens(text):
            ignore_cache(path, f"it holds a count of {stored[key]:,} tokens for a text that can "
                               "hold 0 to its length in bytes")  # fmt: skip
            stored = {}  # one impossible count: trust none of it
            break
    missing = [i for i, key in enumerate(keys) if key not in stored]
    if missing:
        fresh = counter.count_many([texts[i] for i in missing])
        new = {keys[i]: count for i, count in zip(missing, fresh, strict=True)}
        write_counts(path, new)
        stored.update(new)
    return [stored[key] for key in keys]


def _most_tokens(text: str) -> int:
    """No cl100k token is shorter than one byte of the text."""
    return len(text.encode("utf-8", "surrogatepass"))
