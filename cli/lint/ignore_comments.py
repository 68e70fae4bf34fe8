"""``# toolsearch: ignore[rule-id, ...]``: a trailing comment in a YAML catalog that suppresses
the named rules' findings reported on its line. JSON cannot carry comments: it keeps the
config's ``ignore:`` entries."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from toolsearch.config import suggest
from toolsearch.errors import InputError
from toolsearch.lint.findings import Diagnostic

MARKER = "toolsearch:"
_COMMENT = re.compile(r"(?:^|\s)#\s*toolsearch:\s*ignore\[([^\]\n]*)\]\s*$")


def comment_ignores(text: str, display: str, rule_ids: Iterable[str]) -> dict[int, frozenset[str]]:
    """The rule ids each line's trailing comment suppresses, by 1-based line number.

    An id that names no rule is an input error with the file, the line and a suggestion."""
    known = list(rule_ids)
    found: dict[int, frozenset[str]] = {}
    if MARKER not in text:
        return found
    candidates: dict[int, tuple[int, re.Match[str]]] = {}
    offset = 0
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        if MARKER in line:
            match = _COMMENT.search(line.rstrip("\r\n"))
            if match is not None:
                candidates[offset + line.index("#", match.start())] = (number, match)
        offset += len(line)
    for number, match in _real_comments(text, candidates):
        ids = frozenset(w.strip() for w in match.group(1).split(",") if w.strip())
        for rule in ids - set(known):
            raise InputError(
                f"{display}:{number}: unknown rule {rule!r} in '# toolsearch: ignore[...]'"
                f"{suggest(rule, known)}; name rule ids, e.g. ignore[short-description]"
            )
        if ids:
            found[number] = ids
    return found


def _real_comments(
    text: str, candidates: Mapping[int, tuple[int, re.Match[str]]]
) -> list[tuple[int, re.Match[str]]]:
    """The candidates whose ``#`` starts a comment: not inside a scalar (a quoted string)."""
    import yaml

    inside: set[int] = set()
    ordered = sorted(candidates)
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            start, end = token.start_mark.index, token.end_mark.index
            if getattr(token, "style", None) in ("|", ">"):  # a block scalar's header line
                start = max(start, text.find("\n", start) + 1)  # may end in a comment
            inside.update(p for p in ordered if start <= p < end)
    except yaml.YAMLError:
        return []  # the loader read it; a scanner that cannot is no reason to suppress
    return [candidates[p] for p in ordered if p not in inside]


def without_commented(
    diagnostics: Iterable[Diagnostic], documents: Mapping[str, Any], rule_ids: Iterable[str]
) -> list[Diagnostic]:
    """The diagnostics that no ``# toolsearch: ignore[...]`` comment on their line suppresses."""
    ids = list(rule_ids)
    by_file: dict[str, dict[int, frozenset[str]]] = {}
    for display, document in documents.items():
        if getattr(document, "format", None) == "yaml":
            by_file[display] = comment_ignores(document.text, display, ids)
    kept = []
    for d in diagnostics:
        line = d.location.line
        suppressed = by_file.get(d.file, {}).get(line) if line is not None else None
        if suppressed is None or d.rule not in suppressed:
            kept.append(d)
    return kept
