"""Flags `mcp_toolset` entries and `mcp_servers` that do not pair up one to one.

## What it does
Checks the MCP connector's pairing rules in each request:
- every `mcp_toolset` names a server (`mcp_server_name`) listed in `mcp_servers`;
- every server in `mcp_servers` has a `name`, a unique one, and is used by exactly one toolset;
- every server has `"type": "url"` and a `url` that starts with `https://`.

Bare tools arrays hold no `mcp_servers`, so for them only a toolset naming no server is
reported.

## Why is this bad?
The API validates these rules on every request with MCP servers and rejects the request (400)
when one fails: the server must exist, every server must be used, one toolset per server, and
the server must be reachable over public HTTPS (tool-search-facts.md §3). A server listed but
not used usually means a toolset was renamed or deleted.

## Example
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "mcp_servers": [{"type": "url", "name": "docs", "url": "http://docs.example.com/mcp"}],
 "tools": [{"type": "mcp_toolset", "mcp_server_name": "doc"}]}
```

## Fix
```json
{"model": "claude-sonnet-4-5", "max_tokens": 1024,
 "mcp_servers": [{"type": "url", "name": "docs", "url": "https://docs.example.com/mcp"}],
 "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs"}]}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from toolsearch.catalog.model import Location, McpServer
from toolsearch.catalog.tool_names import quoted
from toolsearch.config import suggest
from toolsearch.lint.findings import Problem
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import NoOptions

ID = "mcp-server-mismatch"
LEVEL = "error"
SUMMARY = "an mcp_toolset and mcp_servers do not pair one to one, or a server url is not https"
Options = NoOptions
HOSTS = ("api", "claude-code")  # Anthropic's rules; --target openai has its own


def _toolset_problems(ctx: Context) -> Iterator[Problem]:
    scope = ctx.scope
    servers = [s.name for s in scope.mcp_servers if isinstance(s.name, str)]
    seen: set[str] = set()
    for toolset in scope.toolsets:
        loc = toolset.location
        name = toolset.server_name
        if name is None:
            yield Problem(
                "mcp_toolset has no mcp_server_name string",
                ctx.locate(loc.file, loc.pointer + "/mcp_server_name", fallback=loc),
                None,
                toolset.source,
            )
            continue
        where = ctx.locate(loc.file, loc.pointer + "/mcp_server_name", fallback=loc)
        if name in seen:
            yield Problem(
                f"MCP server {quoted(name)} is already used by another mcp_toolset",
                where,
                None,
                toolset.source,
            )
        seen.add(name)
        if scope.kind == "request" and name not in servers:
            yield Problem(
                f"mcp_toolset names server {quoted(name)}, which is not in mcp_servers"
                + suggest(name, servers),
                where,
                None,
                toolset.source,
            )


def _server_problems(ctx: Context) -> Iterator[Problem]:
    scope = ctx.scope
    used = {t.server_name for t in scope.toolsets}
    named: set[str] = set()
    for server in scope.mcp_servers:
        yield from _server_fields(ctx, server)
        name = server.name
        if not isinstance(name, str):
            continue
        where = _at(ctx, server, "/name")
        if name in named:
            yield Problem(
                f"two mcp_servers are named {quoted(name)}",
                where,
            )
        elif name not in used:
            yield Problem(
                f"MCP server {quoted(name)} is not used by any mcp_toolset",
                where,
            )
        named.add(name)


def _server_fields(ctx: Context, server: McpServer) -> Iterator[Problem]:
    if not isinstance(server.name, str) or not server.name:
        yield Problem(
            "mcp_servers entry has no name",
            server.location,
        )
    if server.type != "url":
        kind = f"type {quoted(str(server.type))}" if server.type is not None else "no type"
        yield Problem(
            f'mcp_servers entry has {kind}, not "url"',
            _at(ctx, server, "/type"),
        )
    url = server.url
    if not isinstance(url, str) or not url.startswith("https://"):
        shown = quoted(url) if isinstance(url, str) else "missing" if url is None else "not text"
        yield Problem(
            f"mcp_servers url is {shown}, not an https:// URL",
            _at(ctx, server, "/url"),
        )


def _at(ctx: Context, server: McpServer, suffix: str) -> Location:
    loc = server.location
    return ctx.locate(loc.file, loc.pointer + suffix, fallback=loc)


def check(ctx: Context, options: Options) -> Iterator[Problem]:
    yield from _toolset_problems(ctx)
    if ctx.scope.kind == "request":
        yield from _server_problems(ctx)
