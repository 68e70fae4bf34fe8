"""Work done in a forked process while this one does other work: ``report`` lints there while it
ranks and self-checks here, on a second core.

A worker is forked only where ``os.fork`` exists (POSIX) and this process runs no other thread
(a fork copies the calling thread alone: a lock another thread held would stay held), and not
under ``TOOLSEARCH_JOBS=1``. The worker sends its result back pickled through a pipe and leaves
with ``os._exit`` (no exit handlers, no flushing of buffers it shares with this process); on
Linux it is killed when its parent dies. Whenever the worker gives no result (it raised, crashed
or was killed), the work runs again here: its error surfaces exactly as in a serial run.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Generic, TypeVar

from toolsearch.errors import UsageError

T = TypeVar("T")

JOBS = "TOOLSEARCH_JOBS"
_PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies


def jobs(environ: Mapping[str, str] | None = None) -> int | None:
    """``TOOLSEARCH_JOBS``: how many processes a run may use (None: not set, the run decides)."""
    raw = (os.environ if environ is None else environ).get(JOBS, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or int(raw) < 1:
        raise UsageError(
            f"{JOBS}={raw}: give a whole number of 1 or more (1: one process, no worker)"
        )
    return int(raw)


def apart_from(least: int) -> int | None:
    """From how large a piece of work goes to a forked worker: ``least`` on a machine of two
    cores or more; any size under ``TOOLSEARCH_JOBS`` of 2 or more; never (None) under 1."""
    wanted = jobs()
    if wanted is not None:
        return 0 if wanted > 1 else None
    return least if (os.cpu_count() or 1) > 1 else None


_running: set[int] = set()  # the workers this process forked and has not yet reaped


def worker_running() -> bool:
    """Whether a worker this process forked still runs: it takes a core, so work here that
    would spread over threads (token counting) had better keep to one."""
    return bool(_running)


def can_fork() -> bool:
    """Whether a worker can be forked safely here: POSIX, and no other thread running."""
    return hasattr(os, "fork") and threading.active_count() == 1


class Pending(Generic[T]):
    """The result of some work: computed in a forked worker, or here when it is asked for (so a
    serial run does the work in the order a worker's result would be read)."""

    def __init__(self, work: Callable[[], T], fork: bool) -> None:
        self._work = work
        self._pid: int | None = None
        self._pipe: int | None = None
        self._value: tuple[T] | None = None
        if fork and can_fork():
            self._start()

    @property
    def forked(self) -> bool:
        """Whether a worker was forked for the work."""
        return self._pid is not None

    def _start(self) -> bool:
        """Fork the worker; False when the system refuses (no process or pipe to spare)."""
        parent = os.getpid()
        try:
            read, write = os.pipe()
        except OSError:
            return False
        try:
            pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            return False
        if pid == 0:  # the worker: never returns
            code = 1
            try:
                os.close(read)
                _die_with(parent)
                data = pickle.dumps(self._work(), protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(data)
                code = 0
            except BaseException:  # the parent runs the work again, and raises its error
                pass
            finally:
                os._exit(code)
        os.close(write)
        self._pid, self._pipe = pid, read
        _running.add(pid)
        return True

    def result(self) -> T:
        """The work's result: the worker's, else (no worker, or it gave none) computed here."""
        if self._value is None and self._pid is not None:
            self._value = self._collect()
        if self._value is None:
            self._value = (self._work(),)
        return self._value[0]

    def _collect(self) -> tuple[T] | None:
        """What the worker sent, once it ended (None when it failed or sent nothing)."""
        assert self._pipe is not None and self._pid is not None
        pipe, self._pipe = self._pipe, None
        with os.fdopen(pipe, "rb") as stream:
            data = stream.read()
        pid, self._pid = self._pid, None
        _, status = os.waitpid(pid, 0)
        _running.discard(pid)
        if not data or os.waitstatus_to_exitcode(status) != 0:
            return None
        try:
            return (pickle.loads(data),)
        except Exception:  # a payload cut short: the work runs here instead
            return None

    def cancel(self) -> None:
        """Stop the worker, if one still runs, and reap it."""
        if self._pipe is not None:
            os.close(self._pipe)
            self._pipe = None
        if self._pid is not None:
            pid, self._pid = self._pid, None
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            _running.discard(pid)

    def __enter__(self) -> Pending[T]:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.cancel()


def _die_with(parent: int) -> None:
    """Have the kernel kill this worker when its parent dies (Linux); leave if it already did."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass  # the worker still ends with its work: its write to the closed pipe fails
    if os.getppid() != parent:
        os._exit(1)
