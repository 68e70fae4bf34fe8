"""The regex limit counts the search's CPU time, so a loaded machine never refuses a pattern.

A process pins itself to one core and, once its imports are done, starts busy loops pinned to the
same core: the searches get a fraction of that core, so their wall time is several times their
CPU time. A limit of three times the search's CPU time then lies below its wall time: a
wall-clock limit refuses the pattern (as it did before issue 34), the CPU limit lets it finish,
and a pattern that backtracks is still stopped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import HANG_LIMIT, ROOT

SEARCH = """
import json, os, random, subprocess, sys, time
from tests.catalog_gen import tool
from toolsearch.errors import SearchInputError
from toolsearch.retrieval.library import as_catalog
from toolsearch.retrieval.regex_search import regex_search

core = min(os.sched_getaffinity(0))
os.sched_setaffinity(0, {core})
rng = random.Random(7)
tools = as_catalog([tool(rng, i) for i in range(2000)]).scopes[0].tools
slow = {"name": "slow", "description": "a" * 60 + "!", "input_schema": {"type": "object"}}
backtracking = as_catalog([slow]).scopes[0].tools
pattern = "(?i)slack.*message"
loop = f"import time\\nend = time.monotonic() + {sys.argv[1]}\\nwhile time.monotonic() < end: pass"
pin = lambda: os.sched_setaffinity(0, {core})
busy = [subprocess.Popen([sys.executable, "-c", loop], preexec_fn=pin) for _ in range(6)]
try:
    started = time.thread_time()
    unlimited = regex_search(tools, pattern, time_limit=600)
    limit = 3 * (time.thread_time() - started)  # the search's CPU time under the same load
    wall, started = time.monotonic(), time.thread_time()
    hits = regex_search(tools, pattern, time_limit=limit)
    wall, cpu = time.monotonic() - wall, time.thread_time() - started
    try:
        regex_search(backtracking, "(a|aa)+$", time_limit=limit)
        refused = None
    except SearchInputError as error:
        refused = str(error)
finally:
    for process in busy:
        process.kill()
        process.wait()
run = {"hits": len(hits), "same": hits == unlimited, "limit": limit, "wall": wall, "cpu": cpu}
print(json.dumps({**run, "refused": refused}))
"""


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="needs os.sched_setaffinity")
def test_a_simple_pattern_passes_under_load_and_backtracking_is_still_refused() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SEARCH, str(HANG_LIMIT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG_LIMIT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    run = json.loads(done.stdout)
    # the setup holds: the load stretched the search's wall time past the limit it was given
    assert run["cpu"] < run["limit"] < run["wall"], run
    assert run["same"] and run["hits"] > 20  # finished, with every hit of an unlimited search
    assert run["refused"] is not None
    assert run["refused"].startswith("execution_time_exceeded: the pattern ran for more than ")
    assert "s of CPU time without finishing (catastrophic backtracking?)" in run["refused"]
