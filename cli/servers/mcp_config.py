"""Read ``mcpServers`` configs (Claude Code, Claude Desktop, Cursor, Copilot CLI) and server flags
into specs (Copilot CLI's ``"deferTools": "never"`` keeps a server loaded, as ``alwaysLoad`` does).

Nothing here starts a server: a config entry becomes a ``ServerSpec``, or an error naming the
file and the JSON Pointer of the entry, kept per server so ``--keep-going`` can go on without it.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from toolsearch.catalog.loader import (
    DEFAULT_MAX_FILE_SIZE,
    Document,
    SourceSpec,
    display_path,
    read_source,
)
from toolsearch.catalog.locate import join_pointer
from toolsearch.errors import InputError, UsageError

Transport = Literal["stdio", "http", "sse"]
TRANSPORTS: Mapping[str, Transport] = {
    "stdio": "stdio",
    "http": "http",
    "streamable-http": "http",
    "sse": "sse",
}
_VARIABLE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")
_PATHISH = re.compile(r"^[\w@.:+/\\-]+$")
_NAMED = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_.-]*)=(.+)$", re.DOTALL)
DEFER_TOOLS = ("auto", "never")  # Copilot CLI's deferTools; "never" keeps a server loaded


@dataclass(frozen=True)
class ServerSpec:
    """How to reach one MCP server, with every ``${VAR}`` already expanded."""

    name: str
    transport: Transport
    shown: str  # the command line or URL as written (unexpanded), for messages
    origin: str  # where it was defined: a config file and pointer, or the flag
    command: str | None = None
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    url: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    always_load: bool | None = None  # the entry's alwaysLoad; None: not written


@dataclass(frozen=True)
class ConfiguredServer:
    """One named entry: a spec, or why it cannot be used (``spec`` is None then)."""

    name: str
    spec: ServerSpec | None
    error: str | None = None
    disabled: bool = False


class _EntryError(Exception):
    """A problem with one server entry, already worded for the user."""


def read_config(
    path: Path, max_size: int = DEFAULT_MAX_FILE_SIZE, max_values: int | None = None
) -> list[ConfiguredServer]:
    """Every server of one config file, in file order; InputError when the file is unusable."""
    if not path.is_file():
        raise InputError(f"{display_path(path)}: no such MCP config file (--mcp-config)")
    document = read_source(SourceSpec("mcp-config", path), max_size, max_values)
    data = document.data
    if not isinstance(data, Mapping):
        raise InputError(
            f"{document.display}: not an MCP config: expected an object with mcpServers"
        )
    tables: list[tuple[str, Any]] = []
    if "mcpServers" in data:
        tables.append(("/mcpServers", data["mcpServers"]))
    local = _local_servers(data)
    if local is not None:
        tables.append(local)
    if not tables:
        raise InputError(
            f"{document.display}: not an MCP config: no mcpServers (Claude Code .mcp.json, "
            "~/.claude.json, Claude Desktop or Cursor mcp.json)"
        )
    found: dict[str, ConfiguredServer] = {}
    for pointer, table in tables:
        if not isinstance(table, Mapping):
            raise InputError(f"{_where(document, pointer)}: mcpServers must be an object")
        for name, entry in table.items():
            entry_pointer = pointer + join_pointer(str(name))
            found[str(name)] = _configured(document, str(name), entry, entry_pointer)
    return list(found.values())


def _local_servers(data: Mapping[str, Any]) -> tuple[str, Any] | None:
    """~/.claude.json keeps local-scope servers under projects[<project dir>].mcpServers."""
    projects = data.get("projects")
    if not isinstance(projects, Mapping):
        return None
    here = str(Path.cwd().resolve())
    project = projects.get(here)
    if isinstance(project, Mapping) and "mcpServers" in project:
        return join_pointer("projects", here, "mcpServers"), project["mcpServers"]
    return None


def _where(document: Document, pointer: str) -> str:
    line, column = document.position(pointer)
    place = f"{document.display}:{line}:{column}" if line is not None else document.display
    return f"{place}: {pointer}" if pointer else place


def _configured(document: Document, name: str, entry: Any, pointer: str) -> ConfiguredServer:
    disabled = isinstance(entry, Mapping) and entry.get("disabled") is True
    try:
        return ConfiguredServer(name, _spec(document, name, entry, pointer), disabled=disabled)
    except _EntryError as error:
        return ConfiguredServer(name, None, str(error), disabled=disabled)


def _spec(document: Document, name: str, entry: Any, pointer: str) -> ServerSpec:
    def fail(message: str, at: str = "") -> _EntryError:
        return _EntryError(f"{_where(document, pointer + at)}: MCP server {name!r} {message}")

    if not isinstance(entry, Mapping):
        raise fail("must be an object with command or url")
    always = entry.get("alwaysLoad")
    if always is not None and not isinstance(always, bool):
        raise fail("has alwaysLoad that is not true or false", "/alwaysLoad")
    # Copilot CLI's per-server switch (~/.copilot/mcp-config.json, hosts-facts.md §1.5)
    defer_tools = entry.get("deferTools", "auto")
    if defer_tools not in DEFER_TOOLS:
        raise fail(f'has deferTools that is not "{DEFER_TOOLS[0]}" or "never"', "/deferTools")
    if defer_tools == "never":
        always = True  # unwritten stays None: a server's alwaysLoad: false means more
    kind = entry.get("type")
    if kind is None and "url" in entry:
        raise fail(
            'has a "url" but no "type"; add "type": "http" (streamable HTTP) or "type": "sse"'
        )
    if kind is None:
        kind = "stdio"
    if kind == "ws":
        raise fail('has "type": "ws"; WebSocket servers are not supported', "/type")
    if not isinstance(kind, str) or kind not in TRANSPORTS:
        raise fail(
            f"has an unknown type {kind!r}; use stdio, http (or streamable-http) or sse", "/type"
        )
    transport = TRANSPORTS[kind]
    origin = f"{document.display}#{pointer}"

    def expanded(value: Any, at: str) -> str:
        if not isinstance(value, str):
            raise fail("has a value that is not a string", at)
        try:
            return expand(value)
        except KeyError as missing:
            raise fail(
                f"uses ${{{missing.args[0]}}}, which is not set; set it or write "
                f"${{{missing.args[0]}:-default}}",
                at,
            ) from None

    def strings(key: str) -> dict[str, str]:
        table = entry.get(key, {})
        if not isinstance(table, Mapping):
            raise fail(f"has {key} that is not an object", f"/{key}")
        return {str(k): expanded(v, join_pointer(key, str(k))) for k, v in table.items()}

    if transport == "stdio":
        command = entry.get("command")
        if not isinstance(command, str) or not command.strip():
            raise fail("has no command (a stdio server needs command, a remote one url and type)")
        args = entry.get("args", [])
        if not isinstance(args, list):
            raise fail("has args that is not an array", "/args")
        shown = shlex.join([command, *(str(a) for a in args)])
        return ServerSpec(
            name,
            "stdio",
            shown,
            origin,
            command=expanded(command, "/command"),
            args=tuple(expanded(a, f"/args/{i}") for i, a in enumerate(args)),
            env=strings("env"),
            always_load=always,
        )
    url = entry.get("url")
    if not isinstance(url, str) or not url.strip():
        raise fail(f'has "type": "{kind}" but no url', "/url")
    return ServerSpec(
        name,
        transport,
        safe_url(url),
        origin,
        url=_check_url(expanded(url, "/url"), fail),
        headers=strings("headers"),
        always_load=always,
    )


def expand(text: str, environ: Mapping[str, str] | None = None) -> str:
    """Expand ``${VAR}`` and ``${VAR:-default}`` (the default when unset or empty).

    Raises KeyError naming a variable that is unset and has no default.
    """
    env = os.environ if environ is None else environ

    def replace(match: re.Match[str]) -> str:
        name, default = match.group(1), match.group(2)
        value = env.get(name)
        if default is not None and not value:
            return default
        if value is None:
            raise KeyError(name)
        return value

    return _VARIABLE.sub(replace, text)


def _check_url(url: str, fail: Any) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise fail(f"has url {safe_url(url)!r}, which is not an http(s) URL", "/url")
    return url


def safe_url(url: str) -> str:
    """A URL without user info, query or fragment, which may carry secrets."""
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        return url.split("?", 1)[0].split("#", 1)[0]
    host = parts.netloc.rsplit("@", 1)[-1]
    return f"{parts.scheme}://{host}{parts.path}"


def command_server(text: str) -> ServerSpec:
    """``--mcp-command "[NAME=]CMD ARGS"``: split like a POSIX shell and run without one."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise UsageError(f"--mcp-command {text!r}: {error}") from None
    name: str | None = None
    if words:
        named = _NAMED.match(words[0])
        if named:
            name, words[0] = named.group(1), named.group(2)
    if not words or not words[0]:
        raise UsageError("--mcp-command needs a command, e.g. --mcp-command 'npx -y some-server'")
    return ServerSpec(
        name or default_command_name(words),
        "stdio",
        shlex.join(words),
        "--mcp-command",
        command=words[0],
        args=tuple(words[1:]),
    )


