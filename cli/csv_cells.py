"""CSV cells a spreadsheet cannot run: the OWASP defence against CSV (formula) injection.

A cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a formula
to Excel, LibreOffice and Google Sheets. Such a cell is written with a leading ``'`` (shown
as text, never run), and read back without it; a cell that begins with ``'`` itself gets one
more, so that reading back is never ambiguous.
"""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(cell: str) -> str:
    """``cell`` as written to a CSV file: a leading ``'`` when a spreadsheet would run it."""
    return "'" + cell if cell.startswith((*FORMULA_STARTS, "'")) else cell


def restored(cell: str) -> str:
    """A cell as ``neutralised`` wrote it, read back: the leading ``'`` removed again."""
    return cell[1:] if cell.startswith("'") else cell
