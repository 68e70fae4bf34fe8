"""Read every source of a run into one catalog: arguments first, else the config's ``catalog``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from toolsearch.catalog.dialects import load_catalog
from toolsearch.catalog.loader import Document, read_source, resolve_sources
from toolsearch.catalog.model import Catalog, Target
from toolsearch.config import Config
from toolsearch.errors import UsageError


@dataclass(frozen=True)
class Inputs:
    """A run's catalog, the documents behind it, and notes about skipped files."""

    catalog: Catalog
    documents: tuple[Document, ...]
    notes: tuple[str, ...]


def load_inputs(
    arguments: list[str],
    config: Config,
    target: Target = "api",
    skip_non_catalogs: bool = False,
    extra_documents: tuple[Document, ...] = (),
    always_load: frozenset[str] = frozenset(),
) -> Inputs:
    """Resolve, read and recognise sources; raise ToolsearchError on bad input."""
    base: Path | None = None
    if not arguments and not extra_documents:
        if not config.catalog:
            raise UsageError(
                "no catalog given: name one or more files (or '-' for stdin), "
                "or set 'catalog:' in .toolsearch.yaml"
            )
        arguments = list(config.catalog)
        base = config.base
    scan_notes: list[str] = []
    specs = resolve_sources(arguments, base, scan_notes)
    documents = [read_source(spec, config.max_file_size) for spec in specs]
    names = {d.source: d.display for d in documents}
    for extra in extra_documents:
        if extra.source in names:
            raise UsageError(
                f"two sources are named {extra.source!r} ({names[extra.source]} and "
                f"{extra.display}); give the file another name with NAME=PATH"
            )
        names[extra.source] = extra.display
    documents.extend(extra_documents)
    catalog, notes = load_catalog(documents, target, skip_non_catalogs, always_load)
    if not catalog.scopes and not skip_non_catalogs:
        raise UsageError("no tool catalog found in the given sources")
    return Inputs(catalog, tuple(documents), (*scan_notes, *notes))
