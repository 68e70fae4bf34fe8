"""``report`` lints, and ``recommend`` searches its typical intents, in a forked worker on large
catalogs (issue 34): the page and the recommendation are the same byte for byte as a serial
run's, and a worker that fails or dies surfaces as the serial run would."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.catalog_gen import request as generated_request
from tests.conftest import CATALOGS, FIXTURES, needs_shared
from toolsearch.app import app
from toolsearch.errors import InputError, UsageError
from toolsearch.forked import Pending, can_fork, jobs
from toolsearch.lint import linter
from toolsearch.page_run import LINT_APART_FROM, _lint_apart

EXAMPLE = FIXTURES / "example" / "request.json"
needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork on this platform")


def page(
    runner: CliRunner, tmp_path: Path, sources: list[str], jobs_value: str, name: str
) -> tuple[int, str, str]:
    """Exit code, page and stderr of ``report`` under ``TOOLSEARCH_JOBS``."""
    out = tmp_path / f"{name}.html"
    result = runner.invoke(
        app, ["report", *sources, "-o", str(out)], env={"TOOLSEARCH_JOBS": jobs_value}
    )
    text = out.read_text(encoding="utf-8") if out.exists() else ""
    return result.exit_code, text, result.stderr


class ForkSpy:
    """Records each worker forked (``Pending._start``) by the name of its work, forking as it
    would: ``apart`` (report's lint and self-check), ``reach`` (recommend's intents)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.works: list[str] = []
        original = Pending._start

        def spy(pending: Pending[Any]) -> bool:
            started = original(pending)
            if started:
                work = pending._work
                self.works.append(getattr(work, "func", work).__name__)
            return started

        monkeypatch.setattr(Pending, "_start", spy)

    def count(self, work: str) -> int:
        return self.works.count(work)


