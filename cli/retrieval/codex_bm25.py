"""The BM25 that Codex CLI's ``tool_search`` runs: the Rust ``bm25`` crate 2.3.2, English.

Written from the crate's source (``default_tokenizer.rs``, ``embedder.rs``, ``scorer.rs``) and
checked against Codex 0.171.0 itself (``tests/test_codex_harness.py``):

- tokens: text transliterated to ASCII (the crate's ``deunicode``), lower-cased, split into
  Unicode words (UAX #29: ``_ . ' :`` join letters, ``. , ; '`` join digits; ``-``, ``/`` and
  spaces split; a word needs a letter or digit), NLTK's 179 English stop words dropped, the
  rest stemmed with Snowball's 2017 English stemmer (``snowball2017``);
- weights: k1 1.2, b 0.75, the average length over the documents indexed; a token's weight in a
  document is ``tf (k1 + 1) / (tf + k1 (1 - b + b dl / avgdl))``; idf is
  ``ln(1 + (N - n + 0.5) / (n + 0.5))`` with n the documents holding the token;
- a document's score sums idf x weight over the query's tokens, a repeated word again each
  time; every step rounds to a 32-bit float as the crate's ``f32`` does;
- only documents sharing a token with the query are returned.

Transliteration is exact for ASCII, accented Latin letters and common typographic punctuation;
for other scripts the crate's tables are not reproduced (their letters are kept as they are).
"""

from __future__ import annotations

import math
import struct
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from toolsearch.retrieval.snowball2017 import stem

K1 = 1.2
B = 0.75
FALLBACK_AVGDL = 256.0  # the crate's average length for an empty corpus

# NLTK's English stop words, as the ``stop-words`` crate (0.9.0, feature "nltk") lists them.
STOP_WORDS = frozenset(
    """i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself
    yourselves he him his himself she she's her hers herself it it's its itself they them their
    theirs themselves what which who whom this that that'll these those am is are was were be
    been being have has had having do does did doing a an the and but if or because as until
    while of at by for with about against between into through during before after above below
    to from up down in out on off over under again further then once here there when where why
    how all any both each few more most other some such no nor not only own same so than too
    very s t can will just don don't should should've now d ll m o re ve y ain aren aren't
    couldn couldn't didn didn't doesn doesn't hadn hadn't hasn hasn't haven haven't isn isn't ma
    mightn mightn't mustn mustn't needn needn't shan shan't shouldn shouldn't wasn wasn't weren
    weren't won won't wouldn wouldn't""".split()  # noqa: SIM905
)

_F32 = struct.Struct("<f")


def f32(value: float) -> float:
    """``value`` rounded to the nearest 32-bit float, as Rust's ``f32`` arithmetic gives it."""
    result: float = _F32.unpack(_F32.pack(value))[0]
    return result


# deunicode's ASCII for the non-ASCII characters that decomposition alone does not reach.
_ASCII = {
    "\u00df": "ss",
    "\u00e6": "ae",
    "\u00c6": "AE",
    "\u0153": "oe",
    "\u0152": "OE",
    "\u00f8": "o",
    "\u00d8": "O",
    "\u0142": "l",
    "\u0141": "L",
    "\u0111": "d",
    "\u0110": "D",
    "\u00f0": "d",
    "\u00d0": "D",
    "\u00fe": "th",
    "\u00de": "Th",
    "\u0131": "i",
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": ",",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": ",,",
    "\u2013": "-",
    "\u2014": "--",
    "\u2026": "...",
    "\u2192": "->",
    "\u2190": "<-",
    "\u2022": "*",
    "\u00b7": "*",
    "\u00d7": "x",
    "\u00a0": " ",
}


@lru_cache(maxsize=4096)
def _char_ascii(char: str) -> str:
    if char in _ASCII:
        return _ASCII[char]
    decomposed = unicodedata.normalize("NFKD", char)
    kept = "".join(c for c in decomposed if not unicodedata.combining(c))
    if kept.isascii():
        return kept
    return kept if kept.isalnum() else " "


def transliterate(text: str) -> str:
    """Text in ASCII as the crate's normalisation gives it (see the module's note on scripts)."""
    if text.isascii():
        return text
    return "".join(c if c.isascii() else _char_ascii(c) for c in text)


