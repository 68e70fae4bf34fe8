"""Speed and memory of toolsearch against floor scripts, cold (no cache) and warm.

Usage: python tests/benchmarks/bench.py [--sizes 50,1000,10000,50000] [--repeat 5] [--cases 100]
                                        [--targets SIZES]

For each generated catalog it times each command as a user runs it (a fresh process) and a
floor script doing the least work the command must do:
  startup  python -c pass
  encode   json-parse the file + tiktoken-encode every tool's compact JSON
  index    encode + build a rank-bm25 index + one query
  cases    index + score every eval case with rank-bm25 (``--cases`` cases, made from tools'
           names and description words; ``eval`` runs the same file)
Each round runs every floor and every command once, cold then warm, so that a busy machine slows
them alike; each figure is the median of ``--repeat`` rounds, with the range (min-max) beside
it, and the ratio is the median against its floor's median. Peak memory is the largest max RSS.
The last line gives time(largest) / time(next size) per command, to check linear growth.

The commands are issue 34's rows: budget, lint, query (BM25, and ``-m regex`` with one simple
pattern), recommend, eval and report (the HTML page), each against its floor.

A second table runs every command (and ``eval --self``) under ``--target api`` and under
``--target claude-code`` on the same single-scope input, cold, in the same rounds: on each
generated catalog of ``--targets`` (default: every size), and on one request holding the 307 tools of ``../shared/catalogs`` when that
folder is there (Claude Code's own ToolSearch against BM25; issue 24 asks for 1.5x at most).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from tests.benchmarks.generate import write_catalog, write_shared_request  # noqa: E402

SHARED = HERE.parent.parent.parent / "shared" / "catalogs"

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
CASES_FLOOR = r"""
cases = [json.loads(line) for line in open(sys.argv[2])]
for case in cases:
    scores = bm.get_scores(tok(case["query"]))
    top = sorted(range(len(scores)), key=lambda i: -scores[i])[:10]
"""


def run(argv: list[str], env: dict[str, str]) -> tuple[float, int, float]:
    """Wall time (s), peak RSS (KiB) and CPU time (user + sys, s; a worker it forked and
    waited for included) of one process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(argv)}")
    return elapsed, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


class Timings:
    """Every run of one thing: wall and CPU times and the largest peak RSS."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.memory = 0

    def add(self, measured: tuple[float, int, float]) -> None:
        self.times.append(measured[0])
        self.memory = max(self.memory, measured[1])
        self.cpu.append(measured[2])

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu)

    def spread(self) -> str:
        """``median (min-max)``."""
        return f"{self.median:.3f} ({min(self.times):.2f}-{max(self.times):.2f})"


def compile_package(py: str) -> None:
    """Write toolsearch's bytecode once, as ``pip install`` does: under
    PYTHONDONTWRITEBYTECODE (or an editable install) every run would compile its sources again,
    which the floors, whose libraries are compiled, never pay."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    folders = [str(folder) for folder in bytecode_folders()]
    subprocess.run([py, "-m", "compileall", "-q", *folders], env=env, check=True)


def bytecode_folders() -> list[Path]:
    """The folders toolsearch's modules are imported from, as Python names them: a strict
    editable install imports links under ``build/``, and Python looks for their bytecode beside
    the links (not beside the files they resolve to); ``toolsearch.rules`` may live apart."""
    import toolsearch
    import toolsearch.rules

    return [
        Path(folder) for folder in dict.fromkeys([*toolsearch.__path__, *toolsearch.rules.__path__])
    ]


def has_command(exe: str, name: str) -> bool:
    out = subprocess.run([exe, "--help"], capture_output=True, text=True).stdout
    return f" {name} " in out


