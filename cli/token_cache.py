"""A cache of cl100k counts by content hash, so unchanged catalogs skip the encoder.

The cache lives in the user cache directory (``TOOLSEARCH_CACHE_DIR`` overrides it;
``TOOLSEARCH_NO_CACHE=1`` turns it off). Its file name carries the encoding's hash and the
estimator version. An unreadable or unwritable cache is ignored.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from toolsearch.atomic import write_text_atomic

if TYPE_CHECKING:
    from toolsearch.tokens import TokenCounter

MAX_ENTRIES = 400_000


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
    from toolsearch.tokens import ENCODING_SHA256, ESTIMATOR_VERSION

    folder = cache_dir()
    if folder is None:
        return None
    return folder / f"cl100k-{ENCODING_SHA256[:16]}-v{ESTIMATOR_VERSION}.json"


def _key(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


def cached_counts(texts: Sequence[str], counter: TokenCounter) -> list[int]:
    """Counts for every text, from the cache where present."""
    path = cache_file()
    if path is None or len(texts) < 8:
        return counter.count_many(texts)
    stored = _read(path)
    keys = [_key(t) for t in texts]
    missing = sorted({i for i, k in enumerate(keys) if k not in stored})
    if missing:
        fresh = counter.count_many([texts[i] for i in missing])
        for i, count in zip(missing, fresh, strict=True):
            stored[keys[i]] = count
        if len(stored) > MAX_ENTRIES:
            stored = {keys[i]: stored[keys[i]] for i in range(len(keys))}
        _write(path, stored)
    return [stored[k] for k in keys]


# The file as last read or written by this process, with its stat: a run that counts many scopes
# (lint of 19 servers) reads a large cache once, not once per scope.
_loaded: dict[Path, tuple[tuple[int, int], dict[str, int]]] = {}


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size


def _read(path: Path) -> dict[str, int]:
    seen = _stat(path)
    kept = _loaded.get(path)
    if kept is not None and kept[0] == seen:
        return kept[1]
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    stored = data if isinstance(data, dict) else {}
    if seen is not None:
        _loaded[path] = (seen, stored)
    return stored


def _write(path: Path, stored: dict[str, int]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps(stored, separators=(",", ":")))
    except OSError:
        return
    seen = _stat(path)
    if seen is not None:
        _loaded[path] = (seen, stored)
