"""The hosts that receive tool definitions (``--target``): one module per host, and HOSTS.

Everything that differs between hosts is asked of the host (``toolsearch.hosts.host.Host``);
no module outside this package compares a target name to a string (a test checks). A new host
is a module here, one entry in ``HOSTS``, and its rules' ``HOSTS`` tuples (README,
"Architecture").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from toolsearch.catalog.model import Catalog, Scope
from toolsearch.hosts import (
    api,
    claude_code,
    codex,
    copilot_cli,
    copilot_vscode,
    cursor,
    gemini,
    openai,
)
from toolsearch.hosts.host import Host

HOSTS: Mapping[str, Host] = MappingProxyType(
    {
        h.name: h
        for h in (
            api.HOST,
            claude_code.HOST,
            openai.HOST,
            codex.HOST,
            copilot_vscode.HOST,
            copilot_cli.HOST,
            cursor.HOST,
            gemini.HOST,
        )
    }
)
TARGETS: tuple[str, ...] = tuple(HOSTS)
DEFAULT_TARGET = api.NAME
# The kinds of scope the loader forms for every host, then each host's own.
SCOPE_KINDS: tuple[str, ...] = (
    "request",
    "tools",
    "mcp",
    *(h.scope_kind for h in HOSTS.values() if h.scope_kind),
)


def host_named(name: str | None) -> Host:
    """The host of a target name (None: the default target)."""
    return HOSTS[name or DEFAULT_TARGET]


def host_of(catalog: Catalog) -> Host:
    """The host a catalog was read for."""
    return HOSTS[catalog.target]


def sending_host(catalog: Catalog, scope: Scope) -> Host:
    """The host that sends ``scope``: the run's target when it sends it, else the API."""
    host = host_of(catalog)
    return host if host.sends(scope) else HOSTS[DEFAULT_TARGET]


def checked_by(hosts: tuple[str, ...] | None, catalog: Catalog, scope: Scope) -> bool:
    """Whether a rule for ``hosts`` (None: every host) checks ``scope``: the run targets one of
    them, and that host sends the scope, or the host that does send it (the API, for a request
    under --target claude-code) is one of them too."""
    if hosts is None:
        return True
    host = host_of(catalog)
    if host.name not in hosts:
        return False
    return host.sends(scope) or sending_host(catalog, scope).name in hosts


def costing_host(host: Host, model: str | None) -> Host:
    """The host whose counts a run's figures take: a client's model's (Claude: the API's,
    GPT: OpenAI's), else the host's own."""
    if host.counts_as is None:
        return host
    return HOSTS[host.counts_as(model or host.default_model)]
