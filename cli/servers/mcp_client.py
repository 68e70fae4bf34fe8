"""Read live MCP servers' ``tools/list`` with the official SDK (the optional ``mcp`` extra).

Every server is read at the same time, each under its own time limit. A result is kept as the
server sent it (after the SDK's protocol validation), every page joined into ``{"tools": [...]}``.
"""

from __future__ import annotations

import functools
import logging
import os
import re
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import metadata
from typing import TYPE_CHECKING, Any, TextIO, cast

from toolsearch.catalog.loader import DEFAULT_MAX_FILE_SIZE
from toolsearch.errors import UsageError
from toolsearch.sanitize import one_line, without_colours
from toolsearch.servers.mcp_config import ServerSpec

if TYPE_CHECKING:
    from mcp import Client
    from mcp.client._transport import TransportStreams

    from toolsearch.servers.mcp_bounds import StderrKeeper
    from toolsearch.servers.mcp_watch import Exchange

INSTALL_HINT = 'pip install "toolsearch[mcp]" (from a checkout: pip install ".[mcp]")'
MINIMUM_SDK = (2, 3)
MAX_PAGES = 1000
STDERR_TAIL = 300
STRAY_KEEP = 1000
_NOISE = re.compile(
    r"^(?:at |File \"|Traceback \(|Node\.js v\d|npm (?:warn|notice) |npm error A complete log"
    r"|npm error \d+$)|^[\s\[\]{}(),]*$"
)
_ANSWER_ID = re.compile(r'^\s*\{[^{}\[\]]{0,200}?"id"\s*:\s*(?:"([^"\\]{0,100})"|(-?\d{1,20})\b)')
_NPM_ERROR = re.compile(r"^npm error (?:code \S+|\d{3} \S)")
_ERROR_LINE = re.compile(r"^(?:[\w.$]*(?:Error|Exception)\b[^:\s]*:\s|(?:panic|fatal|error):\s)")


@dataclass(frozen=True)
class Fetched:
    """One server's tools (``{"tools": [...]}``), or the one-line reason it failed."""

    spec: ServerSpec
    data: dict[str, Any] | None
    error: str | None = None
    note: str | None = None


@dataclass
class _Trace:
    """What a connection showed: stray output, HTTP error statuses, requests and error answers.

    Of stray output only the first line is kept (cut to ``STRAY_KEEP`` characters), and
    ``too_large`` is the byte limit an HTTP response went over; ``unreadable`` says which
    answer the SDK could not parse.
    """

    exchange: Exchange
    stray: list[str] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    stderr: str = ""
    too_large: int | None = None
    too_large_stdout: bool = False  # the bound was a stdio server's whole stdout
    unreadable: str | None = None


class _BadAnswer(Exception):
    """A server answered, but not as MCP says it should."""


def require_sdk(purpose: str = "reading live MCP servers") -> None:
    """Fail with the install command when the MCP SDK is missing or too old."""
    try:
        version = metadata.version("mcp")
        import mcp  # noqa: F401
    except (ImportError, metadata.PackageNotFoundError):
        raise UsageError(f"{purpose} needs the MCP SDK: {INSTALL_HINT}") from None
    parts = tuple(int(p) if p.isdigit() else 0 for p in version.split(".")[:2])
    if parts < MINIMUM_SDK:
        wanted = ".".join(map(str, MINIMUM_SDK))
        raise UsageError(
            f"{purpose} needs mcp {wanted} or newer (found {version}): "
            f"{INSTALL_HINT.replace('pip install', 'pip install -U', 1)}"
        )


def fetch_all(
    specs: Sequence[ServerSpec],
    timeout: float,
    announce: Callable[[ServerSpec], None],
    keep_going: bool,
    max_size: int = DEFAULT_MAX_FILE_SIZE,
) -> list[Fetched]:
    """Read every server at once; without ``keep_going`` the first failure stops the others."""
    import anyio
    from anyio.abc import TaskGroup

    _quiet_sdk_logs()
    results: dict[int, Fetched] = {}

    async def one(index: int, spec: ServerSpec, group: TaskGroup) -> None:
        announce(spec)
        result = await fetch_one(spec, timeout, max_size)
        results[index] = result
        if result.error is not None and not keep_going:
            group.cancel_scope.cancel()

    async def run() -> None:
        async with anyio.create_task_group() as group:
            for index, spec in enumerate(specs):
                group.start_soon(one, index, spec, group)

    anyio.run(run)
    return [results[i] for i in sorted(results)]


