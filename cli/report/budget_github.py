"""``budget --format github``: the text report for the log, and an error annotation per failure.

A failed limit is annotated on the scope's ``tools`` array (its file and line), so the pull
request shows it where the cost is declared.
"""

from __future__ import annotations

from toolsearch.budget import Budget
from toolsearch.budget_diff import BudgetDiff
from toolsearch.findings import Severity
from toolsearch.model import Location
from toolsearch.report import budget_text
from toolsearch.report.workflow import annotation

TITLE = "toolsearch budget"


def render(
    budget: Budget,
    diff: BudgetDiff | None,
    notes: list[str],
    failures: list[tuple[Location | None, str]],
    width: int | None,
    show_all: bool,
) -> str:
    text = budget_text.render(budget, diff, notes, [], False, width, show_all)
    lines = [annotation(Severity.ERROR, message, where, TITLE) for where, message in failures]
    return text + "".join(line + "\n" for line in lines)
