"""Documents -> the catalog a host is sent: recognise each source, then group the sources into
scopes the way the target host sends them (its own scope gathers what it gathers; the rest
are the API's request scopes)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from toolsearch.catalog.claude_code_versions import ClaudeCode
from toolsearch.catalog.dialects import (
    ParsedSource,
    not_a_catalog_message,
    recognise,
    request_scope,
    toolset_suppliers,
)
from toolsearch.catalog.loader import Document
from toolsearch.catalog.model import Catalog, Scope
from toolsearch.errors import InputError
from toolsearch.hosts import DEFAULT_TARGET, host_named
from toolsearch.hosts import claude_code as claude_code_host
from toolsearch.hosts.claude_code import sends


def build_catalog(
    parsed: Sequence[ParsedSource],
    target: str = DEFAULT_TARGET,
    claude_code: ClaudeCode | None = None,
) -> Catalog:
    """Group recognised sources into the scopes ``target`` sends, with effective deferral;
    ``claude_code`` is the Claude Code version previewed (default: the newest)."""
    version = claude_code or ClaudeCode()
    host = host_named(target)
    by_server = toolset_suppliers(parsed)
    claimed = {s.source for s in by_server.values()}
    scopes: list[Scope] = []
    gathered: list[ParsedSource] = []
    for item in parsed:
        if item.source in claimed:
            continue
        if item.envelope in host.gathers:
            gathered.append(item)
            continue
        scopes.append(request_scope(item, by_server))
    if gathered and host.gather is not None:
        scope = host.gather(gathered)
        if sends(scope):
            off = frozenset(i.source for i in gathered if i.always_load is False)
            scope = claude_code_host.for_version(scope, version, off)
        scopes.append(scope)
    locators = {p.document.display: p.document.locator for p in parsed}
    return Catalog(tuple(scopes), host.name, locators=locators, claude_code=version)


def load_catalog(
    documents: list[Document],
    target: str = DEFAULT_TARGET,
    skip_non_catalogs: bool = False,
    always_load: Mapping[str, bool] | None = None,
    claude_code: ClaudeCode | None = None,
) -> tuple[Catalog, list[str]]:
    """Recognise every document and build the catalog; returns it with skip notes."""
    parsed: list[ParsedSource] = []
    notes: list[str] = []
    for document in documents:
        recognised = recognise(document)
        if recognised is None:
            message = not_a_catalog_message(document)
            if document.from_directory or skip_non_catalogs:
                notes.append(f"skipped {message}")
                continue
            raise InputError(message)
        recognised.always_load = (always_load or {}).get(document.source)
        parsed.append(recognised)
    return build_catalog(parsed, target, claude_code), notes
