"""``toolsearch lint``: run the rules and report."""

from __future__ import annotations

from dataclasses import dataclass

from toolsearch.config import Config
from toolsearch.inputs import Inputs
from toolsearch.linter import Diagnostic, Severity, exit_code, run, settings


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


LINT_FORMATS = ("text", "json")


def lint_diagnostics(inputs: Inputs, config: Config, options: LintOptions) -> list[Diagnostic]:
    """Diagnostics for a run, after config levels, selections and ignores."""
    chosen = settings(config, options.select, options.ignore)
    documents = {d.display: d for d in inputs.documents}
    return run(inputs.catalog, config, chosen, documents, options.model)


def run_lint(inputs: Inputs, config: Config, options: LintOptions) -> tuple[str, int]:
    """Lint and format; returns the report and the exit code."""
    fail_on = Severity.parse(options.fail_on)
    diagnostics = lint_diagnostics(inputs, config, options)
    files = sorted({d.display for d in inputs.documents})
    tools = sum(
        len(s.tools) + len(s.server_tools) + len(s.malformed) for s in inputs.catalog.scopes
    )
    notes = list(inputs.notes)
    if options.fmt == "json":
        from toolsearch.report import lint_json

        text = lint_json.render(diagnostics, notes, files, tools)
    else:
        from toolsearch.report import lint_text

        text = lint_text.render(diagnostics, notes, files, tools, options.color, options.width)
    return text, exit_code(diagnostics, fail_on)
