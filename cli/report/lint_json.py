"""``lint --format json``: the documented, versioned diagnostics document."""

from __future__ import annotations

from typing import Any

from toolsearch.lint.findings import Diagnostic, summary
from toolsearch.lint.fixable import fix_class, is_fixable
from toolsearch.lint.lint_run import LintReport
from toolsearch.report.jsonout import dumps
from toolsearch.report.render_settings import RenderSettings


def diagnostic_dict(d: Diagnostic) -> dict[str, Any]:
    return {
        "rule": d.rule,
        "level": d.level.label,
        "message": d.message,
        "file": d.file,
        "pointer": d.location.pointer,
        "line": d.location.line,
        "column": d.location.column,
        "tool": d.tool,
        "source": d.source,
        "scope": d.scope,
        "fixable": is_fixable(d.rule),
        "fix": fix_class(d.rule),
    }


def render(report: LintReport, settings: RenderSettings) -> str:
    diagnostics, notes, files, tools = report.diagnostics, report.notes, report.files, report.tools
    baseline = report.baseline
    """The document; with a baseline, ``diagnostics`` are the new findings only."""
    document: dict[str, Any] = {
        "schema_version": 1,
        "diagnostics": [diagnostic_dict(d) for d in diagnostics],
        "summary": summary(diagnostics),
        "files": files,
        "tools": tools.entries,
        "notes": notes,
    }
    if baseline is not None:
        document["baseline"] = baseline
    return dumps(document)
