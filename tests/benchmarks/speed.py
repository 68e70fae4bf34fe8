"""Speed of ``query`` and ``eval`` against the targets in issue 4.

Usage: python -m tests.benchmarks.speed [--runs N]   (from the repository root)

1. ``toolsearch query`` on a generated 10,000-tool catalog, next to bare_bm25.py (json-parse,
   rank-bm25 index, one query): target within 1.5x.
2. ``toolsearch eval`` of 1,000 cases over a generated 3,600-tool catalog: target well under a
   minute.

Every run is a fresh process with TOOLSEARCH_NO_CACHE=1 (cold: query and eval use no cache, so
the second and later runs differ only by the operating system's file cache). The two commands
of (1) run alternately so that a busy machine slows both alike; the best and the median of the
runs are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.benchmarks.gen_catalog import make_catalog

HERE = Path(__file__).resolve().parent
QUERY = "create a jira issue"


CPU: dict[str, list[float]] = {}


def timed(command: list[str], label: str = "") -> float:
    """Wall time of one run; its CPU time (user + system) is kept under ``label``."""
    env = dict(os.environ, TOOLSEARCH_NO_CACHE="1", NO_COLOR="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    CPU.setdefault(label, []).append(cpu)
    return wall


def describe(label: str, times: list[float]) -> str:
    return (
        f"{label:<34} first {times[0]:.2f} s, best {min(times):.2f} s, "
        f"median {statistics.median(times):.2f} s"
    )


def cases_for(catalog: dict[str, object], count: int, seed: int = 11) -> list[dict[str, object]]:
    """Queries made from a tool's name words and two description words, labelled with it."""
    rng = random.Random(seed)
    tools = catalog["tools"]
    assert isinstance(tools, list)
    cases = []
    for index in range(count):
        tool = rng.choice(tools)
        service, verb, noun = tool["name"].split("_")[:3]
        extra = rng.sample(tool["description"].split()[4:], 2)
        query = f"{verb} {noun} in {service} {' '.join(extra)}"
        cases.append({"id": f"c{index}", "query": query, "expected": tool["name"]})
    return cases


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    toolsearch = [sys.executable, "-m", "toolsearch"]
    with tempfile.TemporaryDirectory() as folder:
        big = Path(folder) / "catalog-10000.json"
        big.write_text(json.dumps(make_catalog(10_000), indent=2), encoding="utf-8")
        bare_times: list[float] = []
        query_times: list[float] = []
        for _ in range(runs):
            bare = [sys.executable, str(HERE / "bare_bm25.py"), str(big), QUERY]
            bare_times.append(timed(bare, "bare"))
            query_times.append(timed([*toolsearch, "query", QUERY, str(big)], "query"))
        print(f"catalog: 10,000 tools, {big.stat().st_size / 1e6:.1f} MB; {runs} runs each")
        print(describe("bare json + rank-bm25 + one query", bare_times))
        print(describe("toolsearch query", query_times))
        print(
            f"ratio: best {min(query_times) / min(bare_times):.2f}x, "
            f"median {statistics.median(query_times) / statistics.median(bare_times):.2f}x "
            "(target: within 1.5x)"
        )
        print(
            f"CPU time (user + system), best: bare {min(CPU['bare']):.2f} s, query "
            f"{min(CPU['query']):.2f} s, ratio {min(CPU['query']) / min(CPU['bare']):.2f}x"
        )
        mid = make_catalog(3_600, seed=3)
        mid_path = Path(folder) / "catalog-3600.json"
        mid_path.write_text(json.dumps(mid), encoding="utf-8")
        cases = Path(folder) / "cases.jsonl"
        cases.write_text("".join(json.dumps(c) + "\n" for c in cases_for(mid, 1_000)))
        eval_times = [
            timed([*toolsearch, "eval", str(cases), str(mid_path)]) for _ in range(min(runs, 3))
        ]
        print(describe("toolsearch eval, 1,000 cases x 3,600", eval_times))


if __name__ == "__main__":
    main()
