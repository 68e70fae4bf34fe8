"""``toolsearch budget``: cost every tool, gate on limits, compare with a baseline."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from toolsearch import ci
from toolsearch.catalog.inputs import Inputs
from toolsearch.commands.catalog_args import CatalogArgs, Prepared, checked_tool_search, choose
from toolsearch.config import Config
from toolsearch.cost.budget_run import BudgetOptions, budget_report
from toolsearch.output_policy import report_color, report_width
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


BUDGET_FORMATS: dict[str, Reporter] = {
    "text": reporter("budget_text"),
    "json": reporter("budget_json"),
    "markdown": reporter("budget_markdown"),
    "github": reporter("budget_github"),
}


def execute(inputs: Inputs, config: Config, options: BudgetOptions) -> tuple[str, int]:
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


def prepare(
    *,
    sources: list[str] | None,
    config: Path | None,
    max_values: int | None = None,
    target: str | None,
    claude_code_version: str | None = None,
    model: str | None,
    claude_code_tool_search: str | None,
    platform: str | None,
    api_version: str | None,
    output_format: str | None,
    context_window: int | None,
    show_all: bool,
    per_scope: bool,
    max_upfront: int | None,
    baseline: Path | None,
    max_increase: int | None,
    exact: bool,
    exact_per_tool: bool,
    breakdown: bool,
    skip_non_catalogs: bool,
    output_file: Path | None,
    recursive: bool,
    live: LiveOptions | None,
) -> Prepared[BudgetOptions]:
    """The options of ``toolsearch budget``, checked, and the sources it reads."""
    fmt = choose(output_format, BUDGET_FORMATS, "--format")
    fmt = fmt or ci.default_format(os.environ) or "text"
    checked_tool_search(claude_code_tool_search)
    options = BudgetOptions(
        model=model,
        context_window=context_window,
        claude_code_tool_search=claude_code_tool_search,
        fmt=fmt,
        show_all=show_all,
        per_scope=per_scope,
        max_upfront=max_upfront,
        baseline=baseline,
        max_increase=max_increase,
        exact=exact or exact_per_tool,
        exact_per_tool=exact_per_tool,
        breakdown=breakdown,
        color=report_color(output_file),
        width=report_width(output_file),
        step_summary=ci.step_summary_path(os.environ),
        root=ci.repo_root(os.environ),
    )
    return Prepared(
        options,
        CatalogArgs(
            sources,
            config,
            target,
            skip_non_catalogs,
            live,
            recursive,
            platform,
            api_version,
            claude_code_version,
            max_values=max_values,
        ),
    )
