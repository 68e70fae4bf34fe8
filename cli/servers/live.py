"""Live MCP servers as catalog sources: options -> server specs -> tools/list -> Documents."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolsearch.catalog.loader import DEFAULT_MAX_FILE_SIZE, Document
from toolsearch.catalog.locate import JsonLocator
from toolsearch.errors import ServerError, UsageError
from toolsearch.sanitize import escape_unsafe
from toolsearch.servers.mcp_config import (
    ConfiguredServer,
    ServerSpec,
    command_server,
    read_config,
    select,
    url_server,
)

DEFAULT_TIMEOUT = 30.0


@dataclass(frozen=True)
class LiveOptions:
    """The live-server options a command was given."""

    configs: tuple[Path, ...] = ()
    only: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    urls: tuple[str, ...] = ()
    timeout: float = DEFAULT_TIMEOUT
    keep_going: bool = False

    @property
    def requested(self) -> bool:
        """True when any live server was asked for."""
        return bool(self.configs or self.commands or self.urls)


@dataclass(frozen=True)
class LiveServer:
    """One server that answered: its tools/list result and the document made from it."""

    spec: ServerSpec
    data: dict[str, Any]
    document: Document


@dataclass(frozen=True)
class LiveResult:
    """What the live servers gave: the servers that answered, notes, and one line per failure."""

    servers: tuple[LiveServer, ...]
    notes: tuple[str, ...]
    failures: tuple[str, ...]

    @property
    def documents(self) -> tuple[Document, ...]:
        return tuple(s.document for s in self.servers)

    @property
    def always_load(self) -> dict[str, bool]:
        """Each source whose server config writes ``alwaysLoad``, with its value."""
        return {
            s.spec.name: s.spec.always_load for s in self.servers if s.spec.always_load is not None
        }


def stable_json(data: Any) -> str:
    """The snapshot form: sorted keys, two-space indent, invisible characters escaped."""
    return escape_unsafe(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False)) + "\n"


def finite_form(value: Any) -> tuple[Any, bool]:
    """``value`` with each NaN or infinity, which JSON cannot hold, as the string ``"NaN"``,
    ``"Infinity"`` or ``"-Infinity"`` (a stable form that compares equal with itself), and
    whether there was any."""
    if isinstance(value, float) and not math.isfinite(value):
        return ("NaN" if value != value else "Infinity" if value > 0 else "-Infinity"), True
    if isinstance(value, dict):
        pairs = [(key, finite_form(item)) for key, item in value.items()]
        if any(changed for _, (_, changed) in pairs):
            return {key: item for key, (item, _) in pairs}, True
    elif isinstance(value, list):
        items = [finite_form(item) for item in value]
        if any(changed for _, changed in items):
            return [item for item, _ in items], True
    return value, False


def server_document(spec: ServerSpec, data: dict[str, Any]) -> Document:
    """A Document for a server's tools; its lines are those of the snapshot form."""
    text = stable_json(data)
    return Document(spec.name, None, f"mcp:{spec.name}", text, data, "json", JsonLocator(text))


def configured_servers(
    options: LiveOptions, max_size: int = DEFAULT_MAX_FILE_SIZE, max_values: int | None = None
) -> tuple[list[ConfiguredServer], list[str]]:
    """Every server the options name, after ``--only``; UsageError on clashing names."""
    servers: list[ConfiguredServer] = []
    origin: dict[str, str] = {}
    for path in options.configs:
        for server in read_config(path, max_size, max_values):
            _claim(origin, server.name, str(path))
            servers.append(server)
    for text in options.commands:
        spec = command_server(text)
        _claim(origin, spec.name, "--mcp-command")
        servers.append(ConfiguredServer(spec.name, spec))
    for text in options.urls:
        spec = url_server(text)
        _claim(origin, spec.name, "--mcp-url")
        servers.append(ConfiguredServer(spec.name, spec))
    if options.only and not options.requested:
        raise UsageError("--only picks servers of --mcp-config, --mcp-command or --mcp-url")
    return select(servers, options.only)


def _claim(origin: dict[str, str], name: str, where: str) -> None:
    if name in origin:
        raise UsageError(
            f"two MCP servers are named {name!r} ({origin[name]} and {where}); "
            "rename one (for a flag: NAME=...) or pick one with --only"
        )
    origin[name] = where


def load_live(
    options: LiveOptions,
    announce: Callable[[ServerSpec], None],
    max_size: int = DEFAULT_MAX_FILE_SIZE,
    on_failure: Callable[[str], None] | None = None,
    max_values: int | None = None,
) -> LiveResult:
    """Start or connect to every server and read its tools.

    Without ``keep_going`` the first failure raises ServerError; with it, each failure goes to
    ``on_failure`` as soon as it is known and all are returned (one line each) beside the
    servers that answered, which may be none.
    """
    from toolsearch.servers.mcp_client import fetch_all, require_sdk

    servers, notes = configured_servers(options, max_size, max_values)
    failures = [s.error for s in servers if s.error is not None]
    if failures and not options.keep_going:
        raise ServerError(failures[0])
    for failure in failures:
        if on_failure is not None:
            on_failure(failure)
    specs = [s.spec for s in servers if s.spec is not None]
    if not specs and not failures:
        raise UsageError("no MCP server to read: the configs list none, or every one is disabled")
    fetched = []
    if specs:
        require_sdk()
        fetched = fetch_all(specs, options.timeout, announce, options.keep_going, max_size)
    answered: list[LiveServer] = []
    for result in fetched:
        if result.error is not None:
            if not options.keep_going:
                raise ServerError(result.error)
            failures.append(result.error)
            if on_failure is not None:
                on_failure(result.error)
            continue
        if result.note:
            notes.append(result.note)
        assert result.data is not None
        data, changed = finite_form(result.data)
        if changed:
            notes.append(
                f"MCP server '{result.spec.name}': its tools hold NaN or Infinity, which JSON "
                'has no number for; they are read as the strings "NaN", "Infinity", "-Infinity"'
            )
        answered.append(LiveServer(result.spec, data, server_document(result.spec, data)))
    return LiveResult(tuple(answered), tuple(notes), tuple(failures))


def describe_start(spec: ServerSpec) -> str:
    """The stderr line said before a server is started or connected to."""
    if spec.transport == "stdio":
        return f"starting MCP server {spec.name!r}: {spec.shown}"
    kind = "streamable HTTP" if spec.transport == "http" else "SSE"
    return f"connecting to MCP server {spec.name!r} ({kind}): {spec.shown}"