def default_command_name(words: list[str]) -> str:
    """The script or package a command runs: its first argument that looks like one."""
    candidates = [w for w in words[1:] if _PATHISH.match(w) and not w.startswith("-")]
    base = next((w for w in candidates if any(c in w for c in "./@-_")), words[0])
    base = re.split(r"[\\/]", base.rstrip("/\\"))[-1] or words[0]
    base = base.lstrip("@").split("@", 1)[0]
    stem, dot, suffix = base.rpartition(".")
    if dot and stem and suffix.lower() in ("py", "js", "mjs", "cjs", "ts", "exe", "jar", "sh"):
        base = stem
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", base).strip("-") or "mcp"


def url_server(text: str, transport: Transport = "http") -> ServerSpec:
    """``--mcp-url [NAME=]URL``: one streamable HTTP server."""
    name: str | None = None
    url = text
    named = _NAMED.match(text)
    if named and not text.lower().startswith(("http://", "https://")):
        name, url = named.group(1), named.group(2)
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(f"--mcp-url {safe_url(url)!r}: expected an http:// or https:// URL")
    default = re.sub(r"[^A-Za-z0-9_-]+", "-", parts.hostname).strip("-") or "mcp"
    return ServerSpec(name or default, transport, safe_url(url), "--mcp-url", url=url)


def select(
    servers: list[ConfiguredServer], only: tuple[str, ...]
) -> tuple[list[ConfiguredServer], list[str]]:
    """Apply ``--only``; disabled servers are left out (with a note) unless named."""
    from toolsearch.config import suggest

    names = [s.name for s in servers]
    for wanted in only:
        if wanted not in names:
            known = ", ".join(names) or "none"
            raise UsageError(
                f"--only {wanted!r}: no such MCP server (known: {known}){suggest(wanted, names)}"
            )
    notes: list[str] = []
    chosen: list[ConfiguredServer] = []
    for server in servers:
        if only and server.name not in only:
            continue
        if server.disabled and server.name not in only:
            notes.append(f"MCP server {server.name!r} is disabled in its config; not started")
            continue
        chosen.append(server)
    return chosen, notes