@needs_fork
def test_forked_and_serial_pages_are_the_same(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = tmp_path / "many.json"
    catalog.write_text(json.dumps(generated_request(120)), encoding="utf-8")
    here = calls_here(monkeypatch, linter, "run")
    for sources in ([str(EXAMPLE)], [str(catalog)]):
        serial = page(runner, tmp_path, sources, "1", "serial")
        assert here.pop() == 1
        spy = ForkSpy(monkeypatch)
        apart = page(runner, tmp_path, sources, "2", "apart")
        # one worker, whose findings the page below holds (recommend searches here: the
        # worker already takes the second core)
        assert spy.works == ["apart"] and here == []
        assert serial[0] == apart[0] == 0
        assert apart[1] == serial[1]
        assert "Findings" in serial[1]


@needs_fork
def test_a_sampled_self_check_and_summed_tools_come_back_from_the_worker(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker sends each self-checked tool back as its place among the searched tools: a
    sample (not every tool) and a page that sums most tools read the same as in one process."""
    import toolsearch.page_run

    monkeypatch.setattr(toolsearch.page_run, "SELF_CHECK_SAMPLE", 7)
    monkeypatch.setattr(toolsearch.page_run, "TOOLS_SHOWN", 9)
    catalog = tmp_path / "many.json"
    catalog.write_text(json.dumps(generated_request(60)), encoding="utf-8")
    serial = page(runner, tmp_path, [str(catalog)], "1", "serial")
    spy = ForkSpy(monkeypatch)
    apart = page(runner, tmp_path, [str(catalog)], "2", "apart")
    assert spy.count("apart") == 1
    assert serial[0] == apart[0] == 0
    assert apart[1] == serial[1]
    assert " of 7 (a sample of the " in serial[1]  # the sample went through the worker


def calls_here(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    """Each call of ``module.name`` made in this process (a worker's calls are its own)."""
    made: list[int] = []
    original = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        made.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return made


@needs_fork
@needs_shared
def test_forked_page_of_the_shared_catalogs_is_the_serial_one(
    runner: CliRunner, tmp_path: Path
) -> None:
    sources = [str(CATALOGS)]
    serial = page(runner, tmp_path, sources, "1", "serial")
    apart = page(runner, tmp_path, sources, "2", "apart")
    assert serial[0] == apart[0] == 0
    assert apart[1] == serial[1]


@needs_fork
def test_recommend_reaches_in_a_worker_with_the_same_result(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = tmp_path / "many.json"
    catalog.write_text(json.dumps(generated_request(150)), encoding="utf-8")
    from toolsearch.recommend import recommend

    here = calls_here(monkeypatch, recommend, "reach")
    argv = ["recommend", str(catalog), "-f", "json"]
    serial = runner.invoke(app, argv, env={"TOOLSEARCH_JOBS": "1"})
    assert here.pop() == 1
    spy = ForkSpy(monkeypatch)
    apart = runner.invoke(app, argv, env={"TOOLSEARCH_JOBS": "2"})
    assert len(spy.works) == 1 and here == []  # one scope: one worker searched its intents
    assert serial.exit_code == apart.exit_code == 0
    assert apart.stdout == serial.stdout
    assert json.loads(serial.stdout)["tools"][0]["reasons"]  # with its reasons


def test_recommend_reaches_apart_only_from_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolsearch.forked import apart_from
    from toolsearch.recommend.recommend import REACH_APART_FROM

    monkeypatch.delenv("TOOLSEARCH_JOBS", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert apart_from(REACH_APART_FROM) == REACH_APART_FROM
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert apart_from(REACH_APART_FROM) is None
    monkeypatch.setenv("TOOLSEARCH_JOBS", "3")
    assert apart_from(REACH_APART_FROM) == 0


def fail_in_worker(monkeypatch: pytest.MonkeyPatch, how: Callable[[], None]) -> None:
    """The linter runs ``how`` first when it runs in a forked worker (not in this process)."""
    parent = os.getpid()
    original = linter.run

    def run(*args: Any, **kwargs: Any) -> Any:
        if os.getpid() != parent:
            how()
        return original(*args, **kwargs)

    monkeypatch.setattr(linter, "run", run)


def crash() -> None:
    os._exit(7)


def killed() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def raises() -> None:
    raise RuntimeError("only in the worker")


@needs_fork
@pytest.mark.parametrize("how", [crash, killed, raises])
def test_a_worker_that_gives_no_result_leaves_the_lint_to_this_process(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: Callable[[], None]
) -> None:
    serial = page(runner, tmp_path, [str(EXAMPLE)], "1", "serial")
    fail_in_worker(monkeypatch, how)
    spy = ForkSpy(monkeypatch)
    apart = page(runner, tmp_path, [str(EXAMPLE)], "2", "apart")
    assert spy.count("apart") == 1
    assert apart == serial


@needs_fork
def test_a_lint_error_surfaces_as_in_a_serial_run(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def run(*args: Any, **kwargs: Any) -> Any:
        raise InputError(f"{EXAMPLE}: cannot lint this")

    monkeypatch.setattr(linter, "run", run)
    serial = page(runner, tmp_path, [str(EXAMPLE)], "1", "serial")
    apart = page(runner, tmp_path, [str(EXAMPLE)], "2", "apart")
    assert serial[0] == 2 and serial[1] == ""
    assert serial[2] == f"toolsearch: error: {EXAMPLE}: cannot lint this\n"
    assert apart == serial


@needs_fork
def test_the_lint_error_comes_before_the_recommendation_error(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A serial run lints first: when both fail, the lint's error is the one reported."""
    from toolsearch import page_run

    def lint_fails(*args: Any, **kwargs: Any) -> Any:
        raise UsageError("the lint failed")

    def recommend_fails(*args: Any, **kwargs: Any) -> Any:
        raise InputError("the recommendation failed")

    monkeypatch.setattr(page_run, "_recommendation", recommend_fails)
    alone = page(runner, tmp_path, [str(EXAMPLE)], "2", "alone")
    assert alone[2] == "toolsearch: error: the recommendation failed\n"
    monkeypatch.setattr(linter, "run", lint_fails)
    for jobs_value in ("1", "2"):
        code, text, stderr = page(runner, tmp_path, [str(EXAMPLE)], jobs_value, jobs_value)
        assert (code, text, stderr) == (2, "", "toolsearch: error: the lint failed\n")


@needs_fork
def test_a_cache_the_worker_ignored_is_noted_as_in_a_serial_run(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolsearch.cost.count_store import ignore_cache

    original = linter.run

    def run(*args: Any, **kwargs: Any) -> Any:
        ignore_cache(tmp_path / "planted.sqlite3", "it holds a view")
        return original(*args, **kwargs)

    monkeypatch.setattr(linter, "run", run)
    serial = page(runner, tmp_path, [str(EXAMPLE)], "1", "serial")
    spy = ForkSpy(monkeypatch)
    apart = page(runner, tmp_path, [str(EXAMPLE)], "2", "apart")
    assert spy.count("apart") == 1
    assert serial == apart and serial[0] == 0
    assert f"note: ignored the cache {tmp_path / 'planted.sqlite3'}: it holds a view" in apart[2]


@needs_fork
def test_counting_keeps_to_one_thread_while_a_worker_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A forked worker takes the second core: the counts are the same, made in this thread."""
    import concurrent.futures

    from toolsearch.cost.tokens import Cl100kCounter
    from toolsearch.forked import worker_running

    texts = [f"tool number {i} sends a message" for i in range(200)]
    threaded = Cl100kCounter().count_many(texts)
    read, write = os.pipe()
    with Pending(lambda: os.read(read, 1), True) as waiting:  # a worker that waits for a byte
        assert waiting.forked and worker_running()

        def no_threads(*args: Any, **kwargs: Any) -> Any:
            raise AssertionError("counted on threads while a worker runs")

        monkeypatch.setattr(concurrent.futures, "ThreadPoolExecutor", no_threads)
        assert Cl100kCounter().count_many(texts) == threaded
        os.write(write, b"x")
        assert waiting.result() == b"x"
    assert not worker_running()
    os.close(read)
    os.close(write)


def test_jobs_reads_the_environment() -> None:
    assert jobs({}) is None
    assert jobs({"TOOLSEARCH_JOBS": " 1 "}) == 1
    assert jobs({"TOOLSEARCH_JOBS": "4"}) == 4
    for bad in ("0", "-1", "two", "1.5"):
        with pytest.raises(UsageError, match=f"TOOLSEARCH_JOBS={bad}: give a whole number"):
            jobs({"TOOLSEARCH_JOBS": bad})


def test_lint_apart_from_its_size_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLSEARCH_JOBS", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert not _lint_apart(LINT_APART_FROM - 1)
    assert _lint_apart(LINT_APART_FROM)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert not _lint_apart(LINT_APART_FROM)
    monkeypatch.setenv("TOOLSEARCH_JOBS", "2")
    assert _lint_apart(1)
    monkeypatch.setenv("TOOLSEARCH_JOBS", "1")
    assert not _lint_apart(10 * LINT_APART_FROM)


def test_a_bad_jobs_value_is_one_line_and_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    code, text, stderr = page(runner, tmp_path, [str(EXAMPLE)], "many", "bad")
    assert (code, text) == (2, "")
    assert stderr == (
        "toolsearch: error: TOOLSEARCH_JOBS=many: give a whole number of 1 or more "
        "(1: one process, no worker)\n"
    )


@needs_fork
def test_pending_gives_the_workers_result() -> None:
    parent = os.getpid()
    with Pending(lambda: (os.getpid() != parent, [1, 2, 3]), fork=True) as pending:
        assert pending.forked
        assert pending.result() == (True, [1, 2, 3])  # made in another process
        assert not pending.forked  # reaped


def test_pending_without_a_fork_works_when_asked_once() -> None:
    made: list[int] = []

    def work() -> int:
        made.append(1)
        return len(made)

    pending = Pending(work, fork=False)
    assert made == [] and not pending.forked  # nothing done until the result is asked for
    assert pending.result() == 1 and made == [1]
    assert pending.result() == 1 and made == [1]  # once


@needs_fork
def test_pending_runs_the_work_here_when_the_worker_raises() -> None:
    parent = os.getpid()

    def work() -> str:
        if os.getpid() != parent:
            raise MemoryError  # not even an Exception: the worker still reports no result
        return "made here"

    with Pending(work, fork=True) as pending:
        assert pending.forked
        assert pending.result() == "made here"


@needs_fork
def test_pending_raises_here_what_the_work_raises() -> None:
    def work() -> None:
        raise UsageError("no good")

    with Pending(work, fork=True) as pending, pytest.raises(UsageError, match="no good"):
        pending.result()


@needs_fork
def test_leaving_early_stops_and_reaps_the_worker() -> None:
    pid = 0
    with pytest.raises(KeyboardInterrupt), Pending(lambda: time.sleep(600), fork=True) as pending:
        pid = pending._pid or 0
        assert pid
        raise KeyboardInterrupt
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # killed and reaped: no such child any more


@needs_fork
def test_no_worker_when_the_system_refuses_a_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refuse)
    parent = os.getpid()
    pending = Pending(lambda: os.getpid() == parent, fork=True)
    assert not pending.forked and pending.result()


def test_no_worker_while_another_thread_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert not can_fork()
    parent = os.getpid()
    assert Pending(lambda: os.getpid() == parent, fork=True).result()


WORKER_OUTLIVES = """
import os, sys, time
from toolsearch.forked import Pending
pending = Pending(lambda: time.sleep(600), fork=True)
print(pending._pid, flush=True)
os._exit(0)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_worker_dies_with_its_parent() -> None:
    done = subprocess.run(
        [sys.executable, "-c", WORKER_OUTLIVES], capture_output=True, text=True, timeout=300
    )
    worker = int(done.stdout)
    deadline = time.monotonic() + 120  # stops a hang only: the kernel kills it at once
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(worker)


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for init to reap it counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"
