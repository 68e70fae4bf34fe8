"""Read tool calls from usage evidence: Claude Code transcripts, Messages API logs, count tables.

Recognised, per file (several files and globs at once):

- Claude Code session transcripts (JSONL): entries with ``message.content[]`` blocks; the
  session is the entry's ``sessionId`` (else the file).
- Messages API logs (JSON or JSONL): responses (``{"type": "message", "content": [...]}``),
  request bodies (their ``messages``), or request/response pairs (``{"request", "response"}``);
  each file is one session.
- Count tables: CSV ``name,count`` or ``name,count,runs`` (header optional) or YAML/JSON
  ``{name: count}`` or ``[{name, count}]`` / ``[{name, count, runs}]``; ``runs`` (optional) is
  how many runs called the tool at least once (transcripts and logs give it: a session is a run).

Blocks counted: ``tool_use`` (a client tool; Claude Code's ``mcp__<server>__<tool>`` and
``mcp__plugin_<plugin>_<server>__<tool>`` are split into server and tool; ``ToolSearch`` is a
search call), ``mcp_tool_use`` (``server_name`` + ``name``) and ``server_tool_use`` (a tool search
tool's calls are search calls; other server tools are counted under their name). A block with an
``id`` is counted once however often it appears (a request repeats earlier turns).
"""

from __future__ import annotations

import csv
import glob
import io
import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from toolsearch.catalog.counts import count_of
from toolsearch.catalog.loader import (
    DEFAULT_MAX_FILE_SIZE,
    display_path,
    load_json,
    load_yaml,
    read_text_capped,
    refuse_too_many_cells,
    refuse_too_many_values,
)
from toolsearch.catalog.model import CLAUDE_CODE_SEARCH, SEARCH_TOOL_NAMES, SEARCH_TOOL_TYPES
from toolsearch.catalog.walk import MAX_FOLDER_DEPTH, depth_note, files_below, glob_below
from toolsearch.csv_cells import restored
from toolsearch.errors import InputError, UsageError
from toolsearch.sanitize import one_line

CallKind = Literal["tool", "search", "server"]
USAGE_SUFFIXES = (".jsonl", ".json", ".csv", ".yaml", ".yml", ".ndjson")
SEARCH_NAMES = frozenset({CLAUDE_CODE_SEARCH, *SEARCH_TOOL_NAMES.values(), *SEARCH_TOOL_TYPES})
MCP_PREFIX = "mcp__"
PLUGIN_PREFIX = "plugin_"
MAX_COUNT = 10**15  # calls in one table row; more is a typo, and sums stay exact as floats


@dataclass(frozen=True)
class Call:
    """One tool call (or ``count`` calls, from a table) as found in the evidence."""

    name: str
    kind: CallKind
    session: str
    file: str
    server: str | None = None
    count: int = 1
    plugin: bool = False  # Claude Code's plugin form: ``server`` holds ``<plugin>_<server>``
    runs: int | None = None  # a table's runs column: runs that called the tool at least once

    @property
    def shown(self) -> str:
        """The call's name as the evidence wrote it, for reports."""
        if self.server is None:
            return self.name
        middle = f"{PLUGIN_PREFIX}{self.server}" if self.plugin else self.server
        return f"{MCP_PREFIX}{middle}__{self.name}"


@dataclass(frozen=True)
class UsageFile:
    """What one evidence file held."""

    file: str
    kind: str  # "transcript", "api-log", "table"
    calls: int
    records: int


@dataclass(frozen=True)
class Evidence:
    """Every call read from the usage files, and what each file was."""

    calls: tuple[Call, ...]
    files: tuple[UsageFile, ...]
    notes: tuple[str, ...] = ()
    origins: tuple[str, ...] = ()  # where ``--usage claude-code`` looked, as shown to users


CLAUDE_CODE = "claude-code"  # ``--usage claude-code``: the user's own Claude Code transcripts


def claude_code_roots() -> list[Path]:
    """Where Claude Code keeps its transcripts: ``~/.claude/projects``, and
    ``$CLAUDE_CONFIG_DIR/projects`` when that is set."""
    roots = [Path.home() / ".claude" / "projects"]
    config_dir = os.environ.get("CLAUDE_CONFIG_DIR")
    if config_dir:
        roots.append(Path(config_dir).expanduser() / "projects")
    return list(dict.fromkeys(roots))


