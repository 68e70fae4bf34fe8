"""``toolsearch lint``: run the rules, compare with a baseline, and report."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from toolsearch import ci
from toolsearch.catalog.inputs import Inputs
from toolsearch.commands.catalog_args import (
    CatalogArgs,
    Finished,
    Prepared,
    checked_tool_search,
    choose,
    load_checked_config,
    with_platform,
)
from toolsearch.config import Config
from toolsearch.errors import ExitCode, UsageError
from toolsearch.hosts import TARGETS
from toolsearch.hosts.platforms import PlatformFlags
from toolsearch.lint.findings import Severity, exit_code
from toolsearch.lint.lint_run import (
    STATISTICS_FORMATS,
    LintOptions,
    fix_files,
    fixed_notes,
    lint_diagnostics,
    lint_report,
    update_baseline_file,
)
from toolsearch.output_policy import report_color, report_width
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter
from toolsearch.sanitize import clean, one_line

if TYPE_CHECKING:
    from toolsearch.lint.fixes import FixOutcome
    from toolsearch.servers.live import LiveOptions

LINT_FORMATS: dict[str, Reporter] = {
    "text": reporter("lint_text"),
    "concise": reporter("lint_concise"),
    "json": reporter("lint_json"),
    "sarif": reporter("lint_sarif"),
    "github": reporter("lint_github"),
    "markdown": reporter("lint_markdown"),
    "gitlab": reporter("lint_gitlab"),
}


def execute(inputs: Inputs, config: Config, options: LintOptions) -> tuple[str, int]:
    """Lint and format; returns the report and the exit code."""
    fail_on = Severity.parse(options.fail_on)
    if options.update_baseline:
        diagnostics = lint_diagnostics(inputs, config, options)
        return update_baseline_file(inputs, diagnostics, options, config), 0
    fixed: list[str] = []
    if options.fix or options.diff:
        from toolsearch.recommend.recommend import ranked_tools  # only --fix ranks tools

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
    select: list[str] | None,
    extend_select: list[str] | None,
    ignore: list[str] | None,
    fail_on: str,
    skip_non_catalogs: bool,
    output_file: Path | None,
    recursive: bool,
    baseline: Path | None,
    update_baseline: bool,
    statistics: bool,
    exit_zero: bool,
    quiet: bool,
    fix: bool,
    diff: bool,
    unsafe_fixes: bool,
    show_settings: bool,
    live: LiveOptions | None,
) -> Prepared[LintOptions] | Finished:
    """The options of ``toolsearch lint``, checked, and the sources it reads; with
    ``--show-settings``, the merged settings themselves (no source is read)."""
    fmt = choose(output_format, LINT_FORMATS, "--format")
    fmt = fmt or (None if statistics else ci.default_format(os.environ)) or "text"
    if (fix or diff) and update_baseline:
        raise UsageError("--fix and --diff do not go with --update-baseline: run them apart")
    if unsafe_fixes and not (fix or diff):
        raise UsageError("--unsafe-fixes goes with --fix or --diff")
    if statistics and fmt not in STATISTICS_FORMATS:
        raise UsageError(
            f"--statistics prints a table for people: use it with --format text or concise, "
            f"not {fmt} (--format markdown has a count per rule too)"
        )
    choose(fail_on, ("error", "warning", "info"), "--fail-on")
    checked_tool_search(claude_code_tool_search)
    options = LintOptions(
        fmt=fmt,
        select=tuple(select or ()),
        ignore=tuple(ignore or ()),
        extend_select=tuple(extend_select or ()),
        fail_on=fail_on,
        model=model,
        claude_code_tool_search=claude_code_tool_search,
        color=report_color(output_file),
        width=report_width(output_file),
        baseline=baseline,
        update_baseline=update_baseline,
        step_summary=ci.step_summary_path(os.environ),
        root=ci.repo_root(os.environ),
        quiet=quiet,
        exit_zero=exit_zero,
        statistics=statistics,
        fix=fix,
        diff=diff,
        unsafe_fixes=unsafe_fixes,
    )
    if show_settings:
        flags = PlatformFlags(platform, api_version)
        return _settings(
            options,
            config,
            target,
            output_format is not None,
            flags,
            claude_code_version,
            max_values,
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


def _settings(
    options: LintOptions,
    config: Path | None,
    target: str | None,
    fmt: bool,
    flags: PlatformFlags,
    claude_code_version: str | None = None,
    max_values: int | None = None,
) -> Finished:
    """``--show-settings``: the merged settings, each with where it came from."""
    from toolsearch.lint.show_settings import show_settings
    from toolsearch.report.lint_settings import render

    chosen = choose(target, TARGETS, "--target")
    loaded = load_checked_config(config, max_values)
    loaded = with_platform(loaded, flags.platform, flags.api_version)
    found = show_settings(
        loaded, options, chosen, fmt, os.environ, flags, claude_code_version, max_values
    )
    return Finished(render(found), ExitCode.OK)
