"""Speed and memory of toolsearch against floor scripts, cold (no cache) and warm.

Usage: python tests/benchmarks/bench.py [--sizes 50,1000,10000] [--repeat 3] [--markdown]

For each generated catalog it times each command as a user runs it (a fresh process) and a
floor script doing the least work the command must do:
  startup  python -c pass
  encode   json-parse the file + tiktoken-encode every tool's compact JSON
  index    encode + build a rank-bm25 index + one query
and prints each command's time next to its floor as a ratio, and peak memory (max RSS).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from tests.benchmarks.generate import write_catalog  # noqa: E402

ENCODE_FLOOR = r"""
import base64, json, sys
from importlib import resources
import tiktoken
data = resources.files("tiktoken_ext").joinpath("data/cl100k_base.tiktoken").read_bytes()
ranks = {base64.b64decode(t): int(r) for t, r in (l.split() for l in data.splitlines() if l)}
enc = tiktoken.Encoding("cl100k_base", pat_str=r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s", mergeable_ranks=ranks, special_tokens={"<|endoftext|>": 100257})
doc = json.load(open(sys.argv[1]))
tools = [t for t in doc["tools"] if "input_schema" in t]
texts = [json.dumps({"name": t["name"], "description": t.get("description"), "input_schema": t["input_schema"]}, separators=(",", ":")) for t in tools]
total = sum(len(x) for x in enc.encode_ordinary_batch(texts, num_threads=2))
"""
INDEX_FLOOR = r"""
import json, re, sys
from rank_bm25 import BM25Okapi
doc = json.load(open(sys.argv[1]))
tools = [t for t in doc["tools"] if "input_schema" in t]
def tok(s): return re.findall(r"[a-z0-9]+", s.lower())
corpus = [tok(t["name"] + " " + t.get("description", "") + " " + " ".join(t["input_schema"].get("properties", {}))) for t in tools]
bm = BM25Okapi(corpus)
scores = bm.get_scores(tok("slack send message"))
top = sorted(range(len(scores)), key=lambda i: -scores[i])[:5]
"""


def run(argv: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Wall time (s) and peak RSS (KiB) of one process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(argv)}")
    return elapsed, usage.ru_maxrss


def best(argv: list[str], env: dict[str, str], repeat: int) -> tuple[float, int]:
    runs = [run(argv, env) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def has_command(exe: str, name: str) -> bool:
    out = subprocess.run([exe, "--help"], capture_output=True, text=True).stdout
    return f" {name} " in out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="50,1000,10000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    exe = shutil.which("toolsearch") or str(Path(sys.executable).parent / "toolsearch")
    py = sys.executable
    cold = dict(os.environ, TOOLSEARCH_NO_CACHE="1", NO_COLOR="1")
    cache = tempfile.mkdtemp(prefix="toolsearch-bench-cache-")
    warm = dict(os.environ, TOOLSEARCH_CACHE_DIR=cache, NO_COLOR="1")
    work = Path(tempfile.mkdtemp(prefix="toolsearch-bench-"))
    rows: list[tuple[str, int, float, float, str, float, int, int]] = []
    startup = best([py, "-c", "pass"], cold, args.repeat)
    help_time = best([exe, "--help"], cold, args.repeat)
    rows.append(
        ("--help", 0, help_time[0], help_time[0], "startup", startup[0], help_time[1], startup[1])
    )
    commands = [c for c in ("budget", "lint", "query", "recommend") if has_command(exe, c)]
    for size in (int(s) for s in args.sizes.split(",")):
        path = str(write_catalog(work, size))
        enc = best([py, "-c", ENCODE_FLOOR, path], cold, args.repeat)
        idx = best([py, "-c", ENCODE_FLOOR + INDEX_FLOOR, path], cold, args.repeat)
        for command in commands:
            argv = [exe, command, path]
            if command == "query":
                argv = [exe, "query", "slack send message", path]
            floor_name, floor = (
                ("index", idx) if command in ("query", "recommend") else ("encode", enc)
            )
            t_cold, mem = best(argv, cold, args.repeat)
            run(argv, warm)  # fill the cache
            t_warm, _ = best(argv, warm, args.repeat)
            rows.append((command, size, t_cold, t_warm, floor_name, floor[0], mem, floor[1]))
    shutil.rmtree(cache, ignore_errors=True)
    shutil.rmtree(work, ignore_errors=True)
    header = "| command | tools | cold s | warm s | floor | floor s | cold/floor | peak MiB | floor MiB | mem ratio |"
    print(header)
    print("|---|--:|--:|--:|---|--:|--:|--:|--:|--:|")
    for command, size, t_cold, t_warm, floor_name, floor_t, mem, floor_mem in rows:
        print(
            f"| {command} | {size:,} | {t_cold:.3f} | {t_warm:.3f} | {floor_name} | {floor_t:.3f} | "
            f"{t_cold / floor_t:.2f} | {mem / 1024:.0f} | {floor_mem / 1024:.0f} | {mem / floor_mem:.2f} |"
        )
    print(
        f"\n{machine()}, {os.cpu_count()} cores; Python {sys.version.split()[0]}; "
        f"each figure the best of {args.repeat} runs"
    )


def machine() -> str:
    """The processor's model name, where the system tells it."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


if __name__ == "__main__":
    main()
