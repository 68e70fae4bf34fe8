"""JavaScript's ``localeCompare`` order (ICU's root collation) for tool names.

Claude Code 2.1.332 holds its MCP tools sorted this way, so ToolSearch's ties come out in it:
punctuation before digits before letters, letters compared without case first, and between
names equal but for case, lower case first: ``_under 9lives a-b alpha Alpha Bravo get_item
get_Item get-item get2 getitem zeta``. Characters outside ASCII follow the letters by code point
(an approximation: sent names hold only ``[A-Za-z0-9_-]``).
"""

from __future__ import annotations

# ICU's root order of the printable ASCII characters that are not letters (checked with Node)
_ORDER = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz"
_PRIMARY = {c: i for i, c in enumerate(_ORDER)}


# the same weights and cases for ASCII, as ``bytes.translate`` tables (every weight is below 256)
_PRIMARY_BYTES = bytes(_PRIMARY.get(chr(b), len(_ORDER) + b) for b in range(128)) + bytes(128)
_CASE_BYTES = bytes(1 if chr(b).isupper() else 0 for b in range(256))


def locale_key(name: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A sort key: the characters' primary weights, then their case (lower first)."""
    if name.isascii():  # a sent name: weighed by the tables, not a Python step per character
        data = name.encode("ascii")
        return tuple(data.lower().translate(_PRIMARY_BYTES)), tuple(data.translate(_CASE_BYTES))
    primary = tuple(_PRIMARY.get(c.lower(), len(_ORDER) + ord(c)) for c in name)
    case = tuple(1 if c.isupper() else 0 for c in name)
    return primary, case
