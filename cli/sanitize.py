"""Make untrusted catalog text safe to print: no terminal controls, no invisible direction marks."""

from __future__ import annotations

import re

# C0 and C1 controls (tab and newline handled separately), DEL, bidirectional embeddings,
# overrides and isolates, zero-width characters, the byte-order mark, interlinear annotation
# marks, Unicode tag characters and variation selectors (invisible text used to smuggle
# instructions), lone surrogates (no UTF-8 output can carry them), and the characters that
# show as nothing or break a line where none is seen: soft hyphen (U+00AD), combining grapheme
# joiner (U+034F), Hangul fillers (U+115F, U+3164), Khmer inherent vowels (U+17B4, U+17B5),
# Mongolian vowel separator (U+180E), line and paragraph separators (U+2028, U+2029), and
# the invisible musical formatting marks (U+1D173-U+1D17A).
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u034f\u061c\u115f\u17b4\u17b5\u180e\u200b-\u200f"
    "\u2028\u2029\u202a-\u202e\u2060-\u2069\u3164\ud800-\udfff\ufe00-\ufe0f\ufeff\ufff9-\ufffb"
    "\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]"
)
_SPACE = re.compile(r"[^\S\u2028\u2029]+")  # whitespace but the line separators (shown escaped)
_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def clean(text: str) -> str:
    """Show unsafe characters visibly escaped (``send_\\u200bemail``), so nothing reaches the
    terminal and no name passes for another; keep newlines and tabs."""
    return _UNSAFE.sub(_visible_escape, text)


def _visible_escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def without_colours(text: str) -> str:
    """Drop SGR colour sequences (a program's own coloured log lines) before cleaning."""
    return _COLOUR.sub("", text)


def one_line(text: str, limit: int | None = None) -> str:
    """Clean text, fold whitespace to single spaces, and shorten it with an ellipsis."""
    flat = clean(_SPACE.sub(" ", text).strip())
    if limit is not None and len(flat) > limit:
        return flat[: max(limit - 1, 0)].rstrip() + "…"
    return flat


def has_unsafe(text: str) -> bool:
    """True when the text holds characters ``clean`` would remove."""
    return bool(_UNSAFE.search(text))


def escape_unsafe(text: str) -> str:
    """Write unsafe characters as ``\\uXXXX`` (valid inside JSON strings), so they show in diffs.

    Characters beyond U+FFFF are written as a UTF-16 surrogate pair, as JSON requires.
    """
    return _UNSAFE.sub(lambda m: _json_escape(m.group()), text)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
