"""Start the test MCP servers: command lines for the stdio one, a loopback HTTP one in a process."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.conftest import HANG_LIMIT

SERVERS = Path(__file__).resolve().parent / "mcp_servers"
STDIO_SERVER = SERVERS / "stdio_server.py"
HTTP_SERVER = SERVERS / "http_server.py"
RAW_SERVER = SERVERS / "raw_server.py"
REFUSING_SERVER = SERVERS / "refusing_server.py"
FLOOD_SERVER = SERVERS / "flood_server.py"


def stdio_args(*options: str) -> list[str]:
    """The stdio server's command line as a list: the test venv's Python and the script."""
    return [sys.executable, str(STDIO_SERVER), *options]


def stdio_command(*options: str, name: str | None = None) -> str:
    """The same as one ``--mcp-command`` string, optionally ``NAME=``."""
    line = shlex.join(stdio_args(*options))
    return f"{name}={line}" if name else line


def stdio_entry(*options: str, **extra: Any) -> dict[str, Any]:
    """An ``mcpServers`` entry starting the stdio server."""
    return {"command": sys.executable, "args": [str(STDIO_SERVER), *options], **extra}


def write_config(path: Path, servers: dict[str, Any]) -> Path:
    path.write_text(json.dumps({"mcpServers": servers}, indent=2))
    return path


def stop_process(process: subprocess.Popen[Any], grace: float) -> None:
    """Ask a process to end; kill it if it has not within ``grace`` seconds."""
    process.terminate()
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(grace)


@contextmanager
def http_server(*options: str, script: Path = HTTP_SERVER) -> Iterator[str]:
    """Run an HTTP test server on 127.0.0.1; yields its base URL (``http://127.0.0.1:PORT``).

    The server says it is ready with its first line, ``PORT <n>``: the test waits for that line
    (or the server's exit), however long a loaded machine takes; HANG_LIMIT only stops a hang.
    """
    process = subprocess.Popen(
        [sys.executable, str(script), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        first: list[str] = []
        reader = threading.Thread(
            target=lambda: first.append(process.stdout.readline() if process.stdout else ""),
            daemon=True,
        )
        reader.start()
        reader.join(HANG_LIMIT)
        if not first or not first[0].startswith("PORT "):
            raise RuntimeError(f"the HTTP test server did not start: {first!r}")
        yield f"http://127.0.0.1:{int(first[0].split()[1])}"
    finally:
        stop_process(process, 5)  # cleanup: a server slow to stop is killed
        if process.stdout:
            process.stdout.close()
