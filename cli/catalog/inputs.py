"""Read every source of a run into one catalog: arguments first, else the config's ``catalog``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from toolsearch.catalog.claude_code_versions import ClaudeCode, choose_version
from toolsearch.catalog.expand import catalog_files
from toolsearch.catalog.loader import (
    Document,
    SourceSpec,
    display_path,
    read_source,
    resolve_sources,
)
from toolsearch.catalog.model import Catalog, Target
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.hosts import DEFAULT_TARGET
from toolsearch.hosts.scopes import load_catalog


@dataclass(frozen=True)
class Inputs:
    """A run's catalog, the documents behind it, and notes about skipped files."""

    catalog: Catalog
    documents: tuple[Document, ...]
    notes: tuple[str, ...]


def load_inputs(
    arguments: list[str],
    config: Config,
    target: Target = DEFAULT_TARGET,
    skip_non_catalogs: bool = False,
    extra_documents: tuple[Document, ...] = (),
    always_load: Mapping[str, bool] | None = None,
    recursive: bool = False,
    claude_code: ClaudeCode | None = None,
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
    specs = resolve_sources(arguments, base, recursive, scan_notes, config.max_folder_depth)
    documents = [read_source(spec, config.max_file_size, config.max_values) for spec in specs]
    names = {d.source: d.display for d in documents}
    for extra in extra_documents:
        if extra.source in names:
            raise UsageError(
                f"two sources are named {extra.source!r} ({names[extra.source]} and "
                f"{extra.display}); give the file another name with NAME=PATH"
            )
        names[extra.source] = extra.display
    documents.extend(extra_documents)
    version = claude_code or choose_version(
        None, config.claude_code_version, config.claude_code_max_description_length, os.environ
    )
    catalog, notes = load_catalog(documents, target, skip_non_catalogs, always_load, version)
    hints = [
        hint
        for directory in _directories(arguments, base)
        if (hint := directory_hint(directory, documents, catalog, recursive, config)) is not None
    ]
    if not catalog.scopes and not skip_non_catalogs:
        raise UsageError("; ".join(["no tool catalog found in the given sources", *hints]))
    return Inputs(catalog, tuple(documents), (*scan_notes, *notes, *hints))


def _directories(arguments: list[str], base: Path | None) -> list[Path]:
    """The arguments that name directories."""
    found = []
    for argument in arguments:
        path = Path(argument) if base is None or Path(argument).is_absolute() else base / argument
        if argument != "-" and path.is_dir():
            found.append(path)
    return found


SCANNED_FILES = 500  # files a hint reads at most, looking for catalogs below a directory


def directory_hint(
    directory: Path,
    documents: list[Document],
    catalog: Catalog,
    recursive: bool,
    config: Config,
) -> str | None:
    """For a directory that gave no catalog: the subfolders that hold some (``-r`` reads them),
    or that none does. None when the directory gave a catalog."""
    recognised = {file for scope in catalog.scopes for file in scope.files}
    inside = [
        d
        for d in documents
        if d.from_directory
        and d.path is not None
        and (_below(d.path, directory) if recursive else _same(d.path.parent, directory))
    ]
    if any(d.display in recognised for d in inside):
        return None
    shown = display_path(directory)
    if recursive:
        return f"{shown}: no tool catalog in it or its subfolders"
    folders: dict[Path, int] = {}
    for path in catalog_files(directory, True, config.max_folder_depth)[:SCANNED_FILES]:
        if path.parent != directory and _is_catalog(path, config):
            folders[path.parent] = folders.get(path.parent, 0) + 1
    if not folders:
        return f"{shown}: no tool catalog in it or its subfolders"
    listed = ", ".join(f"{display_path(f)} ({n:,})" for f, n in sorted(folders.items()))
    return (
        f"{shown}: no tool catalog directly inside; these subfolders have some: {listed}; "
        "name them, or pass -r to read every subfolder"
    )


def _same(one: Path, other: Path) -> bool:
    return one.resolve() == other.resolve()


def _below(path: Path, directory: Path) -> bool:
    try:
        path.resolve().relative_to(directory.resolve())
    except ValueError:
        return False
    return True


def _is_catalog(path: Path, config: Config) -> bool:
    from toolsearch.catalog.dialects import recognise
    from toolsearch.errors import ToolsearchError

    try:
        document = read_source(SourceSpec(path.stem, path), config.max_file_size, config.max_values)
    except (ToolsearchError, OSError):
        return False
    return recognise(document) is not None
