"""Benchmark: ``toolsearch lint`` of a generated 10,000-tool catalog against a baseline.

The baseline is what the issue names: parse the JSON and encode every tool with tiktoken
(cl100k_base, the bundled copy). Each figure is the best of ``--repeat`` fresh processes, timed
inside the process (imports included), cold (``TOOLSEARCH_NO_CACHE=1``) and then warm (the token
cache filled). Run from the repository root::

    python -m tests.benchmarks.bench_lint [--tools 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.catalog_gen import request

BASELINE = """
import json, sys, time
start = time.perf_counter()
from toolsearch.cost.tokens import encoding
data = json.loads(open(sys.argv[1], encoding="utf-8").read())
enc = encoding()
for tool in data["tools"]:
    enc.encode_ordinary(json.dumps(tool, separators=(",", ":"), ensure_ascii=False))
print(time.perf_counter() - start)
"""
LINT = """
import sys, time
start = time.perf_counter()
from toolsearch.app import main
sys.argv = ["toolsearch", "lint", "-f", "json", "--fail-on", "info", *sys.argv[1:]]
try:
    import contextlib, io
    with contextlib.redirect_stdout(io.StringIO()):
        main()
except SystemExit:
    pass
print(time.perf_counter() - start, file=sys.stderr)
"""


def once(code: str, args: list[str], env: dict[str, str]) -> float:
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env
    )
    return float((done.stdout if code is BASELINE else done.stderr).strip().splitlines()[-1])


def best_of(runs: list[tuple[str, list[str], dict[str, str]]], repeat: int) -> list[float]:
    """The best time of each run, the runs taken in turn so load affects them alike."""
    best = [float("inf")] * len(runs)
    for _ in range(repeat):
        for index, (code, args, env) in enumerate(runs):
            best[index] = min(best[index], once(code, args, env))
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tools", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--select", default="", help="only these rules (comma-separated)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "catalog.json"
        path.write_text(json.dumps(request(options.tools), indent=2), encoding="utf-8")
        cold = dict(os.environ, TOOLSEARCH_NO_CACHE="1")
        warm = dict(os.environ, TOOLSEARCH_CACHE_DIR=str(Path(folder) / "cache"))
        warm.pop("TOOLSEARCH_NO_CACHE", None)
        args = [str(path)] + (["--select", options.select] if options.select else [])
        once(LINT, args, warm)  # fill the token cache
        baseline, lint_cold, lint_warm = best_of(
            [(BASELINE, [str(path)], cold), (LINT, args, cold), (LINT, args, warm)],
            options.repeat,
        )
        size = path.stat().st_size
    print(f"tools: {options.tools:,} ({size:,} bytes of JSON)")
    print(f"baseline (parse + encode every tool): {baseline:.2f} s")
    print(f"lint, cold: {lint_cold:.2f} s ({lint_cold / baseline:.2f}x)")
    print(f"lint, warm token cache: {lint_warm:.2f} s ({lint_warm / baseline:.2f}x)")


if __name__ == "__main__":
    main()
