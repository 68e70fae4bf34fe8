"""How a report is drawn, apart from what it says: every reporter takes (record, settings)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class RenderSettings:
    """Colour and width of the terminal, and how much of a long report to show."""

    color: bool = False
    width: int | None = None
    show_all: bool = False  # every row, not the top 40
    misses_shown: int = 20  # eval's misses in text
    quiet: bool = False  # lint: the findings only, no notes or summary line
    per_scope: bool = False  # budget: each scope's tools and totals, not the summary


Reporter = Callable[[Any, RenderSettings], str]


def reporter(module: str, function: str = "render") -> Reporter:
    """``toolsearch.report.<module>.<function>``, imported on first use: a run pays only for
    the format it prints (rich alone takes about 50 ms to import)."""

    def render(report: Any, settings: RenderSettings) -> str:
        found: Reporter = getattr(import_module(f"toolsearch.report.{module}"), function)
        return found(report, settings)

    return render
