"""``lint --statistics``: how many findings each rule has, its level, and whether ``--fix``
fixes it; then the summary line."""

from __future__ import annotations

from collections import Counter

from toolsearch.lint.fixable import is_fixable
from toolsearch.lint.lint_run import LintReport
from toolsearch.report.lint_summary import summary_line
from toolsearch.report.render_settings import RenderSettings

FIXABLE_MARK = "[*]"
UNSAFE_MARK = "[**]"


def _mark(rule: str) -> str:
    if is_fixable(rule):
        return FIXABLE_MARK
    return UNSAFE_MARK if is_fixable(rule, unsafe=True) else ""


def render(report: LintReport, settings: RenderSettings) -> str:
    counts = Counter(d.rule for d in report.diagnostics)
    levels = {d.rule: d.level for d in report.diagnostics}
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    lines = []
    if rows:
        count_width = max(5, *(len(f"{n:,}") for _, n in rows))
        rule_width = max(4, *(len(rule) for rule, _ in rows))
        lines.append(f"{'count':>{count_width}}  {'rule':<{rule_width}}  level    fix")
        for rule, n in rows:
            mark = _mark(rule)
            row = f"{n:>{count_width},}  {rule:<{rule_width}}  {levels[rule].label:<7}  {mark}"
            lines.append(row.rstrip())
    if not settings.quiet:
        if any(is_fixable(rule) for rule, _ in rows):
            lines.append(f"{FIXABLE_MARK} fixable with toolsearch lint --fix (see --diff)")
        if any(_mark(rule) == UNSAFE_MARK for rule, _ in rows):
            lines.append(
                f"{UNSAFE_MARK} fixable with toolsearch lint --fix --unsafe-fixes: the same "
                "instances accepted, text the model reads dropped"
            )
        lines.append(summary_line(report.diagnostics, report.files, report.tools))
    return "".join(line + "\n" for line in lines)
