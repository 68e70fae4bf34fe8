"""The lint run: the enabled rules over an ``Analysis``, compared with a baseline, into a
``LintReport``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolsearch.analysis import Analysis
from toolsearch.catalog.counts import ToolCount, count_of, run_count
from toolsearch.catalog.inputs import Inputs
from toolsearch.config import Config
from toolsearch.errors import UsageError

if TYPE_CHECKING:
    from toolsearch.lint.fixes import FixOutcome, RankTools
from toolsearch.lint.findings import Diagnostic, Severity
from toolsearch.lint.linter import run
from toolsearch.lint.rule_contract import Rule, RuleOptions
from toolsearch.lint.rule_settings import enabled, settings


@dataclass(frozen=True)
class LintOptions:
    """What the user asked of ``lint``."""

    fmt: str = "text"
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    fail_on: str = "error"
    model: str | None = None
    claude_code_tool_search: str | None = None
    color: bool = False
    width: int | None = None
    baseline: Path | None = None
    update_baseline: bool = False
    step_summary: Path | None = None
    root: Path | None = None
    quiet: bool = False  # text and concise: the findings only
    exit_zero: bool = False  # exit 0 on findings (2 still means an error)
    statistics: bool = False  # a count per rule instead of the findings
    fix: bool = False  # apply the certain fixes, then report what is left
    diff: bool = False  # show the fixes as a unified diff; write nothing
    unsafe_fixes: bool = False  # --fix/--diff also drop text the model reads (same instances)


# Formats --statistics can stand in for: the ones for people.
STATISTICS_FORMATS = ("text", "concise")

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


def selected_rules(
    config: Config, options: LintOptions
) -> list[tuple[Rule, Severity, RuleOptions]]:
    """The rules a run uses, with their levels and options."""
    return enabled(settings(config, options.select, options.ignore, options.extend_select))


def lint_diagnostics(inputs: Inputs, config: Config, options: LintOptions) -> list[Diagnostic]:
    """Diagnostics for a run, after config levels, selections and ignores."""
    documents = {d.display: d for d in inputs.documents}
    analysis = Analysis(
        inputs.catalog,
        config,
        options.model,
        documents,
        tool_search=options.claude_code_tool_search,
    )
    return run(analysis, selected_rules(config, options))


def linted_sources(inputs: Inputs) -> set[str]:
    """Every source and scope name of the run: the baseline entries it can speak for."""
    return {name for s in inputs.catalog.scopes for name in (s.name, *s.sources)}


def lint_report(inputs: Inputs, config: Config, options: LintOptions) -> LintReport:
    """Lint, and keep only what a baseline does not know (nothing is written)."""
    diagnostics = lint_diagnostics(inputs, config, options)
    notes = list(inputs.notes)
    baseline: dict[str, Any] | None = None
    if options.baseline is not None:
        diagnostics, baseline = _against_baseline(
            inputs, diagnostics, options.baseline, notes, config
        )
    if options.fmt in CI_FORMATS:
        from toolsearch.ci import rebase

        diagnostics = rebase(diagnostics, inputs.documents, options.root)
    return LintReport(
        diagnostics,
        notes,
        list(inputs.catalog.catalog_files),
        run_count(inputs.catalog.scopes),
        baseline,
    )


def _against_baseline(
    inputs: Inputs, diagnostics: list[Diagnostic], path: Path, notes: list[str], config: Config
) -> tuple[list[Diagnostic], dict[str, Any]]:
    """The new findings; notes about known and stale entries; the JSON ``baseline`` member."""
    from toolsearch.lint.baseline import compare, read_baseline

    saved = read_baseline(path, config.max_file_size, config.max_values)
    result = compare(diagnostics, saved, linted_sources(inputs))
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
    inputs: Inputs, diagnostics: list[Diagnostic], options: LintOptions, config: Config
) -> str:
    """Write the findings to the --baseline file; what was written, in words."""
    from toolsearch.lint.baseline import update_baseline

    if options.baseline is None:
        raise UsageError("--update-baseline needs --baseline FILE: the file to write")
    done = update_baseline(
        options.baseline,
        diagnostics,
        linted_sources(inputs),
        config.max_file_size,
        config.max_values,
    )
    kept = f"; kept {done.kept} of sources not linted in this run" if done.kept else ""
    return (
        f"wrote baseline {options.baseline}: {count_of(done.findings, 'finding')} "
        f"({done.added} added, {done.removed} removed){kept}"
    )


def fix_files(inputs: Inputs, config: Config, options: LintOptions, rank: RankTools) -> FixOutcome:
    """``--fix``/``--diff``: fix the selected rules' findings that can be fixed, never adding a
    finding of any rule the config leaves on (``rank``: recommend's order of a scope's tools)."""
    from toolsearch.lint.fixes import fix

    guard = enabled(settings(config, ("ALL",)))
    selected = selected_rules(config, options)
    return fix(
        inputs,
        config,
        selected,
        guard,
        options.model,
        not options.diff,
        rank,
        unsafe=options.unsafe_fixes,
    )


def fixed_notes(outcome: FixOutcome) -> list[str]:
    """What ``--fix`` did, in words: per file, then the fixes left out."""
    notes = []
    for change in outcome.changes:
        notes.append(f"fixed {change.file}: {'; '.join(change.summary)}")
    total = sum(outcome.fixed.values())
    if total:
        rules = ", ".join(
            f"{rule} x{n}" if n > 1 else rule for rule, n in sorted(outcome.fixed.items())
        )
        finding = "finding" if total == 1 else "findings"
        notes.append(f"fixed {total} {finding} ({rules})")
    notes.extend(outcome.notes)
    return notes
