"""Where catalog files are: a directory's files (its subfolders too with ``-r``), and quoted
globs expanded as ``--usage`` expands them."""

from __future__ import annotations

import glob
from pathlib import Path

from toolsearch.catalog.walk import MAX_FOLDER_DEPTH, files_below, glob_below

CATALOG_SUFFIXES = (".json", ".yaml", ".yml")


def is_glob(text: str) -> bool:
    """True for a pattern with ``*``, ``?`` or ``[...]`` (a quoted glob the shell left alone)."""
    return glob.has_magic(text)


def glob_paths(
    pattern: str,
    base: Path | None,
    max_depth: int = MAX_FOLDER_DEPTH,
    too_deep: list[Path] | None = None,
) -> list[Path]:
    """Paths matching a pattern (``**`` for any depth, to ``max_depth`` folders), sorted;
    relative to ``base`` if given."""
    return glob_below(pattern, base, max_depth, too_deep)


def catalog_files(
    directory: Path,
    recursive: bool = False,
    max_depth: int = MAX_FOLDER_DEPTH,
    too_deep: list[Path] | None = None,
) -> list[Path]:
    """The files with a catalog suffix directly inside ``directory`` (every level below it with
    ``recursive``, to ``max_depth`` folders; hidden folders such as ``.git`` and linked folders
    left out), sorted."""
    if recursive:
        return sorted(files_below(directory, _is_catalog, max_depth, too_deep))
    try:
        entries = list(directory.iterdir())
    except OSError:
        return []
    return sorted(e for e in entries if _is_catalog(e) and e.is_file())


def _is_catalog(path: Path) -> bool:
    return path.suffix.lower() in CATALOG_SUFFIXES
