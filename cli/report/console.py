"""Render rich renderables (and ``Line``s) to a string, with or without colour.

Plain output of plain lines never imports rich (its text, control and console modules take
15-20 ms to import): ``lint`` piped to a file or another program prints without it.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

# What rich strips from text it prints (rich.control.STRIP_CONTROL_CODES: bell, backspace,
# vertical tab, form feed, carriage return); tests/test_lint_start.py checks they agree.
_STRIP_CONTROL = dict.fromkeys([7, 8, 11, 12, 13])


class Line:
    """A line of text in styled pieces, built without rich. Printed plain as it is; for colour
    or a width, rich gets the ``Text`` the same calls make (``as_rich``)."""

    def __init__(self, text: str = "", style: str = "") -> None:
        self._text, self._style = text, style
        self._appended: list[tuple[str, str | None]] = []

    def append(self, text: str, style: str | None = None) -> Line:
        self._appended.append((text, style))
        return self

    @property
    def plain(self) -> str:
        return self._text + "".join(text for text, _ in self._appended)

    def as_rich(self) -> Any:
        """rich's ``Text`` of this line."""
        from rich.text import Text

        line = Text(self._text, style=self._style)
        for text, style in self._appended:
            line.append(text, style=style)
        return line


def strip_control_codes(text: str) -> str:
    """The text without the control codes rich strips when it prints."""
    return text.translate(_STRIP_CONTROL)


def render(renderables: Iterable[Any], color: bool, width: int | None = None) -> str:
    """Rich output as text; ANSI colour only when ``color``."""
    items = list(renderables)
    if not color and width is None and all(_is_plain_line(item) for item in items):
        # What rich prints for plain, unwrapped Text lines, without its per-line layout work
        # (80,000 lint findings: 14 s through rich).
        lines = (line for item in items for line in strip_control_codes(item.plain).split("\n"))
        return "".join(line.rstrip() + "\n" for line in lines)
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(
        file=buffer,
        force_terminal=color,
        no_color=not color,
        color_system="standard" if color else None,
        width=width or 10_000,
        highlight=False,
        emoji=False,
        markup=False,
        legacy_windows=False,
    )
    for item in items:
        console.print(item.as_rich() if isinstance(item, Line) else item)
    text = buffer.getvalue()
    if color:
        return text
    return "".join(line.rstrip() + "\n" for line in text.splitlines())


def _is_plain_line(item: Any) -> bool:
    """Text that rich would print as is at any width toolsearch uses: no tabs, no long lines."""
    if isinstance(item, Line):
        return _plain_text(item.plain)
    from rich.text import Text

    return (
        isinstance(item, Text)
        and _plain_text(item.plain)
        and item.justify in (None, "default", "left")
    )


def _plain_text(text: str) -> bool:
    return "\t" not in text and all(len(line) < 10_000 for line in text.split("\n"))
