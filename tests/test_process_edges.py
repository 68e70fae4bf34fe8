"""A real process at its edges: a closed or full stdout, and Ctrl-C while it starts."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import HANG_LIMIT

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CATALOG = str(FIXTURES / "example" / "github.json")


def toolsearch(*args: str) -> list[str]:
    return [sys.executable, "-m", "toolsearch", *args]


def test_a_closed_stdout_is_one_error_line() -> None:
    result = subprocess.run(
        toolsearch("budget", CATALOG),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.close(1),  # as the shell's >&- leaves it
        timeout=HANG_LIMIT,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == (
        "toolsearch: error: standard output is closed: no report can be written\n"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["--version"],
        ["budget", "--help"],
        ["budget", CATALOG],
        ["lint", "-f", "json", CATALOG],
        ["query", "issue", CATALOG],
    ],
)
def test_a_full_device_is_one_error_line(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            toolsearch(*args),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=HANG_LIMIT,
            check=False,
        )
    assert result.returncode == 2
    assert result.stderr.startswith("toolsearch: error: cannot write to standard output: ")
    assert len(result.stderr.splitlines()) == 1


def test_a_reader_that_goes_away_ends_the_run_quietly(tmp_path: Path) -> None:
    tools = [{"name": f"tool_{n}", "input_schema": {"type": "object"}} for n in range(3_000)]
    (tmp_path / "many.json").write_text(str(tools).replace("'", '"'))
    process = subprocess.Popen(
        toolsearch("budget", "--all", str(tmp_path / "many.json")),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    assert process.wait(HANG_LIMIT) == 0
    with process.stderr:
        assert process.stderr.read() == b""


def slow_start(folder: Path) -> Path:
    """A ``typer`` first on the path that says it is being imported, then waits: a process
    started with it is certainly still starting when the test interrupts it."""
    (folder / "typer").mkdir()
    ready = folder / "importing"
    (folder / "typer" / "__init__.py").write_text(
        f"import pathlib, time\npathlib.Path({str(ready)!r}).touch()\ntime.sleep({HANG_LIMIT})\n"
    )
    return ready


@pytest.mark.parametrize("how", ["module", "script"])
def test_ctrl_c_while_starting_is_exit_130_without_a_traceback(how: str, tmp_path: Path) -> None:
    ready = slow_start(tmp_path)
    script = shutil.which("toolsearch", path=str(Path(sys.executable).parent))
    if how == "script" and script is None:
        pytest.skip("the toolsearch script is not installed beside this Python")
    command = toolsearch("budget", CATALOG) if how == "module" else [str(script), "budget", CATALOG]
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    waits = 0  # the signal is the file the fake typer writes; the count only stops a hang
    while not ready.exists() and process.poll() is None and waits < HANG_LIMIT * 20:
        time.sleep(0.05)
        waits += 1
    assert ready.exists(), "the process never reached its imports"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=HANG_LIMIT)
    assert process.returncode == 130
    assert err == b"toolsearch: interrupted\n"
    assert out == b""
