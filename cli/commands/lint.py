"""``toolsearch lint``: run the rules, compare with a baseline, and report."""

from __future__ import annotations

from toolsearch.catalog.inputs import Inputs
from toolsearch.config import Config
from toolsearch.lint.findings import Severity, exit_code
from toolsearch.lint.lint_run import (
    LintOptions,
    lint_diagnostics,
    lint_report,
    update_baseline_file,
)
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter

LINT_FORMATS: dict[str, Reporter] = {
    "text": reporter("lint_text"),
    "concise": reporter("lint_concise"),
    "json": reporter("lint_json"),
    "sarif": reporter("lint_sarif"),
    "github": reporter("lint_github"),
    "markdown": reporter("lint_markdown"),
    "gitlab": reporter("lint_gitlab"),
}


def run_lint(inputs: Inputs, config: Config, options: LintOptions) -> tuple[str, int]:
    """Lint and format; returns the report and the exit code."""
    fail_on = Severity.parse(options.fail_on)
    if options.update_baseline:
        diagnostics = lint_diagnostics(inputs, config, options)
        return update_baseline_file(inputs, diagnostics, options), 0
    report = lint_report(inputs, config, options)
    if options.step_summary is not None:
        from toolsearch.ci import append_step_summary

        markdown = LINT_FORMATS["markdown"](report, RenderSettings())
        problem = append_step_summary(options.step_summary, markdown)
        if problem:
            report.notes.append(problem)
    settings = RenderSettings(options.color, options.width, quiet=options.quiet)
    render = reporter("lint_statistics") if options.statistics else LINT_FORMATS[options.fmt]
    code = 0 if options.exit_zero else exit_code(report.diagnostics, fail_on)
    return render(report, settings), code
