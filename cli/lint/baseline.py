"""Lint baselines: accepted findings, so that CI fails only on new ones and stale ones show.

A finding's identity (v3) is rule + source + tool + subject: where the finding is below its
tool (``/input_schema/properties/q``), or its pointer with array indexes as ``#`` when it names no
tool (decisions.md). It holds no line, no tool position and no message, so editing a catalog
elsewhere, or a message's wording or figures changing, does not turn accepted findings into new
ones. Entries of files written with identity v1 or v2 (no ``subject``) still match until
``--update-baseline`` rewrites the file with ``"identity": 3``: first by the v2 key (the message
with its numbers as ``#``), then, for a message reworded since, by rule + source + tool when the
entry's message quotes every name the finding's does.
Findings that share an identity are counted. Entries for sources a run did not lint are neither
stale nor dropped.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from toolsearch.atomic import write_text_atomic
from toolsearch.catalog.loader import DEFAULT_MAX_FILE_SIZE, load_json, read_text_capped
from toolsearch.errors import InputError
from toolsearch.lint.findings import IDENTITY_VERSION, Diagnostic, identity, legacy_identity
from toolsearch.report.jsonout import dumps


@dataclass(frozen=True)
class Entry:
    """One accepted identity and how many findings share it."""

    rule: str
    source: str
    tool: str | None
    message: str
    count: int = 1
    subject: str | None = None  # None: an entry written before identity v3

    @property
    def key(self) -> str:
        if self.subject is None:
            return legacy_identity(self.rule, self.source, self.tool, self.message)
        return identity(self.rule, self.source, self.tool, self.subject)

    @property
    def owner(self) -> tuple[str, str, str | None]:
        """Rule, source and tool: what a legacy entry matches once its wording has changed."""
        return (self.rule, self.source, self.tool)

    def as_dict(self) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "rule": self.rule,
            "source": self.source,
            "tool": self.tool,
            "subject": self.subject,
            "message": self.message,
            "count": self.count,
        }
        if self.subject is None:
            del entry["subject"]
        return entry

    def describe(self) -> str:
        where = self.source + (f"/{self.tool}" if self.tool else "")
        times = f" (x{self.count})" if self.count > 1 else ""
        return f"[{self.rule}] {where}: {self.message}{times}"


@dataclass(frozen=True)
class Comparison:
    """A run against a baseline: what is new, how many were known, which entries are stale."""

    new: tuple[Diagnostic, ...]
    known: int
    stale: tuple[Entry, ...]


@dataclass(frozen=True)
class Update:
    """What ``--update-baseline`` wrote."""

    findings: int
    added: int
    removed: int
    kept: int


def entries_from(diagnostics: Iterable[Diagnostic]) -> list[Entry]:
    """Diagnostics as baseline entries, counted by identity, in a stable order."""
    return _merge(
        Entry(d.rule, d.identity_source, d.tool, d.message, subject=d.key) for d in diagnostics
    )


def _merge(entries: Iterable[Entry]) -> list[Entry]:
    merged: dict[str, Entry] = {}
    for entry in entries:
        before = merged.get(entry.key)
        merged[entry.key] = (
            entry if before is None else replace(before, count=before.count + entry.count)
        )
    return sorted(merged.values(), key=lambda e: (e.source, e.tool or "", e.rule, e.message))


def read_baseline(
    path: Path, max_size: int = DEFAULT_MAX_FILE_SIZE, max_values: int | None = None
) -> list[Entry]:
    """Read and validate a baseline file of at most ``max_size`` bytes and ``max_values``
    values (None: the default for its size); InputError says what is wrong and where."""
    if not path.exists() and not path.is_symlink():
        raise InputError(
            f"{path}: baseline not found; create it with: toolsearch lint --baseline {path} "
            "--update-baseline SOURCE..."
        )
    text = read_text_capped(path, str(path), max_size)
    try:
        data = load_json(text, str(path), max_values=max_values)
    except json.JSONDecodeError as error:
        raise InputError(
            f"{path}:{error.lineno}:{error.colno}: invalid JSON in the baseline: {error.msg}"
        ) from None
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    from toolsearch.schemas import load_schema

    problem = best_match(Draft202012Validator(load_schema("lint-baseline")).iter_errors(data))
    if problem is not None:
        pointer = "".join(f"/{part}" for part in problem.absolute_path) or "/"
        raise InputError(
            f"{path}#{pointer}: not a toolsearch lint baseline: {problem.message}; "
            "write it with --update-baseline"
        )
    return _merge(
        Entry(
            item["rule"],
            item["source"],
            item.get("tool"),
            item["message"],
            item.get("count", 1),
            item.get("subject") if data.get("identity") == IDENTITY_VERSION else None,
        )
        for item in data["findings"]
    )


def compare(
    diagnostics: Iterable[Diagnostic], entries: Iterable[Entry], linted: Collection[str]
) -> Comparison:
    """Split findings into new and known; entries of ``linted`` sources left over are stale."""
    merged = _merge(entries)
    remaining = Counter({e.key: e.count for e in merged})
    unmatched = [d for d in diagnostics if not _take(remaining, d)]
    owners = [e for e in merged if e.subject is None and remaining[e.key] > 0]
    new = []
    for d in unmatched:  # a legacy entry whose message was reworded since
        entry = next((e for e in owners if _reworded(e, d) and remaining[e.key] > 0), None)
        if entry is None:
            new.append(d)
        else:
            remaining[entry.key] -= 1
    known = sum(e.count for e in merged) - sum(remaining[e.key] for e in merged)
    stale = tuple(
        replace(e, count=remaining[e.key])
        for e in merged
        if remaining[e.key] > 0 and e.source in linted
    )
    return Comparison(tuple(new), known, stale)


def _take(remaining: Counter[str], d: Diagnostic) -> bool:
    """Count ``d`` against an entry with its identity (v3, else v2); False when none is left."""
    for key in (d.fingerprint, d.legacy_fingerprint):
        if remaining[key] > 0:
            remaining[key] -= 1
            return True
    return False


_QUOTED = re.compile(r"\"[^\"\s]*\"|'[^'\s]*'")  # a quoted name: no space in it


def _names(message: str) -> set[str]:
    """The names a message quotes ('get_weather', "docs")."""
    return {quoted[1:-1] for quoted in _QUOTED.findall(message)}


def _reworded(entry: Entry, d: Diagnostic) -> bool:
    """Whether a legacy entry can be ``d`` reworded: same rule, source and tool, and every name
    ``d``'s message quotes was in the entry's (shortened messages keep their names)."""
    return entry.owner == (d.rule, d.identity_source, d.tool) and _names(d.message) <= _names(
        entry.message
    )


def update_baseline(
    path: Path,
    diagnostics: Iterable[Diagnostic],
    linted: Collection[str],
    max_size: int = DEFAULT_MAX_FILE_SIZE,
    max_values: int | None = None,
) -> Update:
    """Write the run's findings to ``path``, keeping entries of sources this run did not lint
    (the old file read within ``max_size`` bytes and ``max_values`` values)."""
    old: list[Entry] = []
    if path.exists():
        try:
            old = read_baseline(path, max_size, max_values)
        except InputError as error:
            raise InputError(
                f"{error}; refusing to overwrite {path}: choose another file or delete it"
            ) from None
    kept = [e for e in old if e.source not in linted]
    found = list(diagnostics)
    current = entries_from(found)
    change = compare(found, [e for e in old if e.source in linted], linted)
    entries = _merge([*kept, *current])
    document = {
        "schema_version": 1,
        "identity": IDENTITY_VERSION,
        "findings": [e.as_dict() for e in entries],
    }
    try:
        write_text_atomic(path, dumps(document) + "\n")
    except OSError as error:
        raise InputError(f"{path}: cannot write the baseline: {error.strerror}") from None
    return Update(
        findings=len(found),
        added=len(change.new),
        removed=sum(e.count for e in change.stale),
        kept=sum(e.count for e in kept),
    )
