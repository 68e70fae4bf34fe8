"""Words as a lexical search sees them: identifiers split, text lowercased, stopwords known.

A stand-in for checks on what search can match (duplicate and unsearchable descriptions); it
splits the way lexical tool search does (snake_case, camelCase, acronyms, digits) without the
ranking's stemming.
"""

from __future__ import annotations

import re

_RUN = re.compile(r"[^\W_]+")
# Every byte but an ASCII letter or digit becomes a space: for ASCII text, ``_RUN``'s words.
_ASCII_SPACES = bytes(c if chr(c).isascii() and chr(c).isalnum() else 0x20 for c in range(256))
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
    lowered = text.lower()
    if lowered.isascii():  # the same words, twice as fast: punctuation to spaces, then split
        return lowered.encode().translate(_ASCII_SPACES).decode().split()
    return _RUN.findall(lowered)


def is_searchable(word: str) -> bool:
    """A word a query could usefully match: two or more characters, a letter, not a stopword."""
    return len(word) > 1 and not word.isdigit() and word not in STOPWORDS


# A text's first word when it opens the text and is plain letters ("Get", "github"): the first
# part ``has_searchable_word`` would split off (a longer, non-ASCII run is searchable too).
_OPENING_WORD = re.compile("[A-Z]?[a-z]+")


def has_searchable_word(text: str) -> bool:
    """True as soon as text holds one word a query could usefully match."""
    opening = _OPENING_WORD.match(text)
    if opening is not None and is_searchable(opening.group().lower()):
        return True  # most names and descriptions, without splitting every run
    for run in _RUN.finditer(text):
        chunk = run.group()
        parts = _ASCII_PART.findall(chunk) if chunk.isascii() else [chunk]
        if any(is_searchable(part.lower()) for part in parts):
            return True
    return False
