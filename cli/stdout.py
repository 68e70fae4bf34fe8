"""Standard output that cannot take a report: silence it for the rest of the run, or write in
the characters its encoding has."""

from __future__ import annotations

import contextlib
import os
import sys


def discard_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush fails no more."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


# What a report prints beyond ASCII, in ASCII: the budget bars, the ellipsis of shortened text,
# dashes, arrows and the marks of the text reports.
ASCII_FALLBACK = str.maketrans(
    {"\u2588": "#", "\u2026": "...", "\u2014": "-", "\u2013": "-", "\u2192": "->",
     "\u2190": "<-", "\u00d7": "x", "\u00b7": "*", "\u2713": "v", "\u2717": "x",
     "\u2264": "<=", "\u2265": ">=", "\u00b1": "+/-", "\u2022": "*"}
)  # fmt: skip


def encodable(text: str, encoding: str | None) -> str:
    """``text`` as ``encoding`` can write it (``PYTHONIOENCODING=cp1252`` or ``ascii``, a POSIX
    locale): unchanged when it can; else bars as ``#``, ``…`` as ``...``, and any other
    character it lacks as a backslash escape, never an encoding error."""
    if not encoding:
        return text
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        pass
    except LookupError:
        return text
    missing = {}
    for code, plain in ASCII_FALLBACK.items():
        try:
            chr(code).encode(encoding)
        except UnicodeEncodeError:
            missing[code] = plain
    return text.translate(missing).encode(encoding, errors="backslashreplace").decode(encoding)
