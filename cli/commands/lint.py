"""``toolsearch lint``: run the rules, compare with a baseline, and report."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolsearch.analysis import Analysis
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.findings import Diagnostic, Severity, exit_code
from toolsearch.inputs import Inputs
from toolsearch.linter import run
from toolsearch.rule_settings import enabled, settings


@dataclass(frozen=True)
class LintOptions:
    """What the user asked of ``lint``."""

    fmt: str = "text"
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    fail_on: str = "error"
    model: str | None = None
    color: bool = False
    width: int | None = None
    baseline: Path | None = None
    update_baseline: bool = False
    step_summary: Path | None = None
    root: Path | None = None


LINT_FORMATS = ("text", "json", "sarif", "github", "markdown", "gitlab")
# Formats read by a CI service, whose paths must be relative to the checkout.
CI_FORMATS = ("sarif", "github", "gitlab")


@dataclass(frozen=True)
class LintReport:
    """What a reporter gets: the findings to show and the facts around them."""

    diagnostics: list[Diagnostic]
    notes: list[str]
    files: list[str]
    tools: int
    baseline: dict[str, Any] | None = None


def lint_diagnostics(inputs: Inputs, config: Config, options: LintOptions) -> list[Diagnostic]:
    """Diagnostics for a run, after config levels, selections and ignores."""
    chosen = settings(config, options.select, options.ignore)
    documents = {d.display: d for d in inputs.documents}
    analysis = Analysis(inputs.catalog, config, options.model, documents)
    return run(analysis, enabled(chosen))


def linted_sources(inputs: Inputs) -> set[str]:
    """Every source and scope name of the run: the baseline entries it can speak for."""
    return {name for s in inputs.catalog.scopes for name in (s.name, *s.sources)}


def run_lint(inputs: Inputs, config: Config, options: LintOptions) -> tuple[str, int]:
    """Lint and format; returns the report and the exit code."""
    fail_on = Severity.parse(options.fail_on)
    diagnostics = lint_diagnostics(inputs, config, options)
    if options.update_baseline:
        return _update(inputs, diagnostics, options), 0
    notes = list(inputs.notes)
    baseline: dict[str, Any] | None = None
    if options.baseline is not None:
        diagnostics, baseline = _against_baseline(inputs, diagnostics, options.baseline, notes)
    if options.fmt in CI_FORMATS:
        from toolsearch.ci import rebase

        diagnostics = rebase(diagnostics, inputs.documents, options.root)
    report = LintReport(
        diagnostics,
        notes,
        sorted({d.display for d in inputs.documents}),
        sum(len(s.tools) + len(s.server_tools) + len(s.malformed) for s in inputs.catalog.scopes),
        baseline,
    )
    if options.step_summary is not None:
        from toolsearch.ci import append_step_summary
        from toolsearch.report import lint_markdown

        markdown = lint_markdown.render(report.diagnostics, notes, report.files, report.tools)
        problem = append_step_summary(options.step_summary, markdown)
        if problem:
            notes.append(problem)
    return render(report, options), exit_code(report.diagnostics, fail_on)


def render(report: LintReport, options: LintOptions) -> str:
    """The report in the chosen format."""
    d, notes, files, tools = report.diagnostics, report.notes, report.files, report.tools
    if options.fmt == "json":
        from toolsearch.report import lint_json

        return lint_json.render(d, notes, files, tools, report.baseline)
    if options.fmt == "sarif":
        from toolsearch.report import lint_sarif
        from toolsearch.rule_settings import all_rules

        return lint_sarif.render(d, all_rules(), notes, report.baseline is not None)
    if options.fmt == "github":
        from toolsearch.report import lint_github

        return lint_github.render(d, notes, files, tools)
    if options.fmt == "markdown":
        from toolsearch.report import lint_markdown

        return lint_markdown.render(d, notes, files, tools)
    if options.fmt == "gitlab":
        from toolsearch.report import lint_gitlab

        return lint_gitlab.render(d)
    from toolsearch.report import lint_text

    return lint_text.render(d, notes, files, tools, options.color, options.width)


def _against_baseline(
    inputs: Inputs, diagnostics: list[Diagnostic], path: Path, notes: list[str]
) -> tuple[list[Diagnostic], dict[str, Any]]:
    """The new findings; notes about known and stale entries; the JSON ``baseline`` member."""
    from toolsearch.baseline import compare, read_baseline

    result = compare(diagnostics, read_baseline(path), linted_sources(inputs))
    if result.known:
        notes.append(f"baseline {path}: {result.known} known findings not shown")
    for entry in result.stale:
        notes.append(f"baseline {path}: stale entry, no longer found: {entry.describe()}")
    if result.stale:
        count = sum(e.count for e in result.stale)
        entries = "1 stale entry" if count == 1 else f"{count} stale entries"
        notes.append(f"baseline {path}: drop the {entries} with --update-baseline")
    member = {
        "file": str(path),
        "known": result.known,
        "new": len(result.new),
        "stale": [e.as_dict() for e in result.stale],
    }
    return list(result.new), member


def _update(inputs: Inputs, diagnostics: list[Diagnostic], options: LintOptions) -> str:
    from toolsearch.baseline import update_baseline

    if options.baseline is None:
        raise UsageError("--update-baseline needs --baseline FILE: the file to write")
    done = update_baseline(options.baseline, diagnostics, linted_sources(inputs))
    kept = f"; kept {done.kept} of sources not linted in this run" if done.kept else ""
    return (
        f"wrote baseline {options.baseline}: {done.findings} findings "
        f"({done.added} added, {done.removed} removed){kept}"
    )
