"""``toolsearch lint``: run the rules, compare with a baseline, and report."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolsearch.catalog.inputs import Inputs
from toolsearch.config import Config
from toolsearch.lint.findings import Severity, exit_code
from toolsearch.lint.lint_run import (
    LintOptions,
    fix_files,
    fixed_notes,
    lint_diagnostics,
    lint_report,
    update_baseline_file,
)
from toolsearch.recommend.recommend import ranked_tools
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter
from toolsearch.sanitize import clean, one_line

if TYPE_CHECKING:
    from toolsearch.lint.fixes import FixOutcome

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
    fixed: list[str] = []
    if options.fix or options.diff:
        outcome = fix_files(inputs, config, options, ranked_tools)
        if options.diff:
            return _diff_text(outcome, options.quiet), 1 if outcome.changes else 0
        inputs = outcome.inputs
        fixed = fixed_notes(outcome)
    report = lint_report(inputs, config, options)
    report.notes[:0] = fixed
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


def _diff_text(outcome: FixOutcome, quiet: bool) -> str:
    """The fixes as one unified diff, then (unless quiet) what they would fix."""
    text = "".join(clean(change.diff()) for change in outcome.changes)
    if quiet:
        return text
    notes = fixed_notes(outcome)
    if not outcome.changes:
        notes.append("nothing to fix")
    notes = [n.replace("fixed", "would fix", 1) if n.startswith("fixed") else n for n in notes]
    return text + "".join(f"# {one_line(n)}\n" for n in notes)
