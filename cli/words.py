"""Words as a lexical search sees them: identifiers split, text lowercased, stopwords known.

A stand-in for checks on what search can match (duplicate and unsearchable descriptions); it
splits the way lexical tool search does (snake_case, camelCase, acronyms, digits) without the
ranking's stemming.
"""

from __future__ import annotations

import re

_RUN = re.compile(r"[^\W_]+")
_ASCII_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")

STOPWORDS = frozenset(
    """a about above after again all also an and any are as at be been before being below
    between both but by can could did do does doing down during each either else for from
    further had has have having here how if in into is it its itself just may might more most
    must no nor not of off on once only or other our out over own same shall should so some
    such than that the their them then there these they this those through to too under until
    up upon use used uses using very via was we were what when where which while who whom why
    will with within without would yet you your""".split()  # noqa: SIM905
)


def words(text: str) -> list[str]:
    """Lowercased words of text or an identifier: ``getHTTPServer_v2`` -> get http server v 2."""
    found: list[str] = []
    for run in _RUN.findall(text):
        if run.isascii():
            found.extend(part.lower() for part in _ASCII_PART.findall(run))
        else:
            found.append(run.lower())
    return found


def prose_words(text: str) -> list[str]:
    """Lowercased words of running text, split at spaces and punctuation only (fast)."""
    return _RUN.findall(text.lower())


def is_searchable(word: str) -> bool:
    """A word a query could usefully match: two or more characters, a letter, not a stopword."""
    return len(word) > 1 and not word.isdigit() and word not in STOPWORDS


def has_searchable_word(text: str) -> bool:
    """True as soon as text holds one word a query could usefully match."""
    for run in _RUN.finditer(text):
        chunk = run.group()
        parts = _ASCII_PART.findall(chunk) if chunk.isascii() else [chunk]
        if any(is_searchable(part.lower()) for part in parts):
            return True
    return False
