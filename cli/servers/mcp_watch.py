"""Watch the messages between an MCP transport and the SDK's session: which request got which error.

The SDK raises the same ``MCPError`` for an error the server sent and for one it makes up itself:
a closed connection is ``-32000``, a code servers also use for their own failures. Only the
streams show whether the server really answered, and to which request.
"""

from __future__ import annotations

import contextvars
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Self

import anyio
from mcp.client._transport import ReadStream, TransportStreams, WriteStream
from mcp.shared.message import SessionMessage
from mcp_types import ErrorData, JSONRPCError, JSONRPCRequest


@dataclass
class Exchange:
    """The requests sent (id -> method, in order) and the error answers that came back."""

    sent: dict[str, str] = field(default_factory=dict)
    refused: dict[str, ErrorData] = field(default_factory=dict)

    def refused_request(self, code: int, message: str) -> str | None:
        """The last request sent (``tools/list (page 2)``) if it was answered with this error."""
        if not self.sent:
            return None
        last = next(reversed(self.sent))
        error = self.refused.get(last)
        if error is None or (error.code, error.message) != (code, message):
            return None
        method = self.sent[last]
        page = sum(1 for sent in self.sent.values() if sent == method)
        return f"{method} (page {page})" if method == "tools/list" and page > 1 else method


def watch(streams: TransportStreams, exchange: Exchange) -> TransportStreams:
    """The transport's streams, noting requests and error answers in ``exchange`` as they pass."""
    read, write = streams
    return _Reader(read, exchange), _Writer(write, exchange)


class _Watched:
    """A stream passed through: closing it closes the transport's."""

    def __init__(self, inner: ReadStream[Any] | WriteStream[Any], exchange: Exchange) -> None:
        self._inner = inner
        self._exchange = exchange

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> None:
        await self.aclose()


class _Reader(_Watched):
    """The read stream: notes each JSON-RPC error answer by the id of the request it answers."""

    def __init__(self, inner: ReadStream[SessionMessage | Exception], exchange: Exchange) -> None:
        super().__init__(inner, exchange)
        self._reader = inner

    @property
    def last_context(self) -> contextvars.Context | None:
        """The sender's context, when the transport's stream carries one."""
        context: contextvars.Context | None = getattr(self._inner, "last_context", None)
        return context

    async def receive(self) -> SessionMessage | Exception:
        item = await self._reader.receive()
        if isinstance(item, SessionMessage) and isinstance(item.message, JSONRPCError):
            self._exchange.refused[str(item.message.id)] = item.message.error
        return item

    def __aiter__(self) -> _Reader:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None


class _Writer(_Watched):
    """The write stream: notes each request's id and method."""

    def __init__(self, inner: WriteStream[SessionMessage], exchange: Exchange) -> None:
        super().__init__(inner, exchange)
        self._writer = inner

    async def send(self, item: SessionMessage, /) -> None:
        if isinstance(item.message, JSONRPCRequest):
            self._exchange.sent[str(item.message.id)] = item.message.method
        await self._writer.send(item)
