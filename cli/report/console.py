"""Render rich renderables to a string, with or without colour."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from rich.control import strip_control_codes
from rich.text import Text


def render(renderables: Iterable[Any], color: bool, width: int | None = None) -> str:
    """Rich output as text; ANSI colour only when ``color``."""
    items = list(renderables)
    if not color and width is None and all(_is_plain_line(item) for item in items):
        # What rich prints for plain, unwrapped Text lines, without its per-line layout work
        # (80,000 lint findings: 14 s through rich).
        lines = (line for item in items for line in strip_control_codes(item.plain).split("\n"))
        return "".join(line.rstrip() + "\n" for line in lines)
    # rich's console takes about 10 ms to import: only what the fast path cannot print pays it
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
        console.print(item)
    text = buffer.getvalue()
    if color:
        return text
    return "".join(line.rstrip() + "\n" for line in text.splitlines())


def _is_plain_line(item: Any) -> bool:
    """Text that rich would print as is at any width toolsearch uses: no tabs, no long lines."""
    return (
        isinstance(item, Text)
        and "\t" not in item.plain
        and all(len(line) < 10_000 for line in item.plain.split("\n"))
        and item.justify in (None, "default", "left")
    )
