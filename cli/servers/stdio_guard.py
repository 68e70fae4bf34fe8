"""The stdio streams ``toolsearch serve`` hands the MCP SDK: bounded, and never silent.

The SDK's own stdio transport reads a line of any length, drops a message it cannot validate
without a reply, and starts a task for every request however many wait for their replies. These
streams stand in front of it:

- each line is read up to ``limit`` bytes; a longer one is read through in chunks, never held,
  and answered with an error;
- each line goes through ``check_message``: a bad one is answered with its JSON-RPC error here
  and never reaches the SDK;
- at most ``MAX_IN_FLIGHT`` requests wait for their replies: past that, no line is read until
  a reply is written, so a client that never reads its replies fills the pipe, not memory.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any, BinaryIO

import anyio

from toolsearch.servers.jsonrpc_guard import Checked, check_message, too_long

MAX_IN_FLIGHT = 16
_CHUNK = 1 << 16


class GuardedOutput:
    """The SDK's stdout: whole lines, one writer at a time; counts the replies to requests."""

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self._lock = anyio.Lock()
        self._pending: set[str] = set()  # ids (as JSON) of requests passed on, not yet answered
        self._answered = anyio.Event()

    @property
    def in_flight(self) -> int:
        return len(self._pending)

    def started(self, request_id: str | int) -> None:
        self._pending.add(json.dumps(request_id))

    def cancelled(self, request_id: Any) -> None:
        self._settle(request_id)

    async def wait_for_room(self) -> None:
        while len(self._pending) >= MAX_IN_FLIGHT:
            self._answered = anyio.Event()
            await self._answered.wait()

    async def write(self, text: str) -> None:
        data = text.encode("utf-8")
        async with self._lock:
            await anyio.to_thread.run_sync(self._write, data)
        self._note_reply(text)

    async def flush(self) -> None:
        """Each write is flushed already."""

    async def send(self, message: dict[str, Any]) -> None:
        await self.write(json.dumps(message, ensure_ascii=False) + "\n")

    def _write(self, data: bytes) -> None:
        self._raw.write(data)
        self._raw.flush()

    def _note_reply(self, text: str) -> None:
        if not self._pending:
            return
        try:
            sent = json.loads(text)
        except ValueError:
            return
        if isinstance(sent, dict) and ("result" in sent or "error" in sent):
            self._settle(sent.get("id"))

    def _settle(self, request_id: Any) -> None:
        try:
            self._pending.discard(json.dumps(request_id))
        except (TypeError, ValueError):
            return
        self._answered.set()


class GuardedInput:
    """The SDK's stdin: an async iterator over the lines that passed ``check_message``."""

    def __init__(self, raw: BinaryIO, output: GuardedOutput, limit: int) -> None:
        self._raw = raw
        self._output = output
        self._limit = limit

    def __aiter__(self) -> GuardedInput:
        return self

    async def __anext__(self) -> str:
        while True:
            await self._output.wait_for_room()
            line = await _in_thread(self._read_line)
            if line is None:
                raise StopAsyncIteration
            if not line.strip():
                continue
            checked = too_long(self._limit) if line is _TOO_LONG else check_message(line)
            if checked.reply is not None:
                await self._output.send(checked.reply)
                continue
            self._track(checked)
            return line.decode("utf-8")

    def _track(self, checked: Checked) -> None:
        request_id = checked.request_id
        if request_id is not None:
            self._output.started(request_id)
        message = checked.message or {}
        if message.get("method") == "notifications/cancelled":
            params = message.get("params")
            if isinstance(params, dict):
                self._output.cancelled(params.get("requestId"))

    def _read_line(self) -> bytes | None:
        """One line of at most ``limit`` bytes; ``_TOO_LONG`` for a longer one (read through);
        None at the end of input."""
        line = self._raw.readline(self._limit + 1)
        if not line:
            return None
        if len(line) <= self._limit or line.endswith(b"\n"):
            return line
        while True:
            rest = self._raw.readline(_CHUNK)
            if not rest or rest.endswith(b"\n"):
                return _TOO_LONG


_TOO_LONG = b"\0too long\0"


async def _in_thread(read: Callable[[], bytes | None]) -> bytes | None:
    return await anyio.to_thread.run_sync(read, abandon_on_cancel=True)


async def run_guarded(run: Callable[[Any, Any], Awaitable[None]], stdin: BinaryIO,
                      stdout: BinaryIO, limit: int) -> None:  # fmt: skip
    """``run(stdin, stdout)`` with the guarded streams (the SDK's ``stdio_server`` takes them)."""
    output = GuardedOutput(stdout)
    await run(GuardedInput(stdin, output, limit), output)