# Word classes of UAX #29 for the characters left after transliteration.
_LETTER, _DIGIT, _JOINER, _MID_LETTER, _MID_BOTH, _MID_DIGIT, _OTHER = range(7)
_CLASSES = {"_": _JOINER, ":": _MID_LETTER, ".": _MID_BOTH, "'": _MID_BOTH}
_CLASSES.update({",": _MID_DIGIT, ";": _MID_DIGIT})


def _class(char: str) -> int:
    if char.isdigit():
        return _DIGIT
    if char.isalpha():
        return _LETTER
    return _CLASSES.get(char, _OTHER)


def unicode_words(text: str) -> list[str]:
    """The words Rust's ``unicode_words`` finds (UAX #29 word boundaries, alphanumeric words)."""
    classes = [_class(c) for c in text]
    words: list[str] = []
    size = len(text)
    i = 0
    while i < size:
        if classes[i] not in (_LETTER, _DIGIT, _JOINER):
            i += 1
            continue
        start = i
        i += 1
        while i < size:
            now, last = classes[i], classes[i - 1]
            if now in (_LETTER, _DIGIT, _JOINER):
                i += 1
            elif i + 1 < size and _joins_across(last, now, classes[i + 1]):
                i += 2
            else:
                break
        word = text[start:i]
        if any(c.isalnum() for c in word):
            words.append(word)
    return words


def _joins_across(before: int, middle: int, after: int) -> bool:
    """WB6/7 (letter, mid-letter, letter) and WB11/12 (digit, mid-number, digit)."""
    if before == _LETTER and after == _LETTER:
        return middle in (_MID_LETTER, _MID_BOTH)
    if before == _DIGIT and after == _DIGIT:
        return middle in (_MID_DIGIT, _MID_BOTH)
    return False


def tokenize(text: str) -> list[str]:
    """The crate's English tokens of ``text``, in order, repeats kept."""
    words = unicode_words(transliterate(text).lower())
    return [stem(word) for word in words if word not in STOP_WORDS]


@dataclass(frozen=True)
class Scored:
    """A document's position among those indexed and its score."""

    index: int
    score: float


class CodexBM25:
    """The crate's ``SearchEngine`` fit to ``documents`` (``with_documents``, English)."""

    def __init__(self, documents: Sequence[str]) -> None:
        self.tokens = [tokenize(document) for document in documents]
        count = len(self.tokens)
        total = sum(len(tokens) for tokens in self.tokens)
        average = f32(total / count) if count else FALLBACK_AVGDL
        self.avgdl = average if average > 0 else FALLBACK_AVGDL
        self.weights = [self._weights(tokens) for tokens in self.tokens]
        self.holders: dict[str, list[int]] = {}
        for index, weights in enumerate(self.weights):
            for token in weights:
                self.holders.setdefault(token, []).append(index)
        self._idf: dict[str, float] = {}

    def _weights(self, tokens: list[str]) -> dict[str, float]:
        k1, b = f32(K1), f32(B)
        share = f32(f32(1.0 - b) + f32(b * f32(f32(len(tokens)) / self.avgdl)))
        norm = f32(k1 * share)
        weights = {}
        for token, frequency in Counter(tokens).items():
            numerator = f32(frequency * f32(k1 + 1.0))
            weights[token] = f32(numerator / f32(frequency + norm))
        return weights

    def idf(self, token: str) -> float:
        """``ln(1 + (N - n + 0.5) / (n + 0.5))`` in 32-bit floats."""
        if token not in self._idf:
            holding = float(len(self.holders.get(token, ())))
            numerator = f32(f32(len(self.tokens) - holding) + 0.5)
            ratio = f32(numerator / f32(holding + 0.5))
            self._idf[token] = f32(math.log(f32(1.0 + ratio)))
        return self._idf[token]

    def score(self, index: int, query_tokens: Sequence[str]) -> float:
        """One document's score: idf x weight summed over the query's tokens in order."""
        weights = self.weights[index]
        total = 0.0
        for token in query_tokens:
            total = f32(total + f32(self.idf(token) * weights.get(token, 0.0)))
        return total

    def ranked(self, query: str) -> list[Scored]:
        """Every document sharing a token with the query, best first; equal scores in index
        order (Codex itself returns them in a random order)."""
        query_tokens = tokenize(query)
        candidates = sorted({i for t in query_tokens for i in self.holders.get(t, ())})
        scored = [Scored(i, self.score(i, query_tokens)) for i in candidates]
        scored.sort(key=lambda s: (-s.score, s.index))
        return scored
