"""Lint baselines: accepted findings, so that CI fails only on new ones and stale ones show.

A finding's identity (v2) is rule + source + tool + message with every number replaced by
``#`` (decisions.md), never its line, so editing a catalog elsewhere, or a count or token figure
in a message changing, does not turn accepted findings into new ones. Entries of files written
with identity v1 (exact messages) match by the same v2 key, so they still match until
``--update-baseline`` rewrites the file with ``"identity": 2``. Findings that share
an identity are counted. Entries for sources a run did not lint are neither stale nor dropped.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from toolsearch.atomic import write_text_atomic
from toolsearch.catalog.loader import load_json, read_text_capped
from toolsearch.errors import InputError
from toolsearch.lint.findings import IDENTITY_VERSION, Diagnostic, identity
from toolsearch.report.jsonout import dumps


@dataclass(frozen=True)
class Entry:
    """One accepted identity and how many findings share it."""

    rule: str
    source: str
    tool: str | None
    message: str
    count: int = 1

    @property
    def key(self) -> str:
        return identity(self.rule, self.source, self.tool, self.message)

    def as_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "source": self.source,
            "tool": self.tool,
            "message": self.message,
            "count": self.count,
        }

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
    return _merge(Entry(d.rule, d.identity_source, d.tool, d.message) for d in diagnostics)


def _merge(entries: Iterable[Entry]) -> list[Entry]:
    merged: dict[str, Entry] = {}
    for entry in entries:
        before = merged.get(entry.key)
        merged[entry.key] = (
            entry if before is None else replace(before, count=before.count + entry.count)
        )
    return sorted(merged.values(), key=lambda e: (e.source, e.tool or "", e.rule, e.message))


def read_baseline(path: Path) -> list[Entry]:
    """Read and validate a baseline file; InputError says what is wrong and where."""
    if not path.exists() and not path.is_symlink():
        raise InputError(
            f"{path}: baseline not found; create it with: toolsearch lint --baseline {path} "
            "--update-baseline SOURCE..."
        )
    text = read_text_capped(path, str(path))
    try:
        data = load_json(text, str(path))
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
        )
        for item in data["findings"]
    )


def compare(
    diagnostics: Iterable[Diagnostic], entries: Iterable[Entry], linted: Collection[str]
) -> Comparison:
    """Split findings into new and known; entries of ``linted`` sources left over are stale."""
    merged = _merge(entries)
    remaining = Counter({e.key: e.count for e in merged})
    new = []
    known = 0
    for d in diagnostics:
        if remaining[d.fingerprint] > 0:
            remaining[d.fingerprint] -= 1
            known += 1
        else:
            new.append(d)
    stale = tuple(
        replace(e, count=remaining[e.key])
        for e in merged
        if remaining[e.key] > 0 and e.source in linted
    )
    return Comparison(tuple(new), known, stale)


def update_baseline(
    path: Path, diagnostics: Iterable[Diagnostic], linted: Collection[str]
) -> Update:
    """Write the run's findings to ``path``, keeping entries of sources this run did not lint."""
    old: list[Entry] = []
    if path.exists():
        try:
            old = read_baseline(path)
        except InputError as error:
            raise InputError(
                f"{error}; refusing to overwrite {path}: choose another file or delete it"
            ) from None
    kept = [e for e in old if e.source not in linted]
    current = entries_from(diagnostics)
    before = Counter({e.key: e.count for e in old if e.source in linted})
    after = Counter({e.key: e.count for e in current})
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
        findings=sum(after.values()),
        added=sum((after - before).values()),
        removed=sum((before - after).values()),
        kept=sum(e.count for e in kept),
    )