def write_cases(folder: Path, catalog: Path, count: int, seed: int = 11) -> Path:
    """Eval cases made from tools' name words and two description words, labelled with them."""
    path = folder / f"{catalog.stem}-cases.jsonl"
    tools = [t for t in json.loads(catalog.read_text())["tools"] if "input_schema" in t]
    rng = random.Random(seed)
    lines = []
    for index in range(count):
        tool = rng.choice(tools)
        service, verb, noun = tool["name"].split("_")[:3]
        extra = " ".join(rng.sample(tool["description"].split()[4:], 2))
        case = {"id": f"c{index}", "query": f"{verb} {noun} in {service} {extra}"}
        lines.append(json.dumps({**case, "expected": tool["name"]}) + "\n")
    path.write_text("".join(lines))
    return path


FLOOR_OF = {
    "budget": "encode",
    "lint": "encode",
    "query": "index",
    "query -m regex": "index",
    "recommend": "index",
    "report": "index",
}
REGEX = "(?i)slack.*message"  # issue 34's row: refused for load once, never for a simple pattern


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="50,1000,10000")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cases", type=int, default=100, help="eval cases per catalog")
    parser.add_argument("--targets", help="sizes of the api/claude-code table (default: --sizes)")
    args = parser.parse_args()
    exe = shutil.which("toolsearch") or str(Path(sys.executable).parent / "toolsearch")
    py = sys.executable
    compile_package(py)
    cold = dict(os.environ, TOOLSEARCH_NO_CACHE="1", NO_COLOR="1")
    cache = tempfile.mkdtemp(prefix="toolsearch-bench-cache-")
    warm = dict(os.environ, TOOLSEARCH_CACHE_DIR=cache, NO_COLOR="1")
    warm.pop("TOOLSEARCH_NO_CACHE", None)
    work = Path(tempfile.mkdtemp(prefix="toolsearch-bench-"))
    startup, help_run = Timings(), Timings()
    for _ in range(args.repeat):
        startup.add(run([py, "-c", "pass"], cold))
        help_run.add(run([exe, "--help"], cold))
    rows: list[tuple[str, int, Timings, Timings, str, Timings]] = [
        ("--help", 0, help_run, help_run, "startup", startup)
    ]
    names = ("budget", "lint", "query", "recommend", "eval", "report")
    commands = [c for c in names if has_command(exe, c)]
    if "query" in commands:
        commands.insert(commands.index("query") + 1, "query -m regex")
    sizes = [int(s) for s in args.sizes.split(",")]
    for size in sizes:
        path = write_catalog(work, size)
        cases = write_cases(work, path, min(args.cases, size))
        floors = {
            "encode": [py, "-c", ENCODE_FLOOR, str(path)],
            "index": [py, "-c", ENCODE_FLOOR + INDEX_FLOOR, str(path)],
            "cases": [py, "-c", ENCODE_FLOOR + INDEX_FLOOR + CASES_FLOOR, str(path), str(cases)],
        }
        argvs = command_lines(exe, commands, path, work)
        argvs["eval"] = [exe, "eval", str(cases), str(path)]
        floor_times = {name: Timings() for name in floors}
        cold_times = {c: Timings() for c in commands}
        warm_times = {c: Timings() for c in commands}
        for command in commands:
            run(argvs[command], warm)  # fill the cache
        for _ in range(args.repeat):
            for name, argv in floors.items():
                floor_times[name].add(run(argv, cold))
            for command in commands:
                cold_times[command].add(run(argvs[command], cold))
                warm_times[command].add(run(argvs[command], warm))
        for command in commands:
            floor = FLOOR_OF.get(command, "cases")
            rows.append(
                (command, size, cold_times[command], warm_times[command], floor, floor_times[floor])
            )
        print(f"done: {size:,} tools", file=sys.stderr, flush=True)
    chosen = args.sizes if args.targets is None else args.targets
    target_sizes = [int(s) for s in chosen.split(",") if s]
    inputs = [(f"{size:,}", write_catalog(work, size)) for size in target_sizes]
    shared = write_shared_request(work, SHARED)
    if shared is not None:
        inputs.insert(0, ("shared 307", shared))
    targets = compare_targets(exe, commands, inputs, cold, args.repeat, work)
    shutil.rmtree(cache, ignore_errors=True)
    shutil.rmtree(work, ignore_errors=True)
    print(
        "| command | tools | cold s | warm s | floor | floor s | cold/floor | warm/floor "
        "| peak MiB | floor MiB | mem ratio |"
    )
    print("|---|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|")
    for command, size, t_cold, t_warm, floor_name, base in rows:
        print(
            f"| {command} | {size:,} | {t_cold.spread()} | {t_warm.spread()} | {floor_name} | "
            f"{base.spread()} | {t_cold.median / base.median:.2f} | "
            f"{t_warm.median / base.median:.2f} | {t_cold.memory / 1024:.0f} | "
            f"{base.memory / 1024:.0f} | {t_cold.memory / base.memory:.2f} |"
        )
    print("\nCPU seconds (user + sys, medians; on a busy machine they move less than wall times):")
    print("\n| command | tools | cold CPU s | floor | floor CPU s | cold CPU/floor |")
    print("|---|--:|--:|---|--:|--:|")
    for command, size, t_cold, _, floor_name, base in rows:
        print(
            f"| {command} | {size:,} | {t_cold.cpu_median:.3f} | {floor_name} | "
            f"{base.cpu_median:.3f} | {t_cold.cpu_median / base.cpu_median:.2f} |"
        )
    print("\n| command | tools | --target api s | --target claude-code s | claude-code/api |")
    print("|---|--:|--:|--:|--:|")
    print("\n".join(targets))
    if len(sizes) > 1:
        big, previous = sizes[-1], sizes[-2]
        by = {(r[0], r[1]): r for r in rows}
        growth = [
            f"{c} {by[c, big][2].median / by[c, previous][2].median:.2f}"
            f" (floor {by[c, big][5].median / by[c, previous][5].median:.2f})"
            for c in commands
        ]
        print(f"\ncold time({big:,}) / time({previous:,}): " + ", ".join(growth))
    print(
        f"\n{machine()}, {os.cpu_count()} cores; Python {sys.version.split()[0]}; "
        f"medians of {args.repeat} rounds (min-max); eval runs {args.cases} cases "
        "(fewer for smaller catalogs)"
    )


