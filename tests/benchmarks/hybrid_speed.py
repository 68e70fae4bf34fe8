"""Speed of ``--mode hybrid`` (issue 18), each run a fresh ``toolsearch`` process.

Usage: python -m tests.benchmarks.hybrid_speed [--runs N] [--skip-cold]   (from the repository
root; needs the semantic extra)

1. Cold: ``query --mode hybrid`` over a generated 3,600-tool catalog with an empty embedding
   cache (every tool is embedded), once.
2. Warm: ``query --mode hybrid`` over a generated 1,000-tool catalog whose embeddings are
   cached (target: under 0.6 s on a quiet machine), next to ``--mode bm25`` on the same
   catalog; best and median of the runs, the two commands alternating.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.benchmarks.gen_catalog import make_catalog

QUERY = "create a jira issue"


def run(catalog: Path, mode: str, cache: Path) -> float:
    env = {**os.environ, "TOOLSEARCH_CACHE_DIR": str(cache)}
    env.pop("TOOLSEARCH_NO_CACHE", None)
    command = [sys.executable, "-m", "toolsearch", "query", "-m", mode, QUERY, str(catalog)]
    start = time.perf_counter()
    subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--skip-cold", action="store_true", help="only the warm runs")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        big, small = work / "3600.json", work / "1000.json"
        big.write_text(json.dumps(make_catalog(3600)), encoding="utf-8")
        small.write_text(json.dumps(make_catalog(1000, seed=11)), encoding="utf-8")
        if not options.skip_cold:
            cold = run(big, "hybrid", work / "cold-cache")
            print(f"cold: hybrid query over 3,600 tools, empty cache: {cold:.1f} s")
        cache = work / "warm-cache"
        run(small, "hybrid", cache)  # embeds the 1,000 tools once
        times: dict[str, list[float]] = {"hybrid": [], "bm25": []}
        for _ in range(options.runs):
            for mode in times:
                times[mode].append(run(small, mode, cache))
        for mode, found in times.items():
            print(
                f"warm: {mode} query over 1,000 tools: best {min(found):.2f} s, "
                f"median {statistics.median(found):.2f} s ({options.runs} runs)"
            )


if __name__ == "__main__":
    main()
