"""Find Claude Code transcripts and stream their entries, one line at a time.

A transcript is JSONL: one entry per line. Lines are read one at a time (never the whole file),
so a 1 GB history stays in bounded memory; a line longer than ``MAX_LINE`` is skipped unread.
What cannot be read is counted, never fatal: a line that is not JSON (or not an object), a file
whose last line stops before its end (a session still being written, a cut copy), and a file in
which no line is a Claude Code entry (another format).
"""

from __future__ import annotations

import glob
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from toolsearch.catalog.loader import display_path, json_values_over
from toolsearch.catalog.walk import MAX_FOLDER_DEPTH, files_below, glob_below
from toolsearch.errors import InputError
from toolsearch.recommend.usage_read import claude_code_roots, shown_home

MAX_LINE = 64 * 1024 * 1024  # a longer line (a huge tool result) is skipped, counted malformed
_CHUNK = 1024 * 1024


@dataclass(frozen=True)
class Transcript:
    """One file to read: where it is, how it is shown, and its project folder."""

    path: Path
    shown: str
    project: str  # the folder below ``projects/`` (Claude Code's encoded working directory)


@dataclass(frozen=True)
class Entry:
    """One transcript entry: the parsed line and where it came from."""

    data: Mapping[str, Any]
    file: Transcript
    line: int
    timestamp: datetime | None


@dataclass
class Unreadable:
    """What could not be read, by kind, with the places to name."""

    malformed: list[str] = field(default_factory=list)  # "file:line"
    truncated: list[str] = field(default_factory=list)
    other_format: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)  # "file: why"
    bad_times: list[str] = field(default_factory=list)  # "file:line" of an unusable timestamp
    too_deep: list[Path] = field(default_factory=list)  # folders below max-folder-depth

    @property
    def any(self) -> bool:
        return bool(self.malformed or self.truncated or self.other_format or self.unreadable)

    def note(self, shown: int = 3) -> str | None:
        """Everything in one line: counts, and the first places of each kind."""
        parts = []
        kinds = (
            (self.malformed, "malformed line", "malformed lines"),
            (self.truncated, "truncated file", "truncated files"),
            (self.other_format, "file of another format", "files of another format"),
            (self.unreadable, "unreadable file", "unreadable files"),
        )
        for places, one, many in kinds:
            if not places:
                continue
            named = ", ".join(places[:shown])
            more = f" and {len(places) - shown:,} more" if len(places) > shown else ""
            parts.append(f"{len(places):,} {one if len(places) == 1 else many} ({named}{more})")
        if not parts:
            return None
        return "skipped " + "; ".join(parts)

    def time_note(self, shown: int = 3) -> str | None:
        """Entries whose timestamp could not be used: read as entries without one."""
        count = len(self.bad_times)
        if not count:
            return None
        named = ", ".join(self.bad_times[:shown])
        more = f" and {count - shown:,} more" if count > shown else ""
        return (
            f"{count:,} {'entry has' if count == 1 else 'entries have'} a timestamp that is not "
            f"an ISO 8601 time within the years 1-9999 in UTC ({named}{more}): read as entries "
            "without a time"
        )


def default_roots() -> list[Path]:
    """``~/.claude/projects`` and ``$CLAUDE_CONFIG_DIR/projects``: those that exist."""
    return [root for root in claude_code_roots() if root.is_dir()]


def find_transcripts(
    patterns: Iterable[str], too_deep: list[Path] | None = None, max_depth: int = MAX_FOLDER_DEPTH
) -> tuple[list[Transcript], list[str]]:
    """The transcripts named (files, folders searched for ``*.jsonl``, globs), or Claude Code's
    own when none is named; and where they were found, as shown to users. Folders deeper than
    ``max_depth`` below where the search starts go to ``too_deep``."""
    named = list(patterns)
    if not named:
        roots = default_roots()
        if not roots:
            looked = " or ".join(shown_home(r) for r in claude_code_roots())
            raise InputError(
                f"no Claude Code transcripts: {looked} does not exist (name transcript files or "
                "folders, or set CLAUDE_CONFIG_DIR if Claude Code keeps its files elsewhere)"
            )
        found = [
            _transcript(p, root) for root in roots for p in _jsonl_below(root, too_deep, max_depth)
        ]
        origins = [shown_home(r) for r in roots]
        if not found:
            raise InputError(f"no transcripts (*.jsonl) in {' and '.join(origins)}")
        return _unique(found), origins
    found = []
    for pattern in named:
        path = Path(pattern).expanduser()
        if path.is_dir():
            inside = [_transcript(p, path) for p in _jsonl_below(path, too_deep, max_depth)]
            if not inside:
                raise InputError(f"{pattern}: no transcripts (*.jsonl) in this folder")
            found.extend(inside)
        elif path.is_file():
            found.append(_transcript(path, None))
        elif glob.has_magic(pattern):
            matches = glob_below(str(path), max_depth=max_depth, too_deep=too_deep)
            files = [p for p in matches if p.is_file()]
            files += [
                f for p in matches if p.is_dir() for f in _jsonl_below(p, too_deep, max_depth)
            ]
            if not files:
                raise InputError(f"{pattern}: the pattern matches no transcript")
            found.extend(_transcript(p, None) for p in files)
        else:
            raise InputError(f"{pattern}: no such transcript file or folder")
    return _unique(found), []


