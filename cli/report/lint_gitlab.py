"""``lint --format gitlab``: a GitLab Code Quality report (a JSON array of issues)."""

from __future__ import annotations

import json

from toolsearch.findings import Diagnostic, Severity
from toolsearch.fingerprint import fingerprints

SEVERITIES = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}


def render(diagnostics: list[Diagnostic]) -> str:
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
