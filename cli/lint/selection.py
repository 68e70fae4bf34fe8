"""Rule selectors, as ruff reads them: ``ALL``, a level, a glob over rule ids, or an id.

``--select`` (or the config's ``select``) says which rules run, ``--extend-select`` (and the
config's ``extend-select``) adds to that, ``--ignore`` takes rules away. Words may be given
repeatedly or comma-separated. A word that names nothing is an error with a suggestion.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Mapping

from toolsearch.config import suggest
from toolsearch.errors import UsageError

ALL = "ALL"
LEVELS = ("error", "warning", "info")
GLOB_CHARACTERS = frozenset("*?[")


def words(items: Iterable[str]) -> list[str]:
    """The selector words of repeated, comma-separated values, in order, without blanks."""
    return [w.strip() for item in items for w in item.split(",") if w.strip()]


def resolve(
    word: str, levels: Mapping[str, str], where: str = "", error: type[Exception] = UsageError
) -> tuple[str, ...]:
    """The rule ids ``word`` names, in registry order; ``levels`` maps every id to its level.

    Raises ``error`` (prefixed with ``where``) for a word that names no rule.
    """
    ids = list(levels)
    if word == ALL:
        return tuple(ids)
    if word in LEVELS:
        return tuple(rid for rid in ids if levels[rid] == word)
    if word in levels:
        return (word,)
    if GLOB_CHARACTERS & set(word):
        matched = tuple(rid for rid in ids if fnmatch.fnmatchcase(rid, word))
        if matched:
            return matched
        raise error(f"{where}rule pattern {word!r} matches no rule; see toolsearch rules")
    hint = suggest(word, [ALL, *LEVELS, *ids])
    raise error(
        f"{where}unknown rule {word!r}{hint}; use a rule id, a glob such as '*-tool-name', "
        "a level (error, warning, info) or ALL"
    )


def is_explicit(word: str) -> bool:
    """Whether a word names one rule by its id (not ALL, a level or a glob)."""
    return word != ALL and word not in LEVELS and not (GLOB_CHARACTERS & set(word))
