"""Speed and peak memory of ``toolsearch sessions`` over a large transcript history.

Usage: python tests/benchmarks/bench_sessions.py [--mb 1024] [--keep DIR]

Writes about ``--mb`` megabytes of transcripts in Claude Code's shape (sessions of ~2 MB, each
with ToolSearch searches, MCP calls and long tool results, as real histories have) into a
temporary ``projects`` folder, then runs ``toolsearch sessions -f json`` on it in a fresh
process, and prints the wall time, the throughput, the peak RSS (max RSS of the child), and the
same for ``python -c pass`` as the floor. Memory must not grow with the history: compare two
sizes (``--mb 100`` and ``--mb 1024``).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from tests.transcripts import Session  # noqa: E402

SERVERS = {
    "github": ["create_issue", "list_issues", "get_pull_request", "search_code", "get_file"],
    "plugin_tools_slack": ["post_message", "list_channels"],
    "sentry": ["get_issue", "search_events"],
}
WORDS = [
    "read",
    "write",
    "issue",
    "pull",
    "request",
    "slack",
    "message",
    "error",
    "event",
    "file",
    "code",
    "search",
    "list",
]


def one_session(index: int, rng: random.Random, target: int) -> str:
    session = Session(f"{index:08d}-0000-4000-8000-000000000000")
    names = [f"mcp__{s}__{t}" for s, tools in SERVERS.items() for t in tools]
    size = 0
    chunks = []
    while size < target:
        session.prompt(" ".join(rng.choices(WORDS, k=40)))
        found = rng.sample(names, rng.randint(0, 3))
        session.search(" ".join(rng.choices(WORDS, k=3)), found)
        for name in found[: rng.randint(0, len(found))]:
            session.call(name, {"body": "x" * rng.randint(100, 4000)})
        session.call("Read", {"file_path": "/src/app.py"})
        session.entries[-1]["toolUseResult"] = {"stdout": "y" * rng.randint(5_000, 60_000)}
        text = session.lines()
        session.entries.clear()
        chunks.append(text)
        size += len(text)
    return "".join(chunks)


def write_history(folder: Path, megabytes: int) -> int:
    rng = random.Random(16)
    total = 0
    index = 0
    while total < megabytes * 1024 * 1024:
        project = folder / f"-home-dev-project{index % 7}"
        project.mkdir(parents=True, exist_ok=True)
        text = one_session(index, rng, 2 * 1024 * 1024)
        (project / f"{index:08d}.jsonl").write_text(text, encoding="utf-8")
        total += len(text.encode("utf-8"))
        index += 1
    return total


def timed(command: list[str]) -> tuple[float, int, str]:
    """Seconds, the child's peak RSS in MB, and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) // 1024, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=int, default=1024)
    parser.add_argument("--keep", type=Path, help="write the history here and keep it")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="sessions-bench-"))
    try:
        written = write_history(folder / "projects", args.mb)
        floor, floor_rss, _ = timed([sys.executable, "-c", "pass"])
        seconds, rss, out = timed(
            [sys.executable, "-m", "toolsearch", "sessions", "-f", "json", str(folder / "projects")]
        )
        report = json.loads(out)
        print(f"history: {written / 1024 / 1024:,.0f} MB in {report['transcripts']:,} files, "
              f"{report['entries']:,} entries, {report['calls']:,} calls, "
              f"{report['tool_search']['queries']:,} searches")  # fmt: skip
        print(f"sessions: {seconds:.1f} s ({written / 1024 / 1024 / seconds:,.0f} MB/s), "
              f"peak RSS {rss:,} MB (python -c pass: {floor:.2f} s, {floor_rss:,} MB)")  # fmt: skip
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