def command_lines(exe: str, commands: list[str], path: Path, work: Path) -> dict[str, list[str]]:
    """Each command's line as a user types it on ``path`` (``eval`` reads its cases: set apart)."""
    argvs = {c: [exe, c, str(path)] for c in commands}
    if "query" in argvs:
        argvs["query"] = [exe, "query", "slack send message", str(path)]
    if "query -m regex" in argvs:
        argvs["query -m regex"] = [exe, "query", "-m", "regex", REGEX, str(path)]
    if "report" in argvs:
        argvs["report"] = [exe, "report", str(path), "-o", str(work / "page.html")]
    return argvs


def compare_targets(
    exe: str,
    commands: list[str],
    inputs: list[tuple[str, Path]],
    env: dict[str, str],
    repeat: int,
    work: Path,
) -> list[str]:
    """Table rows: each command under ``--target api`` and ``--target claude-code``, cold."""
    rows = []
    for label, path in inputs:
        argvs = command_lines(exe, [c for c in commands if c != "eval"], path, work)
        if "eval" in commands:
            argvs["eval --self"] = [exe, "eval", "--self", str(path)]
        times = {(c, t): Timings() for c in argvs for t in TARGETS}
        for _ in range(repeat):
            for command, argv in argvs.items():
                for target in TARGETS:
                    times[command, target].add(run([*argv, "--target", target], env))
        for command in argvs:
            api, claude_code = times[command, "api"], times[command, "claude-code"]
            rows.append(
                f"| {command} | {label} | {api.spread()} | {claude_code.spread()} | "
                f"{claude_code.median / api.median:.2f} |"
            )
        print(f"done: --target api and claude-code on {label} tools", file=sys.stderr, flush=True)
    return rows


TARGETS = ("api", "claude-code")


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
