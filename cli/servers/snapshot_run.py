"""The snapshot run: write live servers' tools/list results to a folder, or check them for drift."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from toolsearch.atomic import write_text_atomic
from toolsearch.catalog.dialects import recognise
from toolsearch.catalog.loader import DEFAULT_MAX_FILE_SIZE, SourceSpec, display_path, read_source
from toolsearch.errors import InputError, ToolsearchError, UsageError
from toolsearch.servers.live import (
    LiveOptions,
    LiveResult,
    LiveServer,
    configured_servers,
    stable_json,
)
from toolsearch.servers.snapshot import Drift, compare

Mode = Literal["out", "check"]
Status = Literal["created", "updated", "unchanged", "missing", "drift", "clean"]
_FILE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.@+-]*$")


@dataclass(frozen=True)
class SnapshotOptions:
    """What the user asked of ``snapshot``."""

    mode: Mode
    directory: Path
    fmt: str = "text"
    color: bool = False
    width: int | None = None
    max_size: int = DEFAULT_MAX_FILE_SIZE
    max_values: int | None = None  # values a snapshot read back may hold (None: its default)


@dataclass(frozen=True)
class ServerOutcome:
    """One server's snapshot: where it is, how many tools it has, and what changed."""

    server: str
    file: str
    tools: int
    status: Status
    drift: Drift


@dataclass(frozen=True)
class SnapshotRun:
    """Everything a snapshot report shows."""

    mode: Mode
    directory: str
    outcomes: tuple[ServerOutcome, ...]
    failures: tuple[str, ...]
    notes: tuple[str, ...]

    @property
    def drifted(self) -> bool:
        """A snapshot is missing, or a server's tools differ from its (previous) snapshot."""
        return any(
            o.status in ("missing", "drift") or (o.status == "updated" and o.drift.any)
            for o in self.outcomes
        )


def snapshot_path(directory: Path, server: str) -> Path:
    """``DIR/<server>.json``; a name that is not a plain file name is refused."""
    if not _FILE_NAME.fullmatch(server):  # match() would let a final newline pass ($)
        raise UsageError(
            f"MCP server name {server!r} cannot name a snapshot file (letters, digits, "
            "'_', '.', '@', '+', '-'); rename it (for a flag: NAME=...) or leave it out with --only"
        )
    return directory / f"{server}.json"


def preflight(
    live: LiveOptions, mode: Mode, directory: Path, max_size: int, max_values: int | None = None
) -> None:
    """Refuse what would fail after starting servers: a missing folder, unusable names."""
    if mode == "check" and not directory.is_dir():
        where = display_path(directory)
        raise InputError(f"{where}: no such folder of snapshots (write one with --out)")
    if mode == "out" and directory.exists() and not directory.is_dir():
        raise InputError(
            f"{display_path(directory)}: --out names a folder of snapshots, and this is a file; "
            "name a folder (it is created if missing)"
        )
    servers, _ = configured_servers(live, max_size, max_values)
    for server in servers:
        snapshot_path(directory, server.name)


def take_snapshots(live: LiveResult, options: SnapshotOptions) -> SnapshotRun:
    """Write or check every server that answered."""
    paths = [
        (server, snapshot_path(options.directory, server.spec.name)) for server in live.servers
    ]
    if options.mode == "out":
        try:
            options.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            where = display_path(options.directory)
            raise InputError(f"{where}: cannot create folder: {error.strerror or error}") from None
        outcomes = [_write(server, path, options) for server, path in paths]
    else:
        outcomes = [_check(server, path, options) for server, path in paths]
    run = SnapshotRun(
        options.mode,
        display_path(options.directory),
        tuple(outcomes),
        live.failures,
        live.notes,
    )
    return run


def _previous(path: Path, server: str, options: SnapshotOptions) -> tuple[list[Any], str] | None:
    """The tools and text of an existing snapshot, or None when there is none."""
    if not path.exists():
        return None
    document = read_source(SourceSpec(server, path), options.max_size, options.max_values)
    parsed = recognise(document)
    if parsed is None:
        raise InputError(
            f'{document.display}: not an MCP tools/list snapshot (expected {{"tools": [...]}})'
        )
    return list(parsed.entries), document.text


def _write(server: LiveServer, path: Path, options: SnapshotOptions) -> ServerOutcome:
    text = stable_json(server.data)
    tools = server.data["tools"]
    try:
        previous = _previous(path, server.spec.name, options)
    except ToolsearchError:
        previous = [], ""  # an unreadable old snapshot is replaced (if it is a regular file)
    before = previous[0] if previous is not None else None
    status: Status = "created" if previous is None else "updated"
    if previous is not None and previous[1] == text:
        status = "unchanged"
    else:
        try:
            write_text_atomic(path, text)
        except OSError as error:
            where = display_path(path)
            raise InputError(f"{where}: cannot write: {error.strerror or error}") from None
    drift = compare(before or [], tools) if before is not None else Drift()
    return ServerOutcome(server.spec.name, display_path(path), len(tools), status, drift)


def _check(server: LiveServer, path: Path, options: SnapshotOptions) -> ServerOutcome:
    tools = server.data["tools"]
    previous = _previous(path, server.spec.name, options)
    if previous is None:
        drift = compare([], tools)
        return ServerOutcome(server.spec.name, display_path(path), len(tools), "missing", drift)
    drift = compare(previous[0], tools)
    status: Status = "drift" if drift.any else "clean"
    return ServerOutcome(server.spec.name, display_path(path), len(tools), status, drift)
