"""``lint --show-settings`` as text: ``key  value  (origin)`` rows, then one row per rule."""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.lint.show_settings import Setting, SettingsReport
from toolsearch.sanitize import one_line


def render(report: SettingsReport) -> str:
    lines = [
        f"config file: {one_line(report.config_file) if report.config_file else '(none found)'}"
    ]
    lines += _rows(report.settings, "")
    lines.append("rules:")
    lines += _rows(report.rules, "  ")
    return "".join(line.rstrip() + "\n" for line in lines)


def _rows(rows: Sequence[Setting], indent: str) -> list[str]:
    key_width = max(len(r.key) for r in rows) + 2
    value_width = min(48, max(len(one_line(r.value)) for r in rows)) + 2
    return [
        f"{indent}{r.key:<{key_width}}{one_line(r.value):<{value_width}}({one_line(r.origin)})"
        for r in rows
    ]