def shown_home(path: Path) -> str:
    """A path with the home directory written ``~``."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


def claude_code_transcripts(
    too_deep: list[Path] | None = None, max_depth: int = MAX_FOLDER_DEPTH
) -> tuple[list[Path], list[str]]:
    """Every ``*.jsonl`` within ``max_depth`` folder levels below the transcript roots
    (sessions and their subagents), and the roots that exist, as shown to users."""
    roots = [r for r in claude_code_roots() if r.is_dir()]
    if not roots:
        looked = " or ".join(shown_home(r) for r in claude_code_roots())
        raise InputError(
            f"--usage claude-code: no Claude Code transcripts: {looked} does not exist "
            "(set CLAUDE_CONFIG_DIR if Claude Code keeps its files elsewhere)"
        )
    below = [
        p
        for r in roots
        for p in files_below(r, _is_jsonl, max_depth, too_deep=too_deep, hidden=True)
    ]
    files = sorted({p.resolve() for p in below})
    if not files:
        looked = " and ".join(shown_home(r) for r in roots)
        raise InputError(f"--usage claude-code: no transcripts (*.jsonl) in {looked}")
    return files, [shown_home(r) for r in roots]


def _is_jsonl(path: Path) -> bool:
    return path.name.endswith(".jsonl")


def expand_usage(
    patterns: Iterable[str], too_deep: list[Path] | None = None, max_depth: int = MAX_FOLDER_DEPTH
) -> list[Path]:
    """Files named by ``--usage`` values: paths, globs (``**`` recursive, to ``max_depth``
    folder levels) or directories."""
    found: list[Path] = []
    for pattern in patterns:
        path = Path(pattern)
        if path.is_dir():
            inside = sorted(
                p for p in path.iterdir() if p.is_file() and p.suffix.lower() in USAGE_SUFFIXES
            )
            if not inside:
                raise InputError(f"{pattern}: no usage files (.jsonl, .json, .csv, .yaml) in it")
            found.extend(inside)
        elif path.is_file():
            found.append(path)
        elif glob.has_magic(pattern):
            matches = glob_below(pattern, max_depth=max_depth, too_deep=too_deep)
            files = [p for p in matches if p.is_file()]
            if not files:
                raise InputError(f"--usage {pattern}: the pattern matches no file")
            found.extend(files)
        else:
            raise InputError(f"{pattern}: no such usage file")
    unique: dict[Path, None] = {}
    for path in found:
        unique.setdefault(path.resolve(), None)
    return list(unique)


def read_usage(
    patterns: Iterable[str],
    max_size: int = DEFAULT_MAX_FILE_SIZE,
    max_values: int | None = None,
    max_depth: int = MAX_FOLDER_DEPTH,
) -> Evidence:
    """Read every usage file; calls with the same block id are counted once. ``claude-code``
    reads the user's own Claude Code transcripts, skipping (with a note) those it cannot read.
    A file may hold at most ``max_values`` values (None: the default for its size); globs and
    transcript folders are walked ``max_depth`` folder levels deep."""
    wanted = list(patterns)
    origins: list[str] = []
    lenient: set[Path] = set()
    too_deep: list[Path] = []
    if CLAUDE_CODE in wanted:
        wanted = [p for p in wanted if p != CLAUDE_CODE]
        transcripts, origins = claude_code_transcripts(too_deep, max_depth)
        lenient.update(transcripts)
    paths = expand_usage(wanted, too_deep, max_depth) if wanted else []
    named = set(paths)
    paths.extend(sorted(p for p in lenient if p not in named))
    lenient -= named  # a file also named on its own is read strictly
    if not paths:
        raise UsageError("--usage names no file")
    seen: set[str] = set()
    calls: list[Call] = []
    files: list[UsageFile] = []
    deep = depth_note(too_deep, max_depth)
    notes: list[str] = [deep] if deep else []
    skipped: list[str] = []
    for path in paths:
        where = display_path(path)
        try:
            text = read_text_capped(path, where, max_size)
            kind, found, records, file_notes = _parse(text, where, path.suffix.lower(), max_values)
        except InputError as error:
            if path not in lenient:
                raise
            skipped.append(str(error))
            continue
        kept = [c for c, block_id in found if block_id is None or _first(block_id, seen)]
        calls.extend(kept)
        files.append(UsageFile(where, kind, sum(c.count for c in kept), records))
        notes.extend(file_notes)
    if skipped:
        notes.append(
            f"skipped {count_of(len(skipped), 'Claude Code transcript')} "
            f"it could not read; the first: {skipped[0]}"
        )
    return Evidence(tuple(calls), tuple(files), tuple(notes), tuple(origins))


def _first(block_id: str, seen: set[str]) -> bool:
    if block_id in seen:
        return False
    seen.add(block_id)
    return True


Found = list[tuple[Call, str | None]]
_CSV_COUNT = re.compile(r"[0-9]+", re.ASCII)


def _parse(
    text: str, where: str, suffix: str, max_values: int | None
) -> tuple[str, Found, int, list[str]]:
    """(file kind, calls with their block ids, records read, notes)."""
    if suffix == ".csv":
        refuse_too_many_cells(text, where, max_values)
        return "table", _csv_table(text, where), 0, []
    if suffix in (".yaml", ".yml"):
        data, _root = load_yaml(text, where, max_values=max_values)
        return "table", _table(data, where), 0, []
    refuse_too_many_values(text, where, max_values)  # the whole file, JSON or JSONL
    stripped = text.lstrip()
    whole: Any = None
    if stripped[:1] in "[{":
        try:
            whole = load_json(text, where)
        except json.JSONDecodeError:
            whole = None  # perhaps JSONL
    if whole is not None:
        if _is_table(whole):
            return "table", _table(whole, where), 0, []
        records = whole if isinstance(whole, list) else [whole]
        return _records(records, where, [None] * len(records), [])
    if stripped[:1] not in "[{":
        raise InputError(
            f"{where}: not a usage file: expected JSONL transcripts or logs, JSON, "
            "a CSV name,count[,runs] table, or YAML"
        )
    return _jsonl(text, where)


def _jsonl(text: str, where: str) -> tuple[str, Found, int, list[str]]:
    records: list[Any] = []
    lines: list[int | None] = []
    notes: list[str] = []
    all_lines = text.splitlines()
    last = max((i for i, line in enumerate(all_lines) if line.strip()), default=-1)
    for number, line in enumerate(all_lines, 1):
        if not line.strip():
            continue
        try:
            records.append(load_json(line, where, number))
        except json.JSONDecodeError as error:
            if number - 1 == last and number > 1:
                notes.append(f"{where}:{number}: skipped an unfinished last line")
                continue
            raise InputError(
                f"{where}:{number}:{error.colno}: invalid JSON in a JSONL usage file: {error.msg}"
            ) from None
        lines.append(number)
    return _records(records, where, lines, notes)


def _records(
    records: list[Any], where: str, lines: list[int | None], notes: list[str]
) -> tuple[str, Found, int, list[str]]:
    found: Found = []
    recognised = 0
    transcript = False
    for record in records:
        if not isinstance(record, Mapping):
            continue
        blocks, session, is_transcript = _blocks_of(record, where)
        if blocks is None:
            continue
        recognised += 1
        transcript = transcript or is_transcript
        for block in blocks:
            call = _call(block, session, where)
            if call is not None:
                block_id = block.get("id")
                found.append((call, block_id if isinstance(block_id, str) else None))
    if records and not recognised:
        first = lines[0]
        place = f"{where}:{first}" if first else where
        raise InputError(
            f"{place}: not a usage log: no record holds Claude Code transcript entries, "
            "Messages API responses or requests, or request/response pairs"
        )
    return ("transcript" if transcript else "api-log"), found, recognised, notes


def _blocks_of(record: Mapping[str, Any], where: str) -> tuple[list[Any] | None, str, bool]:
    """Content blocks of an assistant turn in one record, its session, and whether it is a
    Claude Code transcript entry."""
    message = record.get("message")
    if isinstance(message, Mapping) and ("sessionId" in record or "uuid" in record):
        session = record.get("sessionId")
        blocks = _assistant_blocks(message) if message.get("role") == "assistant" else []
        return blocks, str(session) if session is not None else where, True
    if "request" in record or "response" in record:
        blocks = []
        request = record.get("request")
        if isinstance(request, Mapping):
            blocks.extend(_message_blocks(request.get("messages")))
        response = record.get("response")
        if isinstance(response, Mapping):
            body = response.get("body", response)
            if isinstance(body, Mapping):
                blocks.extend(_assistant_blocks(body))
        return blocks, where, False
    if record.get("type") == "message" or record.get("role") == "assistant":
        return _assistant_blocks(record), where, False
    if isinstance(record.get("messages"), list):
        return _message_blocks(record["messages"]), where, False
    return None, where, False


def _assistant_blocks(message: Mapping[str, Any]) -> list[Any]:
    content = message.get("content")
    return list(content) if isinstance(content, list) else []


def _message_blocks(messages: Any) -> list[Any]:
    """Blocks of the assistant turns of a request's ``messages``."""
    if not isinstance(messages, list):
        return []
    blocks: list[Any] = []
    for message in messages:
        if isinstance(message, Mapping) and message.get("role") == "assistant":
            blocks.extend(_assistant_blocks(message))
    return blocks


