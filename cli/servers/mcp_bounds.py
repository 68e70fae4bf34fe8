"""Bounds on what a live MCP server can make us keep: its stderr, its stdout and its HTTP
response bodies.

A hostile or broken server can write without end; only a short excerpt is ever shown, so only
a bounded head and tail of stderr is kept, and an HTTP response, or a stdio server's stdout over
the whole session, over ``max-file-size`` stops the read.
"""

from __future__ import annotations

import contextvars
import os
import threading
from collections.abc import AsyncIterator, Callable
from types import TracebackType
from typing import IO, Any, Self

import anyio.abc
import httpx2
from anyio.streams.text import TextReceiveStream

STDERR_KEEP = 64 * 1024
"""Bytes of a server's stderr kept: its first quarter and last three quarters."""


class StderrKeeper:
    """A pipe for a server's stderr, read by a thread that keeps a bounded head and tail."""

    def __init__(self, keep: int | None = None) -> None:
        keep = STDERR_KEEP if keep is None else keep
        self._head_size = keep // 4
        self._tail_size = keep - self._head_size
        self._head = bytearray()
        self._tail = bytearray()
        self._dropped = False
        self._lock = threading.Lock()
        read_fd, write_fd = os.pipe()
        self._read_fd = read_fd
        self.writer: IO[str] = os.fdopen(write_fd, "w", encoding="utf-8")
        self._thread = threading.Thread(target=self._drain, name="mcp-stderr", daemon=True)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> None:
        self.close_writer()

    def close_writer(self) -> None:
        """Close our end of the pipe (the server keeps its own), so the thread sees the end."""
        if not self.writer.closed:
            self.writer.close()

    def text(self, wait: float = 1.0) -> str:
        """What was kept, once the server's end closed (or after ``wait`` seconds)."""
        self.close_writer()
        self._thread.join(wait)
        with self._lock:
            head, tail, dropped = bytes(self._head), bytes(self._tail), self._dropped
        if dropped:  # the tail's first line is a piece of a line
            tail = tail.partition(b"\n")[2]
            head = head.rpartition(b"\n")[0]
            return (head + b"\n" + tail).decode("utf-8", "replace")
        return (head + tail).decode("utf-8", "replace")

    def _drain(self) -> None:
        try:
            while chunk := os.read(self._read_fd, 65536):
                with self._lock:
                    self._keep(chunk)
        except OSError:
            pass
        finally:
            os.close(self._read_fd)

    def _keep(self, chunk: bytes) -> None:
        room = self._head_size - len(self._head)
        if room > 0:
            self._head += chunk[:room]
            chunk = chunk[room:]
        self._tail += chunk
        if len(self._tail) > self._tail_size:
            del self._tail[: len(self._tail) - self._tail_size]
            self._dropped = True


class ResponseTooLarge(httpx2.StreamError):
    """An HTTP response body went over the byte limit (the SDK reports stream errors at once)."""


class _CappedStream(httpx2.AsyncByteStream):
    """A response body that stops with ResponseTooLarge past ``limit`` bytes."""

    def __init__(
        self,
        inner: httpx2.AsyncByteStream,
        limit: int,
        declared: int | None,
        on_exceeded: Callable[[], None],
    ) -> None:
        self._inner = inner
        self._limit = limit
        self._declared = declared
        self._on_exceeded = on_exceeded

    async def __aiter__(self) -> AsyncIterator[bytes]:
        if self._declared is not None and self._declared > self._limit:
            self._exceeded()
        seen = 0
        async for chunk in self._inner:
            seen += len(chunk)
            if seen > self._limit:
                self._exceeded()
            yield chunk

    def _exceeded(self) -> None:
        self._on_exceeded()
        raise ResponseTooLarge(f"response body over {self._limit:,} bytes")

    async def aclose(self) -> None:
        await self._inner.aclose()


def cap_response(response: httpx2.Response, limit: int, on_exceeded: Callable[[], None]) -> None:
    """Make reading ``response``'s body stop past ``limit`` bytes, before it is read.

    The body is taken as sent: a compressed one (never asked for) could grow past any limit.
    """
    response.headers.pop("content-encoding", None)
    length = response.headers.get("content-length", "")
    declared = int(length) if length.isdigit() else None
    stream = response.stream
    assert isinstance(stream, httpx2.AsyncByteStream)
    response.stream = _CappedStream(stream, limit, declared, on_exceeded)


STDOUT_BOUND: contextvars.ContextVar[StdoutBound | None] = contextvars.ContextVar(
    "toolsearch_stdout_bound", default=None
)
"""The bound on the stdout of the stdio server being started in this task (and its children)."""


class StdoutBound:
    """At most ``limit`` bytes of a stdio server's stdout over the whole session, every page
    of tools/list included; past it ``on_exceeded`` runs once and the read stops."""

    def __init__(self, limit: int, on_exceeded: Callable[[], None]) -> None:
        self.limit = limit
        self.read = 0
        self._on_exceeded = on_exceeded

    def count(self, size: int) -> None:
        self.read += size
        if self.read > self.limit:
            self._on_exceeded()
            raise StdoutTooLarge(f"stdout over {self.limit:,} bytes")


class StdoutTooLarge(ConnectionError):
    """A stdio server wrote more than the bound (a ConnectionError, which the SDK's reader
    takes as the end of the session)."""


class _CountingStream(anyio.abc.ByteReceiveStream):
    """A server's stdout that counts what it hands on against a StdoutBound."""

    def __init__(self, inner: anyio.abc.ByteReceiveStream, bound: StdoutBound) -> None:
        self._inner = inner
        self._bound = bound

    async def receive(self, max_bytes: int = 65536) -> bytes:
        chunk = await self._inner.receive(max_bytes)
        self._bound.count(len(chunk))
        return chunk

    async def aclose(self) -> None:
        await self._inner.aclose()


def bounded_text_stream(transport_stream: Any, *args: Any, **kwargs: Any) -> TextReceiveStream:
    """``TextReceiveStream`` over a stdout counted against this task's StdoutBound, if any."""
    bound = STDOUT_BOUND.get()
    if bound is not None:
        transport_stream = _CountingStream(transport_stream, bound)
    return TextReceiveStream(transport_stream, *args, **kwargs)


def bound_sdk_stdout() -> None:
    """Make the MCP SDK's stdio client read stdout through ``bounded_text_stream``.

    The SDK reads a server's stdout with no limit (a 100 MB line is held whole, and joined
    chunk by chunk); it names ``TextReceiveStream`` in its module, so that name is replaced.
    A test with a flooding server proves the replacement still takes effect.
    """
    import mcp.client.stdio as sdk_stdio

    sdk_stdio.TextReceiveStream = bounded_text_stream  # type: ignore[attr-defined,assignment]
