"""The one tokenizer every search in toolsearch uses.

Text is cut into runs of letters and digits; each run is split at identifier boundaries
(snake_case, kebab-case and dotted names fall apart at their separators; camelCase, acronyms
such as ``HTTPServer`` and letter/digit boundaries are split here), lower-cased, stripped of
accents when that leaves plain ASCII, and cut into overlapping character bigrams for Chinese and
Japanese (which have no spaces). ``terms`` then drops English stopwords and applies the Snowball
English stemmer: the choices measured to help in docs/search-notes.md.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import cache
from itertools import chain
from typing import Any

import snowballstemmer

from toolsearch.retrieval.ascii_runs import LETTERS_DIGITS, ascii_runs, run_table

_ASCII_RUN = re.compile(r"[A-Za-z0-9]+")
_ASCII_RUN_TABLE = run_table(LETTERS_DIGITS)  # the same runs as _ASCII_RUN, found faster
_IDENTIFIER_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_CJK = "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f"
_CJK_OR_OTHER = re.compile(f"[{_CJK}]+|[^{_CJK}]+")
_IS_CJK = re.compile(f"[{_CJK}]")

# English function words (about 150). Only words that carry no meaning of their own are here:
# verbs such as get, list or find, and words such as all, new or not, stay searchable.
_STOPWORD_TEXT = """
a about above after again against am an and are as at be because been before being below
between both but by can could did do does doing down during each few for from further had
has have having he her here hers herself him himself his how i if in into is it its itself
just me might more most must my myself no nor of off on once only or other ought our ours
ourselves out over own same shall she should so some such than that the their theirs them
themselves then there these they this those through to too under until up upon very was we
were what when where which while who whom whose why will with within without would you your
yours yourself yourselves also may etc ie eg via per us let
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())

_STEMMER = snowballstemmer.stemmer("english")
_CACHE_LIMIT = 200_000
_run_terms: dict[str, tuple[str, ...]] = {}
_run_words: dict[str, tuple[str, ...]] = {}


def _fold(run: str) -> str:
    """Compatibility forms (full-width letters, ligatures) and, for Latin text, no accents."""
    normal = unicodedata.normalize("NFKC", run)
    bare = "".join(c for c in unicodedata.normalize("NFD", normal) if not unicodedata.combining(c))
    return bare if bare.isascii() else normal


def _cjk_parts(run: str) -> Iterator[tuple[int, str]]:
    if len(run) == 1:
        yield 0, run
        return
    for i in range(len(run) - 1):
        yield i, run[i : i + 2]


def _split_run(run: str) -> Iterator[tuple[int, int, str]]:
    """Words of one letter/digit run: (start, end, lower-cased word), offsets into ``run``.

    When normalising changes a run's length, each word's span is the whole run.
    """
    if run.isascii():
        for m in _IDENTIFIER_PART.finditer(run):
            yield m.start(), m.end(), m.group().lower()
        return
    folded = _fold(run)
    same = len(folded) == len(run)
    for piece in _CJK_OR_OTHER.finditer(folded):
        text, base = piece.group(), piece.start()
        if _IS_CJK.match(text):
            found = ((i, i + len(part), part) for i, part in _cjk_parts(text))
        elif text.isascii():
            found = (
                (m.start(), m.end(), m.group().lower()) for m in _IDENTIFIER_PART.finditer(text)
            )
        else:
            found = (
                (m.start(), m.end(), m.group().casefold()) for m in _unicode_run().finditer(text)
            )
        for start, end, word in found:
            yield (base + start, base + end, word) if same else (0, len(run), word)


@cache
def _unicode_run() -> Any:
    """Letters, marks and digits of every script (the regex module, imported only when needed)."""
    import regex

    return regex.compile(r"[\p{L}\p{M}\p{N}]+")


def _runs(text: str) -> Iterator[tuple[int, str]]:
    pattern = _ASCII_RUN if text.isascii() else _unicode_run()
    for m in pattern.finditer(text):
        yield m.start(), m.group()


def term_of(word: str) -> str | None:
    """A lower-cased word's search term: None for a stopword, else its Snowball stem."""
    if word in STOPWORDS:
        return None
    if word.isascii() and word.isalpha():
        return str(_STEMMER.stemWord(word))
    return word


def letter_digit_runs(text: str) -> list[str]:
    """The runs of letters and digits a text's words are split from: ``words`` of a text are
    the ``words`` of each of its runs, in order."""
    return ascii_runs(text, _ASCII_RUN_TABLE) if text.isascii() else _unicode_run().findall(text)


def words(text: str) -> list[str]:
    """Lower-cased words of a text, split at identifier boundaries (no stopwords removed)."""
    return list(chain.from_iterable(map(_words_of_run, letter_digit_runs(text))))


def _words_of_run(run: str) -> tuple[str, ...]:
    """A run's words, split once: tool names repeat their runs (``github``, ``get``, ``issue``)
    far more than whole names repeat."""
    found = _run_words.get(run)
    if found is None:
        if len(_run_words) >= _CACHE_LIMIT:
            _run_words.clear()
        found = tuple(w for _, _, w in _split_run(run))
        _run_words[run] = found
    return found


def _terms_of_run(run: str) -> tuple[str, ...]:
    found = _run_terms.get(run)
    if found is None:
        if len(_run_terms) >= _CACHE_LIMIT:
            _run_terms.clear()
        found = _read_run(run)
        _run_terms[run] = found
    return found


def _read_run(run: str) -> tuple[str, ...]:
    """A run's terms. A run of ASCII digits, or of lower-case ASCII letters, is one word as it
    is: its term is read without the identifier split (a large catalog's names hold thousands
    of new numbers and words)."""
    if run.isascii() and (run.isdigit() or (run.isalpha() and run.islower())):
        term = term_of(run)
        return () if term is None else (term,)
    return tuple(t for _, _, w in _split_run(run) if (t := term_of(w)) is not None)


def terms(text: str) -> list[str]:
    """Search terms of a text: words without stopwords, stemmed."""
    runs = letter_digit_runs(text)
    try:  # the common case: every run seen before
        return list(chain.from_iterable(map(_run_terms.__getitem__, runs)))
    except KeyError:
        return list(chain.from_iterable(map(_terms_of_run, runs)))


def term_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, term) for every term of a text, offsets into ``text``: for highlighting."""
    spans = []
    for start, run in _runs(text):
        for a, b, word in _split_run(run):
            term = term_of(word)
            if term is not None:
                spans.append((start + a, start + b, term))
    return spans