def calls_in_messages(messages: Any, session: str, file: str) -> list[Call]:
    """Tool calls in a request's own ``messages`` (a request's history is evidence too)."""
    found = (_call(b, session, file) for b in _message_blocks(messages))
    return [c for c in found if c is not None]


def _call(block: Any, session: str, file: str) -> Call | None:
    if not isinstance(block, Mapping):
        return None
    kind = block.get("type")
    name = block.get("name")
    if not isinstance(name, str) or not name:
        return None
    if kind == "mcp_tool_use":
        server = block.get("server_name")
        return Call(name, "tool", session, file, server if isinstance(server, str) else None)
    if kind == "server_tool_use":
        return Call(name, "search" if name in SEARCH_NAMES else "server", session, file)
    if kind != "tool_use":
        return None
    if name in SEARCH_NAMES:
        return Call(name, "search", session, file)
    return split_sent_name(name, session, file)


def split_sent_name(name: str, session: str, file: str, count: int = 1) -> Call:
    """A client tool call, with Claude Code's ``mcp__server__tool`` split into its parts."""
    if name.startswith(MCP_PREFIX):
        server, sep, tool = name[len(MCP_PREFIX) :].partition("__")
        if sep and server and tool:
            if server.startswith(PLUGIN_PREFIX):
                return Call(tool, "tool", session, file, server[len(PLUGIN_PREFIX) :], count, True)
            return Call(tool, "tool", session, file, server, count)
    return Call(name, "tool", session, file, count=count)


