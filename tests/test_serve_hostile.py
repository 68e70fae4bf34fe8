"""``toolsearch serve`` against a hostile client: every bad message gets its JSON-RPC error, and
what one message or many pipelined ones may take is bounded (a real process, over pipes)."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES, HANG_LIMIT, env_without_cache

pytest.importorskip("mcp", reason="toolsearch serve needs the mcp extra")

SMALL = str(FIXTURES / "eval" / "small.json")
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "hostile", "version": "1"},
    },
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def call(message_id: int, query: Any) -> dict[str, Any]:
    arguments = {"name": "search_tools", "arguments": {"query": query}}
    return {"jsonrpc": "2.0", "id": message_id, "method": "tools/call", "params": arguments}


def line(message: Any) -> bytes:
    return json.dumps(message).encode() + b"\n"


def start(
    *args: str, stdin: Any = subprocess.PIPE, cwd: Path | None = None
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "toolsearch", "serve", *args, SMALL],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env_without_cache(),
        cwd=cwd,
    )


@contextlib.contextmanager
def initialized_server() -> Iterator[subprocess.Popen[bytes]]:
    process = start()
    try:
        assert reply(process, line(INITIALIZE))["id"] == 0
        assert process.stdin is not None
        process.stdin.write(line(INITIALIZED))
        yield process
    finally:
        stop(process)


@pytest.fixture
def server() -> Iterator[subprocess.Popen[bytes]]:
    with initialized_server() as process:
        yield process


@pytest.fixture(scope="module")
def one_server() -> Iterator[subprocess.Popen[bytes]]:
    """One server for every bad message in turn: each must leave it answering the next."""
    with initialized_server() as process:
        yield process


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.stdin is not None and not process.stdin.closed:
        process.stdin.close()
    try:
        process.wait(HANG_LIMIT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def reply(process: subprocess.Popen[bytes], data: bytes) -> dict[str, Any]:
    """Send ``data`` and read the one line answering it (a hang stops at the test's limit)."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(data)
    process.stdin.flush()
    answer = process.stdout.readline()
    assert answer, process.stderr.read().decode() if process.stderr else "no reply"
    found: dict[str, Any] = json.loads(answer)
    return found


DEEP = json.dumps(call(6, "")).replace('""', "[" * 1000 + "]" * 1000).encode() + b"\n"


@pytest.mark.parametrize(
    ("data", "code", "message_id", "says"),
    [
        (b"{not json\n", -32700, None, "Parse error: "),
        (b"[]\n", -32600, None, "Invalid Request: an empty batch is not a message"),
        (b"[1, 2]\n", -32600, None, "Invalid Request: a batch (MCP sends one message per line)"),
        (b"42\n", -32600, None, "Invalid Request: a number is not a JSON-RPC message"),
        (line({"jsonrpc": "2.0", "id": {}, "method": "tools/list"}), -32600, None,
         "Invalid Request: the id must be a string or an integer, not an object"),
        (line({"jsonrpc": "2.0", "id": True, "method": "ping"}), -32600, None,
         "Invalid Request: the id must be a string or an integer, not a boolean"),
        (b'{"jsonrpc":"2.0","id":5,"method":"ping","params":{"q":"\\ud800"}}\n', -32700, None,
         "Parse error: \\ud800 at column 56 is half of a surrogate pair, not a character"),
        (DEEP, -32600, None, "Invalid Request: nested deeper than 200 levels"),
        (b'{"jsonrpc":"2.0","id":3,"method":"ping","params":{"n":NaN}}\n', -32700, None,
         "Parse error: NaN is not a finite number"),
        (b"\xff\xfe{}\n", -32700, None, "Parse error: not UTF-8 text at byte 0"),
        (line({"jsonrpc": "1.0", "id": 7, "method": "ping"}), -32600, 7,
         'Invalid Request: "jsonrpc" must be "2.0"'),
        (line({"jsonrpc": "2.0", "id": "a", "method": 3}), -32600, "a",
         'Invalid Request: "method" must be a string, not a number'),
        (line({"jsonrpc": "2.0", "id": 8, "method": "ping", "params": [1]}), -32600, 8,
         'Invalid Request: "params" must be an object, not an array'),
        (line({"jsonrpc": "2.0", "result": {}}), -32600, None,
         "Invalid Request: a message needs a method (a request) or an id and a result or an error"),
    ],
)  # fmt: skip
def test_each_bad_message_gets_its_json_rpc_error(
    one_server: subprocess.Popen[bytes], data: bytes, code: int, message_id: Any, says: str
) -> None:
    server = one_server
    answer = reply(server, data)
    assert answer["jsonrpc"] == "2.0" and answer["id"] == message_id
    assert answer["error"]["code"] == code
    assert answer["error"]["message"].startswith(says)
    # the server still answers what follows
    found = reply(server, line(call(9, "weather")))
    assert found["id"] == 9 and found["result"]["isError"] is False


def peak_memory(pid: int) -> int:
    """The process's peak resident memory in bytes (VmHWM, Linux)."""
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmHWM:"):
            return int(row.split()[1]) * 1024
    raise AssertionError("no VmHWM")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
def test_a_huge_message_is_read_through_not_held(server: subprocess.Popen[bytes]) -> None:
    before = peak_memory(server.pid)
    assert server.stdin is not None
    size = 256 << 20  # a 256 MiB tools/call, as in issue 24
    head = json.dumps(call(4, "")).encode()[:-4]  # up to the opening quote of the query
    server.stdin.write(head)
    chunk = b"x" * (1 << 20)
    for _ in range(size // len(chunk)):
        server.stdin.write(chunk)
    answer = reply(server, b'"}}}\n')
    assert answer == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {
            "code": -32600,
            "message": "Invalid Request: the message is over the 1,048,576-byte limit of "
            "toolsearch serve",
        },
    }
    assert peak_memory(server.pid) - before < 32 << 20  # read in chunks, not 256 MiB at once
    assert reply(server, line(call(5, "weather")))["id"] == 5


def test_max_file_size_lowers_the_message_limit(tmp_path: Path) -> None:
    (tmp_path / ".toolsearch.yaml").write_text("max-file-size: 1000\n")
    process = start(cwd=tmp_path)
    try:
        answer = reply(process, line(call(1, "x" * 2000)))
        assert answer["error"]["message"].endswith("over the 1,000-byte limit of toolsearch serve")
        assert reply(process, line(INITIALIZE))["id"] == 0  # a message within it is served
    finally:
        stop(process)


def _blocked_writing(pid: int) -> bool:
    """Every thread of the process asleep, one in a write to a full pipe (Linux /proc)."""
    states = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            wchan = (task / "wchan").read_text()
            state = (task / "stat").read_text().rpartition(")")[2].split()[0]
        except OSError:
            return False
        states.append((state, wchan))
    return all(s in ("S", "D") for s, _ in states) and any("pipe_write" in w for _, w in states)


def _kernel_names_waits() -> bool:
    """Whether /proc shows where a sleeping process waits (some kernels hide it: "0")."""
    code = "import sys; print('ready', flush=True); sys.stdin.read()"
    sleeper = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        assert sleeper.stdout is not None
        sleeper.stdout.readline()  # the signal: it is about to block reading stdin
        task = Path(f"/proc/{sleeper.pid}")
        for _ in range(HANG_LIMIT * 20):  # a loaded machine may take long to put it to sleep
            state = (task / "stat").read_text().rpartition(")")[2].split()[0]
            wchan = (task / "wchan").read_text()
            if state == "S" and wchan not in ("", "0"):
                return True
            if state == "S" and (task / "stat").read_text().rpartition(")")[2].split()[0] == "S":
                return (task / "wchan").read_text() not in ("", "0")
            time.sleep(0.05)
        return False
    except OSError:
        return False
    finally:
        sleeper.kill()
        sleeper.wait()
        for stream in (sleeper.stdin, sleeper.stdout):
            if stream is not None:
                stream.close()


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
def test_a_client_that_never_reads_replies_stops_the_reading(tmp_path: Path) -> None:
    """100,000 calls pipelined from a file; the replies are never read. Once the reply pipe is
    full, the server stops reading: how far it read in the file is the bound (the work); the
    moment to look is when it is asleep writing to the full pipe, not a clock."""
    if not _kernel_names_waits():
        pytest.skip("this kernel does not show where a process waits (/proc/PID/wchan)")
    calls = tmp_path / "calls.jsonl"
    with calls.open("wb") as out:
        out.write(line(INITIALIZE) + line(INITIALIZED))
        for number in range(1, 100_001):
            out.write(line(call(number, "weather in paris")))
    total = calls.stat().st_size
    with calls.open("rb") as source:
        process = start(stdin=source)
        try:
            quiet = 0
            waits = 0
            while quiet < 3:  # three looks in a row: asleep, writing to the full pipe
                assert process.poll() is None, "the server exited"
                quiet = quiet + 1 if _blocked_writing(process.pid) else 0
                time.sleep(0.05)  # polling for the signal; the count below only stops a hang
                waits += 1
                assert waits < HANG_LIMIT * 20, "the server never blocked on its replies"
            position = read_position(process.pid, calls)
            # the replies that fit in the pipe, the requests in flight, a read-ahead buffer:
            # well under 1 MB of the 10 MB of calls, where the SDK alone read them all
            assert position < 1_000_000 < total
        finally:
            process.kill()
            process.wait()
            for stream in (process.stdout, process.stderr):
                if stream is not None:
                    stream.close()


def read_position(pid: int, path: Path) -> int:
    """Where the process is in ``path`` (the SDK reads stdin through a duplicate of fd 0)."""
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            if Path(os.readlink(fd)) == path:
                info = Path(f"/proc/{pid}/fdinfo/{fd.name}").read_text()
                return int(info.split("pos:")[1].split()[0])
        except OSError:
            continue
    raise AssertionError(f"{path} is not open in the server")
