"""Where catalog files are: a directory's files (its subfolders too with ``-r``), and quoted
globs expanded as ``--usage`` expands them."""

from __future__ import annotations

import glob
from collections.abc import Iterator
from pathlib import Path

CATALOG_SUFFIXES = (".json", ".yaml", ".yml")


def is_glob(text: str) -> bool:
    """True for a pattern with ``*``, ``?`` or ``[...]`` (a quoted glob the shell left alone)."""
    return glob.has_magic(text)


def glob_paths(pattern: str, base: Path | None) -> list[Path]:
    """Paths matching a pattern (``**`` for any depth), sorted; relative to ``base`` if given."""
    if base is not None and not Path(pattern).is_absolute():
        found = glob.glob(pattern, root_dir=base, recursive=True)
        return sorted(base / p for p in found)
    return sorted(Path(p) for p in glob.glob(pattern, recursive=True))


def catalog_files(directory: Path, recursive: bool = False) -> list[Path]:
    """The files with a catalog suffix directly inside ``directory`` (every level below it with
    ``recursive``, hidden folders such as ``.git`` and linked folders left out), sorted."""
    return sorted(_files(directory, recursive))


def _files(directory: Path, recursive: bool) -> Iterator[Path]:
    try:
        entries = list(directory.iterdir())
    except OSError:
        return
    for entry in entries:
        if entry.is_file() and entry.suffix.lower() in CATALOG_SUFFIXES:
            yield entry
        elif (
            recursive
            and entry.is_dir()
            and not entry.name.startswith(".")
            and not entry.is_symlink()
        ):
            yield from _files(entry, recursive)
