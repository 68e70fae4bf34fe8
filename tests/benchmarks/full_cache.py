"""A full token cache is never slower than no cache: warm 50-tool runs against cold ones.

Usage: python tests/benchmarks/full_cache.py [--entries 400000] [--repeat 5]

Fills a cache folder with ``--entries`` counts of other texts (just under the store's limit of
400,000, so that the catalog's own counts still fit), runs each command once to add them, checks
that the cache is still full, then times, alternately, the command
with that full cache and with ``TOOLSEARCH_NO_CACHE=1``, each a fresh process, and prints the
medians with their ranges and the ratio (full cache / no cache; below 1 is faster).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from tests.benchmarks.generate import write_catalog  # noqa: E402
from toolsearch.cost.token_cache import CACHE_NAME  # noqa: E402


def fill(folder: Path, entries: int) -> None:
    """``entries`` random 16-byte keys with counts, in the store's own table."""
    connection = sqlite3.connect(folder / CACHE_NAME)
    connection.execute(
        "CREATE TABLE IF NOT EXISTS counts (key BLOB PRIMARY KEY, count INTEGER) WITHOUT ROWID"
    )
    rows = ((os.urandom(16), n % 500) for n in range(entries))
    connection.executemany("INSERT OR IGNORE INTO counts VALUES (?, ?)", rows)
    connection.commit()
    connection.close()


def entries(folder: Path) -> int:
    connection = sqlite3.connect(folder / CACHE_NAME)
    try:
        return int(connection.execute("SELECT count(*) FROM counts").fetchone()[0])
    finally:
        connection.close()


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def spread(times: list[float]) -> str:
    return f"{statistics.median(times):.3f} ({min(times):.2f}-{max(times):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=399_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--tools", type=int, default=50)
    args = parser.parse_args()
    exe = shutil.which("toolsearch") or str(Path(sys.executable).parent / "toolsearch")
    work = Path(tempfile.mkdtemp(prefix="toolsearch-full-cache-"))
    cache = work / "cache"
    cache.mkdir()
    fill(cache, args.entries)
    catalog = write_catalog(work, args.tools)
    full = dict(os.environ, TOOLSEARCH_CACHE_DIR=str(cache), NO_COLOR="1")
    full.pop("TOOLSEARCH_NO_CACHE", None)
    none = dict(os.environ, TOOLSEARCH_NO_CACHE="1", NO_COLOR="1")
    print(f"full cache: {args.entries:,} other counts and the catalog's own; medians (min-max)")
    print("| command | tools | full cache s | no cache s | full / none |")
    print("|---|--:|--:|--:|--:|")
    for command in ("budget", "lint"):
        argv = [exe, command, str(catalog)]
        timed(argv, full)  # the catalog's own counts join the full cache
        held = entries(cache)
        if held < args.entries:
            raise SystemExit(f"the cache holds {held:,} entries, not {args.entries:,}: too full")
        with_cache, without = [], []
        for _ in range(args.repeat):
            with_cache.append(timed(argv, full))
            without.append(timed(argv, none))
        ratio = statistics.median(with_cache) / statistics.median(without)
        print(
            f"| {command} | {args.tools} | {spread(with_cache)} | {spread(without)} | {ratio:.2f} |"
        )
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
