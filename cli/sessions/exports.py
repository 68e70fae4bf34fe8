"""``--export-usage`` and ``--export-cases``: files other commands read, written atomically."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from toolsearch.atomic import write_text_atomic
from toolsearch.errors import InputError
from toolsearch.hosts.claude_code import SEARCH_MODE as CLAUDE_CODE_MODE
from toolsearch.sessions.activity import ToolUse


@dataclass(frozen=True)
class ExportCase:
    """An eval case from a real search: its query, and the returned tools the session called."""

    id: str
    query: str
    expected: tuple[str, ...]
    source: str  # file:line of the search


def usage_table(tools: Iterable[ToolUse]) -> str:
    """CSV ``name,count,runs`` (a run is a session), as ``recommend --usage`` reads it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "count", "runs"])
    for use in tools:
        writer.writerow([use.name, use.calls, use.sessions])
    return out.getvalue()


def cases_jsonl(cases: Iterable[ExportCase]) -> str:
    """One ``{"id", "query", "expected", "mode": "claude-code", "from"}`` per line."""
    return "".join(_case_line(case) + "\n" for case in cases)


def _case_line(case: ExportCase) -> str:
    record = {
        "id": case.id,
        "query": case.query,
        "expected": list(case.expected),
        "mode": CLAUDE_CODE_MODE,
        "from": case.source,
    }
    line = json.dumps(record, ensure_ascii=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from a ``\\ud800`` escape: keep it escaped
        line = json.dumps(record)
    return line


def _write(path: Path, text: str, option: str) -> None:
    try:
        write_text_atomic(path, text)
    except OSError as error:
        raise InputError(f"{option} {path}: cannot write: {error.strerror or error}") from None


def write_usage(path: Path, tools: Iterable[ToolUse]) -> None:
    _write(path, usage_table(tools), "--export-usage")


def write_cases(path: Path, cases: Iterable[ExportCase]) -> None:
    _write(path, cases_jsonl(cases), "--export-cases")
