"""The lint run: the enabled rules over an ``Analysis``, compared with a baseline, into a
``LintReport``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolsearch.analysis import Analysis
from toolsearch.catalog.counts import ToolCount, count_of, run_count
from toolsearch.catalog.inputs import Inputs
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.lint.findings import Diagnostic
from toolsearch.lint.linter import run
from toolsearch.lint.rule_settings import enabled, settings


@dataclass(frozen=True)
class LintOptions:
    """What the user asked of ``lint``."""

    fmt: str = "text"
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    fail_on: str = "error"
    model: str | None = None
    claude_code_tool_search: str | None = None
    color: bool = False
    width: int | None = None
    baseline: Path | None = None
    update_baseline: bool = False
    step_summary: Path | None = None
    root: Path | None = None


# Formats read by a CI service, whose paths must be relative to the checkout.
CI_FORMATS = ("sarif", "github", "gitlab")


@dataclass(frozen=True)
class LintReport:
    """What a reporter gets: the findings to show and the facts around them."""

    diagnostics: list[Diagnostic]
    notes: list[str]
    files: list[str]
    tools: ToolCount
    baseline: dict[str, Any] | None = None


def lint_diagnostics(inputs: Inputs, config: Config, options: LintOptions) -> list[Diagnostic]:
    """Diagnostics for a run, after config levels, selections and ignores."""
    chosen = settings(config, options.select, options.ignore)
    documents = {d.display: d for d in inputs.documents}
    analysis = Analysis(
        inputs.catalog,
        config,
        options.model,
        documents,
        tool_search=options.claude_code_tool_search,
    )
    return run(analysis, enabled(chosen))


def linted_sources(inputs: Inputs) -> set[str]:
    """Every source and scope name of the run: the baseline entries it can speak for."""
    return {name for s in inputs.catalog.scopes for name in (s.name, *s.sources)}


def lint_report(inputs: Inputs, config: Config, options: LintOptions) -> LintReport:
    """Lint, and keep only what a baseline does not know (nothing is written)."""
    diagnostics = lint_diagnostics(inputs, config, options)
    notes = list(inputs.notes)
    baseline: dict[str, Any] | None = None
    if options.baseline is not None:
        diagnostics, baseline = _against_baseline(inputs, diagnostics, options.baseline, notes)
    if options.fmt in CI_FORMATS:
        from toolsearch.ci import rebase

        diagnostics = rebase(diagnostics, inputs.documents, options.root)
    return LintReport(
        diagnostics,
        notes,
        sorted({d.display for d in inputs.documents}),
        run_count(inputs.catalog.scopes),
        baseline,
    )


def _against_baseline(
    inputs: Inputs, diagnostics: list[Diagnostic], path: Path, notes: list[str]
) -> tuple[list[Diagnostic], dict[str, Any]]:
    """The new findings; notes about known and stale entries; the JSON ``baseline`` member."""
    from toolsearch.lint.baseline import compare, read_baseline

    result = compare(diagnostics, read_baseline(path), linted_sources(inputs))
    if result.known:
        known = count_of(result.known, "known finding")
        notes.append(f"baseline {path}: {known} not shown")
    for entry in result.stale:
        notes.append(f"baseline {path}: stale entry, no longer found: {entry.describe()}")
    if result.stale:
        count = sum(e.count for e in result.stale)
        entries = count_of(count, "stale entry", "stale entries")
        notes.append(f"baseline {path}: drop the {entries} with --update-baseline")
    member = {
        "file": str(path),
        "known": result.known,
        "new": len(result.new),
        "stale": [e.as_dict() for e in result.stale],
    }
    return list(result.new), member


def update_baseline_file(
    inputs: Inputs, diagnostics: list[Diagnostic], options: LintOptions
) -> str:
    """Write the findings to the --baseline file; what was written, in words."""
    from toolsearch.lint.baseline import update_baseline

    if options.baseline is None:
        raise UsageError("--update-baseline needs --baseline FILE: the file to write")
    done = update_baseline(options.baseline, diagnostics, linted_sources(inputs))
    kept = f"; kept {done.kept} of sources not linted in this run" if done.kept else ""
    return (
        f"wrote baseline {options.baseline}: {count_of(done.findings, 'finding')} "
        f"({done.added} added, {done.removed} removed){kept}"
    )