def _quiet_sdk_logs() -> None:
    """The SDK logs transport trouble itself; failures are reported once, by us."""
    for name in ("mcp", "httpx2", "httpcore"):
        logger = logging.getLogger(name)
        if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
            logger.addHandler(logging.NullHandler())
        logger.propagate = False


async def fetch_one(
    spec: ServerSpec, timeout: float, max_size: int = DEFAULT_MAX_FILE_SIZE
) -> Fetched:
    """Connect, negotiate and list every page of tools within ``timeout`` seconds.

    An HTTP response over ``max_size`` bytes stops the read; of stderr and stray stdout only
    bounded excerpts are kept.
    """
    import anyio
    from mcp import Client

    from toolsearch.servers.mcp_bounds import STDOUT_BOUND, StderrKeeper, StdoutBound
    from toolsearch.servers.mcp_watch import Exchange

    trace = _Trace(Exchange())

    def stdout_too_large() -> None:
        trace.too_large, trace.too_large_stdout = max_size, True
        stop.cancel()  # the answer is over the limit: nothing to wait for

    STDOUT_BOUND.set(StdoutBound(max_size, stdout_too_large))  # this task's, and its children's

    async def on_message(message: Any) -> None:
        if not isinstance(message, Exception):
            return
        trace.unreadable = _unreadable_answer(message, trace.exchange)
        if trace.unreadable is not None:
            stop.cancel()  # the answer will never come in a form the SDK takes
        elif not trace.stray:
            trace.stray.append(_stray_text(message)[:STRAY_KEEP])

    with StderrKeeper() as errlog:
        try:
            with anyio.fail_after(timeout), anyio.CancelScope() as stop:
                transport = _transport(spec, errlog, timeout, max_size, trace)
                async with Client(transport, cache=None, message_handler=on_message) as client:
                    return await _list_tools(spec, client)
            raise _BadAnswer(trace.unreadable)  # only ``on_message`` stops the scope
        except Exception as error:
            trace.stderr = stderr_summary(errlog.text())
            reason = describe(spec, error, timeout, trace)
            return Fetched(spec, None, f"MCP server {spec.name!r}: {reason}")


def _http_client(
    headers: Any = None, timeout: Any = None, auth: Any = None, *, max_size: int, trace: _Trace
) -> Any:
    """An HTTP client that remembers error statuses (the SDK reports them without the code)
    and stops reading any response body past ``max_size`` bytes."""
    import httpx2

    from toolsearch.servers.mcp_bounds import cap_response

    def exceeded() -> None:
        trace.too_large = max_size

    async def record(response: httpx2.Response) -> None:
        if response.status_code >= 400:
            trace.statuses.append(response.status_code)
        cap_response(response, max_size, exceeded)

    return httpx2.AsyncClient(
        headers={**(headers or {}), "accept-encoding": "identity"},
        timeout=timeout,
        auth=auth,
        event_hooks={"response": [record]},
    )


@asynccontextmanager
async def _transport(
    spec: ServerSpec, errlog: StderrKeeper, timeout: float, max_size: int, trace: _Trace
) -> AsyncIterator[TransportStreams]:
    """The server's streams, watched so that its error answers can be told from the SDK's own."""
    from toolsearch.servers.mcp_watch import watch

    async with _streams(spec, errlog, timeout, max_size, trace) as streams:
        yield watch(streams, trace.exchange)


@asynccontextmanager
async def _streams(
    spec: ServerSpec, errlog: StderrKeeper, timeout: float, max_size: int, trace: _Trace
) -> AsyncIterator[TransportStreams]:
    if spec.transport == "stdio":
        from mcp.client.stdio import StdioServerParameters, stdio_client

        from toolsearch.servers.mcp_bounds import bound_sdk_stdout

        bound_sdk_stdout()

        assert spec.command is not None
        params = StdioServerParameters(
            command=spec.command, args=list(spec.args), env={**os.environ, **spec.env}
        )
        try:
            async with stdio_client(params, errlog=cast(TextIO, errlog.writer)) as streams:
                errlog.close_writer()  # the server has its own copy of the pipe's end
                yield streams
        finally:
            errlog.close_writer()
        return
    assert spec.url is not None
    if spec.transport == "sse":
        from mcp.client.sse import sse_client

        async with sse_client(
            spec.url,
            headers=dict(spec.headers),
            timeout=timeout,
            sse_read_timeout=timeout,
            httpx_client_factory=functools.partial(_http_client, max_size=max_size, trace=trace),
        ) as sse_streams:
            yield sse_streams
        return
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    async with (
        _http_client(
            dict(spec.headers), httpx2.Timeout(timeout), max_size=max_size, trace=trace
        ) as http,
        streamable_http_client(spec.url, http_client=http) as http_streams,
    ):
        yield http_streams


