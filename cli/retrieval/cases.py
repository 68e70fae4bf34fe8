"""Read eval cases from JSONL, JSON or YAML: ``{"query", "expected", "id"?, "mode"?}`` each.

Other keys a labelled set carries (a subset name, notes) are ignored.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolsearch.catalog.loader import (
    DEFAULT_MAX_FILE_SIZE,
    display_path,
    load_json,
    load_yaml,
    read_text_capped,
    refuse_too_many_values,
)
from toolsearch.errors import InputError
from toolsearch.retrieval.mode_names import MODES


@dataclass(frozen=True)
class Case:
    """One labelled query: the tools (``name`` or ``source/name``) it should find."""

    id: str
    query: str
    expected: tuple[str, ...]
    mode: str | None = None
    where: str = ""


def load_cases(
    path: Path, max_size: int = DEFAULT_MAX_FILE_SIZE, max_values: int | None = None
) -> list[Case]:
    """Parse a cases file of at most ``max_size`` bytes and ``max_values`` values (None: the
    default for its size); a bad file or case raises InputError naming the file and line."""
    where = display_path(path)
    text = read_text_capped(path, where, max_size)
    suffix = path.suffix.lower()
    items: list[tuple[str, Any]]
    if suffix in (".jsonl", ".ndjson") or (suffix != ".json" and _looks_like_jsonl(text)):
        refuse_too_many_values(text, where, max_values)  # the whole file, before any line
        items = _jsonl(text, where)
    elif suffix == ".json" or text.lstrip()[:1] in "[{":
        items = _listed(_json(text, where, max_values), where)
    else:
        data, _ = load_yaml(text, where, max_values=max_values)
        items = _listed(data, where)
    cases = [_case(item, place, index) for index, (place, item) in enumerate(items, 1)]
    if not cases:
        raise InputError(f"{where}: no cases found; each case needs 'query' and 'expected'")
    return cases


def _looks_like_jsonl(text: str) -> bool:
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines)


def _json(text: str, where: str, max_values: int | None) -> Any:
    try:
        return load_json(text, where, max_values=max_values)
    except json.JSONDecodeError as error:
        raise InputError(
            f"{where}:{error.lineno}:{error.colno}: invalid JSON: {error.msg}"
        ) from None


def _jsonl(text: str, where: str) -> list[tuple[str, Any]]:
    items = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            items.append((f"{where}:{number}", load_json(line, where, number)))
        except json.JSONDecodeError as error:
            raise InputError(f"{where}:{number}:{error.colno}: invalid JSON: {error.msg}") from None
    return items


def _listed(data: Any, where: str) -> list[tuple[str, Any]]:
    if isinstance(data, Mapping) and "cases" in data:
        data = data["cases"]
    if not isinstance(data, list):
        raise InputError(f"{where}: expected a list of cases (or {{'cases': [...]}})")
    return [(f"{where}: case {i}", item) for i, item in enumerate(data, 1)]


def _case(item: Any, place: str, index: int) -> Case:
    if not isinstance(item, Mapping):
        raise InputError(f"{place}: a case must be an object with 'query' and 'expected'")
    query = item.get("query")
    if not isinstance(query, str):
        raise InputError(f"{place}: 'query' must be a string")
    expected = item.get("expected")
    if isinstance(expected, str):
        expected = [expected]
    if (
        not isinstance(expected, list)
        or not expected
        or not all(isinstance(e, str) and e for e in expected)
    ):
        raise InputError(f"{place}: 'expected' must be a tool name or a non-empty list of names")
    mode = item.get("mode")
    if mode is not None and mode not in MODES:
        raise InputError(
            f"{place}: 'mode' must be bm25, regex, claude-code or hybrid, not {mode!r}"
        )
    case_id = item.get("id", f"case-{index}")
    if not isinstance(case_id, str | int) or isinstance(case_id, bool):
        raise InputError(f"{place}: 'id' must be a string or a number")
    return Case(str(case_id), query, tuple(dict.fromkeys(expected)), mode, place)


def looks_like_catalog(path: Path, max_values: int | None = None) -> bool:
    """True when a file given as CASES parses as a tool catalog (a common slip); one over
    ``max_values`` values is left for the cases reader to refuse."""
    from toolsearch.catalog.dialects import recognise
    from toolsearch.catalog.loader import SourceSpec, read_source
    from toolsearch.errors import ToolsearchError

    try:
        document = read_source(SourceSpec(path.stem, path), max_values=max_values)
    except (ToolsearchError, OSError):
        return False
    return recognise(document) is not None
