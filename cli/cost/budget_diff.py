"""Compare a budget with a baseline: a saved ``budget --format json`` output or older catalogs."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolsearch.catalog.loader import DEFAULT_MAX_FILE_SIZE, decode, load_json, read_capped
from toolsearch.cost.budget import Budget
from toolsearch.errors import InputError
from toolsearch.sanitize import one_line

MAX_TOKENS = 10**15  # more tokens than any catalog: a saved figure above it is not a budget


@dataclass(frozen=True)
class ToolChange:
    """One tool whose cost or presence changed."""

    source: str
    name: str
    before: int | None
    after: int | None
    deferred_before: bool | None
    deferred_after: bool | None

    @property
    def status(self) -> str:
        if self.before is None:
            return "added"
        if self.after is None:
            return "removed"
        return "changed"

    @property
    def change(self) -> int:
        return (self.after or 0) - (self.before or 0)


@dataclass(frozen=True)
class BaselineSnapshot:
    """The figures a baseline provides."""

    label: str
    upfront: int
    all_loaded: int
    tools: Mapping[tuple[str, str], tuple[int, bool]]
    scopes: Mapping[str, int]


@dataclass(frozen=True)
class BudgetDiff:
    """What changed since the baseline."""

    baseline: BaselineSnapshot
    upfront_after: int
    all_loaded_after: int
    changes: tuple[ToolChange, ...]
    scope_changes: Mapping[str, tuple[int | None, int]]

    @property
    def upfront_change(self) -> int:
        return self.upfront_after - self.baseline.upfront

    @property
    def all_loaded_change(self) -> int:
        return self.all_loaded_after - self.baseline.all_loaded


def snapshot(budget: Budget, label: str) -> BaselineSnapshot:
    """The rounded figures of a computed budget."""
    tools = {(r.source, r.name): (round(r.tokens), r.deferred) for r in budget.rows}
    scopes = {s.scope.name: round(s.totals.upfront) for s in budget.scopes}
    totals = budget.totals
    return BaselineSnapshot(label, round(totals.upfront), round(totals.all_loaded), tools, scopes)


def saved_output(
    path: Path, max_size: int = DEFAULT_MAX_FILE_SIZE, max_values: int | None = None
) -> BaselineSnapshot | None:
    """Read a saved ``budget --format json`` document; None when the file is something else.

    A file too large, too deep or holding a too-long number raises InputError (as a catalog
    would); NaN or Infinity in a saved budget's figures is refused below.
    """
    where = str(path)
    text = decode(read_capped(path, where, max_size), where)
    try:
        data = load_json(text, where, finite=False, max_values=max_values)
    except json.JSONDecodeError:
        return None  # perhaps a YAML catalog
    if not (isinstance(data, Mapping) and data.get("schema_version") == 1 and "totals" in data):
        return None
    try:
        tools = {
            (str(t["source"]), str(t["name"])): (_figure(t["tokens"]), bool(t["deferred"]))
            for t in data["tools"]
        }
        scopes = {str(s["scope"]): _figure(s["totals"]["upfront"]) for s in data.get("scopes", [])}
        totals = data["totals"]
        return BaselineSnapshot(
            str(path), _figure(totals["upfront"]), _figure(totals["all_loaded"]), tools, scopes
        )
    except (OverflowError, ValueError) as error:  # NaN, Infinity, or text where a number goes
        raise InputError(
            f"{path}: a saved budget holds a figure that is not a token count from 0 to "
            f"{MAX_TOKENS:,} ({one_line(str(error), 80)}); "
            "save it again with: toolsearch budget --format json"
        ) from None
    except (KeyError, TypeError) as error:
        raise InputError(
            f"{path}: looks like a saved budget but is missing a field ({error}); "
            "save it again with: toolsearch budget --format json"
        ) from None


def _figure(value: Any) -> int:
    """A token figure of a saved budget: 0 to MAX_TOKENS (ValueError otherwise)."""
    number = int(value)
    if not 0 <= number <= MAX_TOKENS:
        raise ValueError(f"{one_line(str(number), 24)} is out of range")
    return number


def compare(budget: Budget, baseline: BaselineSnapshot) -> BudgetDiff:
    """Per-tool and total changes since ``baseline``."""
    now = snapshot(budget, "current")
    changes = []
    for key in sorted(set(now.tools) | set(baseline.tools)):
        before = baseline.tools.get(key)
        after = now.tools.get(key)
        if before == after:
            continue
        changes.append(
            ToolChange(
                key[0],
                key[1],
                before[0] if before else None,
                after[0] if after else None,
                before[1] if before else None,
                after[1] if after else None,
            )
        )
    changes.sort(key=lambda c: (-abs(c.change), c.source, c.name))
    scope_changes = {name: (baseline.scopes.get(name), value) for name, value in now.scopes.items()}
    return BudgetDiff(baseline, now.upfront, now.all_loaded, tuple(changes), scope_changes)


def diff_as_dict(diff: BudgetDiff) -> dict[str, Any]:
    """The ``baseline`` member of budget JSON."""
    return {
        "file": diff.baseline.label,
        "upfront_before": diff.baseline.upfront,
        "upfront_after": diff.upfront_after,
        "upfront_change": diff.upfront_change,
        "all_loaded_before": diff.baseline.all_loaded,
        "all_loaded_after": diff.all_loaded_after,
        "all_loaded_change": diff.all_loaded_change,
        "tools": [
            {
                "name": c.name,
                "source": c.source,
                "status": c.status,
                "before": c.before,
                "after": c.after,
                "change": c.change,
                "deferred_before": c.deferred_before,
                "deferred_after": c.deferred_after,
            }
            for c in diff.changes
        ],
    }
