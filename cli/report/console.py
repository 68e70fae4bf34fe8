"""Render rich renderables to a string, with or without colour."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from rich.console import Console


def render(renderables: Iterable[Any], color: bool, width: int | None = None) -> str:
    """Rich output as text; ANSI colour only when ``color``."""
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
    for item in renderables:
        console.print(item)
    text = buffer.getvalue()
    if color:
        return text
    return "".join(line.rstrip() + "\n" for line in text.splitlines())
