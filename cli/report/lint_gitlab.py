"""``lint --format gitlab``: a GitLab Code Quality report (a JSON array of issues)."""

from __future__ import annotations

import json

from toolsearch.lint.findings import Severity
from toolsearch.lint.fingerprint import fingerprints
from toolsearch.lint.lint_run import LintReport
from toolsearch.report.render_settings import RenderSettings

SEVERITIES = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}


def render(report: LintReport, settings: RenderSettings) -> str:
    diagnostics = report.diagnostics
    issues = [
        {
            "description": d.message,
            "check_name": d.rule,
            "fingerprint": fingerprint,
            "severity": SEVERITIES[d.level],
            "location": {"path": d.file, "lines": {"begin": d.location.line or 1}},
        }
        for d, fingerprint in zip(diagnostics, fingerprints(diagnostics), strict=True)
    ]
    return json.dumps(issues, indent=2)