async def _list_tools(spec: ServerSpec, client: Client) -> Fetched:
    """Follow ``nextCursor`` to the end, keeping each tool exactly as the server sent it."""
    import mcp_types as types
    from pydantic import BaseModel, ConfigDict

    class RawPage(BaseModel):
        """A tools/list page kept as sent: every key is an extra, nothing is converted."""

        model_config = ConfigDict(extra="allow")

    if client.server_capabilities.tools is None:
        note = f"MCP server {spec.name!r} declares no tools capability: no tools"
        return Fetched(spec, {"tools": []}, note=note)
    tools: list[Any] = []
    cursor: str | None = None
    seen: set[str] = set()
    for _ in range(MAX_PAGES):
        params = types.PaginatedRequestParams(cursor=cursor) if cursor is not None else None
        request = types.ListToolsRequest(params=params)
        page = (await client.session.send_request(request, RawPage)).model_extra or {}
        tools.extend(page.get("tools") or [])
        cursor = page.get("nextCursor")
        if not cursor:
            return Fetched(spec, {"tools": tools})
        if cursor in seen:
            raise _BadAnswer(f"returned the same nextCursor {cursor!r} twice (pagination loops)")
        seen.add(cursor)
    raise _BadAnswer(f"was still paginating after {MAX_PAGES} pages of tools/list")


def describe(spec: ServerSpec, error: BaseException, timeout: float, trace: _Trace) -> str:
    """One line saying what went wrong, with the server's last words when there are any."""
    leaf = _leaf(error)
    if trace.too_large is not None:
        what = "wrote over" if trace.too_large_stdout else "sent a response over"
        reason = (
            f"{what} the {trace.too_large:,}-byte limit"
            f"{' on stdout (one message, or all pages together)' if trace.too_large_stdout else ''}"
            " (raise max-file-size in the config if it is a real catalog)"
        )
    elif trace.statuses and not isinstance(leaf, TimeoutError):
        reason = _status_reason(spec, trace.statuses[0])
    else:
        reason = _reason(spec, leaf, timeout, trace)
    if trace.stray:
        reason += f"; it wrote non-MCP output: {one_line(trace.stray[0], 120)!r}"
    if trace.stderr:
        reason += f"; stderr: {trace.stderr!r}"
    return reason


def _unreadable_answer(error: Exception, exchange: Exchange) -> str | None:
    """Why the answer to a request we sent is not readable, when ``error`` says so.

    That is invalid JSON to the SDK's parser (nesting too deep, a number out of range) in a
    line that starts as a JSON-RPC message with the id of a request sent.
    """
    first = _first_problem(error)
    if first is None or first.get("type") != "json_invalid":
        return None
    line = first.get("input")
    if not isinstance(line, str) or '"jsonrpc"' not in line[:300]:
        return None
    match = _ANSWER_ID.match(line)
    if match is None:
        return None
    method = exchange.sent.get(match.group(1) if match.group(1) is not None else match.group(2))
    if method is None:
        return None
    why = one_line(str(first.get("msg", "")), 120)
    return f"answered {method} with a message the MCP SDK cannot read: {why}"


def _stray_text(error: Exception) -> str:
    """The offending line itself when the SDK could not parse it, else the error."""
    first = _first_problem(error)
    if first is not None and isinstance(first.get("input"), str):
        return str(first["input"])
    return str(error)


def _first_problem(error: Exception) -> dict[str, Any] | None:
    """The first of a pydantic ValidationError's ``errors()``, else None."""
    errors = getattr(error, "errors", None)
    if not callable(errors):
        return None
    try:
        found = errors()
    except Exception:  # not a pydantic ValidationError after all
        return None
    return dict(found[0]) if found else None