def _is_table(data: Any) -> bool:
    if isinstance(data, Mapping):
        return bool(data) and all(_is_count(v) for v in data.values())
    if isinstance(data, list):
        return bool(data) and all(
            isinstance(item, Mapping) and "name" in item and "count" in item for item in data
        )
    return False


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table(data: Any, where: str) -> Found:
    """Calls from ``{name: count}`` or ``[{name, count}]``."""
    rows: Iterator[tuple[Any, Any, Any, str]]
    if isinstance(data, Mapping):
        rows = ((k, v, None, f"{where}: {k}") for k, v in data.items())
    elif isinstance(data, list):
        rows = (
            (
                item.get("name") if isinstance(item, Mapping) else None,
                item.get("count") if isinstance(item, Mapping) else None,
                item.get("runs") if isinstance(item, Mapping) else None,
                f"{where}: item {index}",
            )
            for index, item in enumerate(data)
        )
    else:
        raise InputError(
            f"{where}: not a usage table: expected a mapping of tool name to count "
            "or a list of {name, count}"
        )
    found: Found = []
    for name, count, runs, place in rows:
        found.append((_table_call(name, count, place, where, runs), None))
    return found


def _table_call(name: Any, count: Any, place: str, where: str, runs: Any = None) -> Call:
    if not isinstance(name, str) or not name.strip():
        raise InputError(f"{place}: the tool name must be text")
    if not _is_count(count) or not 0 <= count <= MAX_COUNT:
        raise InputError(f"{place}: count must be a whole number of calls, 0 to {MAX_COUNT:,}")
    if runs is not None and (not _is_count(runs) or not 0 <= runs <= count):
        raise InputError(
            f"{place}: runs must be a whole number of runs, 0 to the tool's count ({count:,}): "
            "a run that called the tool called it at least once"
        )
    name = name.strip()
    if name in SEARCH_NAMES:
        return Call(name, "search", where, where, count=count)
    return replace(split_sent_name(name, where, where, count), runs=runs)


def _csv_table(text: str, where: str) -> Found:
    found: Found = []
    reader = csv.reader(io.StringIO(text))
    rows = iter(reader)
    number = 0
    while True:
        try:
            row = next(rows)
        except StopIteration:
            break
        except csv.Error as error:  # a field over the csv module's limit, a stray NUL
            raise InputError(
                f"{where}:{reader.line_num}: not a CSV name,count table: {error}"
            ) from None
        number += 1
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        cells[0] = restored(cells[0])  # a name --export-usage neutralised against formulas
        if len(cells) not in (2, 3):
            raise InputError(
                f"{where}:{number}: expected two or three columns, name,count or name,count,runs"
            )
        name, count = cells[0], cells[1]
        runs = cells[2] if len(cells) == 3 else None
        whole = _CSV_COUNT.fullmatch(count) is not None
        if number == 1 and not whole:
            continue  # a header row
        for label, value, unit in (("count", count, "calls"), ("runs", runs, "runs")):
            if value is not None and (
                _CSV_COUNT.fullmatch(value) is None or len(value) > len(str(MAX_COUNT))
            ):
                raise InputError(
                    f"{where}:{number}: {label} {one_line(value, 24)!r} is not a whole number "
                    f"of {unit}, 0 to {MAX_COUNT:,}"
                )
        place = f"{where}:{number}"
        found.append(
            (_table_call(name, int(count), place, where, None if runs is None else int(runs)), None)
        )
    return found
