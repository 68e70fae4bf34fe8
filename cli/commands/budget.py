"""``toolsearch budget``: cost every tool, gate on limits, compare with a baseline."""

from __future__ import annotations

from toolsearch.catalog.inputs import Inputs
from toolsearch.config import Config
from toolsearch.cost.budget_run import BudgetOptions, budget_report
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter

BUDGET_FORMATS: dict[str, Reporter] = {
    "text": reporter("budget_text"),
    "json": reporter("budget_json"),
    "markdown": reporter("budget_markdown"),
    "github": reporter("budget_github"),
}


def run_budget(inputs: Inputs, config: Config, options: BudgetOptions) -> tuple[str, int]:
    """Compute, gate and format; returns the report and the exit code."""
    report = budget_report(inputs, config, options)
    if options.step_summary is not None:
        from toolsearch.ci import append_step_summary

        summary = BUDGET_FORMATS["markdown"](report, RenderSettings())
        problem = append_step_summary(options.step_summary, summary)
        if problem:
            report.notes.append(problem)
    settings = RenderSettings(
        options.color, options.width, options.show_all, per_scope=options.per_scope
    )
    return BUDGET_FORMATS[options.fmt](report, settings), 1 if report.failures else 0
