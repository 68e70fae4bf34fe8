"""The one-line lint summary every lint reporter for people ends with."""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.catalog.counts import ToolCount, count_of
from toolsearch.lint.findings import Diagnostic, summary


def plural(count: int, word: str) -> str:
    return count_of(count, word)


def checked(files: Sequence[str], tools: ToolCount) -> str:
    """``N tools + tool search in M files``."""
    return f"{tools.describe()} in {plural(len(files), 'file')}"


def counts_line(diagnostics: Sequence[Diagnostic]) -> str:
    """``N errors, N warnings, N info``."""
    counts = summary(diagnostics)
    return (
        f"{plural(counts['error'], 'error')}, {plural(counts['warning'], 'warning')}, "
        f"{counts['info']:,} info"
    )


def summary_line(diagnostics: Sequence[Diagnostic], files: Sequence[str], tools: ToolCount) -> str:
    """The closing line: the counts, or that nothing was found."""
    if diagnostics:
        return f"{counts_line(diagnostics)} in {checked(files, tools)}"
    return f"No problems found in {checked(files, tools)}."
