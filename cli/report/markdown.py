"""Markdown helpers shared by markdown reporters."""

from __future__ import annotations

from toolsearch.sanitize import one_line


def cell(text: str, limit: int = 200) -> str:
    """Untrusted text made safe for a markdown table cell."""
    flat = one_line(text, limit)
    for char in "\\|`*_[]<>#":
        flat = flat.replace(char, "\\" + char)
    return flat
