"""``budget --format github``: the text report for the log, and an error annotation per failure.

A failed limit is annotated on the scope's ``tools`` array (its file and line), so the pull
request shows it where the cost is declared.
"""

from __future__ import annotations

from dataclasses import replace

from toolsearch.cost.budget_run import BudgetReport
from toolsearch.lint.findings import Severity
from toolsearch.report import budget_text
from toolsearch.report.render_settings import RenderSettings
from toolsearch.report.workflow import annotation

TITLE = "toolsearch budget"


def render(report: BudgetReport, settings: RenderSettings) -> str:
    plain = RenderSettings(color=False, width=settings.width, show_all=settings.show_all)
    text = budget_text.render(replace(report, failures=[]), plain)
    lines = [annotation(Severity.ERROR, text, where, TITLE) for where, text in report.located]
    return text + "".join(line + "\n" for line in lines)