def _leaf(error: BaseException) -> BaseException:
    """The first real exception inside (nested) exception groups."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


def _reason(spec: ServerSpec, error: BaseException, timeout: float, trace: _Trace) -> str:
    from mcp.shared.exceptions import MCPError
    from mcp_types import CONNECTION_CLOSED
    from pydantic import ValidationError

    if isinstance(error, TimeoutError):
        return f"no answer within {timeout:g} s (--mcp-timeout)"
    if isinstance(error, FileNotFoundError) and spec.transport == "stdio":
        return f"cannot start {_written_command(spec)!r}: command not found"
    if isinstance(error, PermissionError) and spec.transport == "stdio":
        return f"cannot start {_written_command(spec)!r}: permission denied"
    if isinstance(error, OSError) and spec.transport == "stdio":
        return f"cannot start {_written_command(spec)!r}: {error.strerror or error}"
    if isinstance(error, MCPError):
        refused = trace.exchange.refused_request(error.code, error.message)
        # streamable HTTP makes up -32000 answers of its own for requests it gives up on
        if refused is not None and (spec.transport != "http" or error.code != CONNECTION_CLOSED):
            return f"answered {refused} with error {error.code}: {one_line(error.message, 200)}"
        if error.code == CONNECTION_CLOSED:
            if spec.transport == "stdio":
                return "exited before it finished answering"
            return "closed the connection before it finished answering"
        return f"answered with error {error.code}: {one_line(error.message, 200)}"
    if isinstance(error, ValidationError):
        return "answered with a result that is not valid MCP: " + _validation(error)
    if isinstance(error, _BadAnswer):
        return str(error)
    http = _http_reason(spec, error)
    if http is not None:
        return http
    return f"failed: {type(error).__name__}: {one_line(str(error), 200)}"


def _written_command(spec: ServerSpec) -> str:
    """The command as the config or flag wrote it: ``${VAR}`` unexpanded, so that a secret in
    a variable is never printed."""
    import shlex

    try:
        words = shlex.split(spec.shown)
    except ValueError:
        words = spec.shown.split()
    return words[0] if words else spec.shown


def _validation(error: Any) -> str:
    problems = error.errors()
    if not problems:
        return one_line(str(error), 200)
    first = problems[0]
    pointer = "".join(f"/{part}" for part in first.get("loc", ()))
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return f"{pointer or '/'}: {_problem_words(first)}{more}"


# pydantic's own words change between releases; the common kinds get ours.
_PROBLEM_WORDS = {
    "missing": "a required field is missing",
    "extra_forbidden": "a field that is not allowed",
    "string_type": "must be a string",
    "dict_type": "must be an object",
    "list_type": "must be an array",
    "bool_type": "must be true or false",
    "int_type": "must be an integer",
}


def _problem_words(problem: Mapping[str, Any]) -> str:
    """One validation problem in toolsearch's words where its kind is known."""
    words = _PROBLEM_WORDS.get(str(problem.get("type", "")))
    return words or one_line(str(problem.get("msg", "")), 120)


def _http_reason(spec: ServerSpec, error: BaseException) -> str | None:
    import httpx2

    if isinstance(error, httpx2.HTTPStatusError):
        return _status_reason(spec, error.response.status_code)
    if isinstance(error, httpx2.ConnectError):
        return f"cannot connect to {spec.shown}: {one_line(str(error), 200) or 'refused'}"
    if isinstance(error, httpx2.HTTPError):
        return f"HTTP error at {spec.shown}: {type(error).__name__}: {one_line(str(error), 200)}"
    return None


def _status_reason(spec: ServerSpec, status: int) -> str:
    hint = ""
    if status in (401, 403):
        hint = (
            " (the server wants authentication: put a token in the entry's headers; "
            "OAuth sign-in is not supported)"
        )
    return f"answered HTTP {status} at {spec.shown}{hint}"


def stderr_summary(text: str) -> str:
    """What a server's stderr says went wrong: its last error line, else its last few lines.

    Stack frames, runtime banners and npm's log-file pointer are left out.
    """
    lines = [line.strip() for line in without_colours(text).splitlines()]
    lines = [line for line in lines if line and not _NOISE.search(line)]
    npm = [line for line in lines if _NPM_ERROR.match(line)]  # npx failed to fetch or run
    errors = [line for line in lines if _ERROR_LINE.search(line)]
    if npm:
        return one_line(" | ".join(npm[:2]), STDERR_TAIL)
    return one_line(errors[-1] if errors else " | ".join(lines[-3:]), STDERR_TAIL)