def _jsonl_below(
    folder: Path, too_deep: list[Path] | None = None, max_depth: int = MAX_FOLDER_DEPTH
) -> list[Path]:
    """The ``*.jsonl`` files within ``max_depth`` folder levels below ``folder`` (hidden
    folders too, as Claude Code's are)."""
    return sorted(files_below(folder, _is_jsonl, max_depth, too_deep=too_deep, hidden=True))


def _is_jsonl(path: Path) -> bool:
    return path.name.endswith(".jsonl")


def _transcript(path: Path, root: Path | None) -> Transcript:
    """The project is the first folder below ``root`` (a projects root or a named folder),
    else the file's own folder."""
    project = path.parent.name
    if root is not None:
        try:
            parts = path.relative_to(root).parts
        except ValueError:
            parts = ()
        if len(parts) > 1:
            project = parts[0]
        elif root.name != "projects":
            project = root.name
    return Transcript(path, _shown(path), project)


def _shown(path: Path) -> str:
    shown = display_path(path)
    return shown_home(path.resolve()) if Path(shown).is_absolute() else shown


def _unique(found: list[Transcript]) -> list[Transcript]:
    seen: dict[Path, Transcript] = {}
    for transcript in found:
        seen.setdefault(transcript.path.resolve(), transcript)
    return list(seen.values())


def is_entry(data: Mapping[str, Any]) -> bool:
    """A Claude Code transcript entry: it has a ``sessionId`` or a ``uuid`` (a ``summary``
    entry has ``leafUuid``)."""
    return "sessionId" in data or "uuid" in data or "leafUuid" in data


def parse_timestamp(value: Any) -> datetime | None:
    """An entry's ISO 8601 ``timestamp`` (``2026-11-02T09:14:03.120Z``), in UTC."""
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=UTC)
        return parsed.astimezone(UTC)
    except (ValueError, OverflowError):  # 0001-01-01T00:00:00+01:00 is before the year 1 in UTC
        return None


def read_entries(
    transcript: Transcript, problems: Unreadable, max_values: int | None = None
) -> Iterator[Entry]:
    """Every JSON object line of one transcript, in order; problems are counted, not raised. A
    line holding more than ``max_values`` values (None: the default for its size) is counted
    malformed before it is built."""
    recognised = 0
    objects = 0
    malformed_before = len(problems.malformed)
    try:
        handle = transcript.path.open("rb")
    except OSError as error:
        problems.unreadable.append(f"{transcript.shown}: {error.strerror or error}")
        return
    with handle:
        number = 0
        for line, complete in _lines(handle):
            number += 1
            if not line.strip():
                continue
            if line is _TOO_LONG or json_values_over(line, max_values) is not None:
                problems.malformed.append(f"{transcript.shown}:{number}")
                continue
            try:
                data = json.loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
                if complete:
                    problems.malformed.append(f"{transcript.shown}:{number}")
                else:
                    problems.truncated.append(f"{transcript.shown}:{number}")
                continue
            if not isinstance(data, dict):
                problems.malformed.append(f"{transcript.shown}:{number}")
                continue
            objects += 1
            if not is_entry(data):
                continue
            recognised += 1
            raw = data.get("timestamp")
            moment = parse_timestamp(raw)
            if moment is None and raw is not None:
                problems.bad_times.append(f"{transcript.shown}:{number}")
            yield Entry(data, transcript, number, moment)
    if not recognised and (objects or len(problems.malformed) > malformed_before):
        del problems.malformed[malformed_before:]  # not a transcript at all: name the file once
        problems.other_format.append(transcript.shown)


_TOO_LONG = b"\0too long\0"


def _lines(handle: Any) -> Iterator[tuple[bytes, bool]]:
    """Lines of a binary file, each with whether it ended in a newline; a line over
    ``MAX_LINE`` bytes is read through in chunks and given as ``_TOO_LONG``."""
    while True:
        line: bytes = handle.readline(MAX_LINE)
        if not line:
            return
        if line.endswith(b"\n"):
            yield line, True
            continue
        if len(line) < MAX_LINE:
            yield line, False  # the last line, cut short
            return
        while True:  # over the limit: skip to the end of the line, keeping nothing
            rest: bytes = handle.readline(_CHUNK)
            if not rest or rest.endswith(b"\n"):
                break
        yield _TOO_LONG, True
