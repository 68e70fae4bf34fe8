"""Folders walked without recursion, to a depth limit: ``-r``, ``**`` globs, transcript folders.

``Path.rglob`` and ``glob.glob(recursive=True)`` recurse once per level, so a tree 1,500
levels deep raises RecursionError. These walk with a stack of their own and stop at
``max-folder-depth`` levels below where they start: a deeper folder is left out and named in
one note.
"""

from __future__ import annotations

import fnmatch
import glob
import os
import re
from collections.abc import Callable
from pathlib import Path

MAX_FOLDER_DEPTH = 100


def files_below(
    root: Path,
    wanted: Callable[[Path], bool],
    max_depth: int = MAX_FOLDER_DEPTH,
    too_deep: list[Path] | None = None,
    hidden: bool = False,
) -> list[Path]:
    """Every file below ``root`` that ``wanted`` accepts, at most ``max_depth`` folders down
    (linked folders, and ``hidden`` ones unless asked, left out); folders deeper than that go
    to ``too_deep``. Unsorted."""
    return [
        p for p in _entries_below(root, max_depth, too_deep, hidden) if _is_file(p) and wanted(p)
    ]


def _entries_below(
    root: Path, max_depth: int, too_deep: list[Path] | None, hidden: bool
) -> list[Path]:
    """Every file and folder below ``root`` (not ``root`` itself), breadth by stack."""
    found: list[Path] = []
    stack: list[tuple[Path, int]] = [(root, 0)]
    while stack:
        folder, depth = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            path = folder / entry.name
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if not is_folder:
                found.append(path)
                continue
            if not hidden and entry.name.startswith("."):
                continue
            if depth + 1 > max_depth:
                if too_deep is not None:
                    too_deep.append(path)
                continue
            found.append(path)
            stack.append((path, depth + 1))
    return found


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


def glob_below(
    pattern: str,
    base: Path | None = None,
    max_depth: int = MAX_FOLDER_DEPTH,
    too_deep: list[Path] | None = None,
) -> list[Path]:
    """Paths matching ``pattern`` (``**``: any number of folders, hidden ones left out as glob
    does), relative to ``base`` when given and the pattern is relative; sorted."""
    if "**" not in pattern:  # one level per pattern part: glob cannot recurse deeply
        if base is not None and not Path(pattern).is_absolute():
            return sorted(base / p for p in glob.glob(pattern, root_dir=base))
        return sorted(Path(p) for p in glob.glob(pattern))
    parts = Path(pattern).parts
    fixed = next(i for i, part in enumerate(parts) if glob.has_magic(part))
    start = Path(*parts[:fixed]) if fixed else Path()
    root = base / start if base is not None and not Path(pattern).is_absolute() else start
    matcher = _pattern_regex(parts[fixed:])
    found = [root] if parts[fixed:] == ("**",) and root.is_dir() else []  # as glob gives it
    for path in _entries_below(root, max_depth, too_deep, hidden=False):
        relative = path.relative_to(root).as_posix()
        if matcher.fullmatch(relative):
            found.append(path)
    return sorted(found)


def _pattern_regex(parts: tuple[str, ...]) -> re.Pattern[str]:
    """A regex for a relative path matching glob ``parts`` (``**`` is zero or more folders)."""
    pieces = []
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part == "**":
            pieces.append(".*" if last else "(?:[^/]+/)*")
            continue
        body = fnmatch.translate(part).removeprefix("(?s:").removesuffix(")\\Z")
        body = body.replace(".*", "[^/]*")
        if not part.startswith("."):
            body = f"(?!\\.){body}"  # glob leaves hidden names out
        pieces.append(body + ("" if last else "/"))
    return re.compile("".join(pieces), re.DOTALL)


def depth_note(too_deep: list[Path], max_depth: int) -> str | None:
    """One note for the folders left out, naming the first."""
    if not too_deep:
        return None
    more = f" and {len(too_deep) - 1:,} more" if len(too_deep) > 1 else ""
    return (
        f"skipped {too_deep[0]}{more}: deeper than {max_depth} folder levels "
        "(raise max-folder-depth in the config to read deeper)"
    )
