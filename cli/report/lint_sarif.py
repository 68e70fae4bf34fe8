"""``lint --format sarif``: SARIF 2.1.0 for code scanning (GitHub, Azure DevOps, IDEs)."""

from __future__ import annotations

import inspect
import json
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote

from toolsearch import __version__
from toolsearch.lint.findings import Diagnostic, Severity
from toolsearch.lint.fingerprint import fingerprints
from toolsearch.lint.lint_run import LintReport
from toolsearch.lint.rule_contract import Rule
from toolsearch.report.render_settings import RenderSettings
from toolsearch.report.workflow import STDIN

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
FINGERPRINT_KEY = "toolsearchIdentity/v3"


def _descriptor(rule: Rule) -> dict[str, Any]:
    doc = inspect.getdoc(rule) or rule.SUMMARY
    first = " ".join(doc.split("\n\n", 1)[0].split())
    return {
        "id": rule.ID,
        "name": "".join(part.capitalize() for part in rule.ID.split("-")),
        "shortDescription": {"text": rule.SUMMARY},
        "fullDescription": {"text": first},
        "help": {"text": doc, "markdown": doc},
        "defaultConfiguration": {"level": LEVELS[Severity.parse(rule.LEVEL)]},
    }


def _artifact(file: str) -> dict[str, Any]:
    path = PurePosixPath(file.replace("\\", "/"))
    if path.is_absolute():
        return {"uri": "file://" + quote(str(path))}
    return {"uri": quote(str(path)), "uriBaseId": "%SRCROOT%"}


def _locations(d: Diagnostic) -> list[dict[str, Any]]:
    location: dict[str, Any] = {}
    if d.file != STDIN:
        physical: dict[str, Any] = {"artifactLocation": _artifact(d.file)}
        if d.location.line is not None:
            region = {"startLine": d.location.line}
            if d.location.column is not None:
                region["startColumn"] = d.location.column
            physical["region"] = region
        location["physicalLocation"] = physical
    if d.tool is not None:
        location["logicalLocations"] = [
            {
                "name": d.tool,
                "fullyQualifiedName": f"{d.identity_source}/{d.tool}",
                "kind": "object",
            }
        ]
    return [location] if location else []


def _result(
    d: Diagnostic, fingerprint: str, index: dict[str, int], baseline: bool
) -> dict[str, Any]:
    result: dict[str, Any] = {"ruleId": d.rule}
    if d.rule in index:
        result["ruleIndex"] = index[d.rule]
    result["level"] = LEVELS[d.level]
    result["message"] = {"text": d.message}
    locations = _locations(d)
    if locations:
        result["locations"] = locations
    result["partialFingerprints"] = {FINGERPRINT_KEY: fingerprint}
    if baseline:
        result["baselineState"] = "new"
    result["properties"] = {
        "pointer": d.location.pointer,
        "scope": d.scope,
        "source": d.identity_source,
        "tool": d.tool,
    }
    return result


def render(report: LintReport, settings: RenderSettings) -> str:
    from toolsearch.lint.rule_settings import all_rules

    return sarif(report.diagnostics, all_rules(), report.notes, report.baseline is not None)


def sarif(
    diagnostics: list[Diagnostic],
    rules: Sequence[Rule],
    notes: Sequence[str],
    baseline: bool = False,
) -> str:
    """The SARIF log; with ``baseline`` the results are the new findings, marked ``new``."""
    index = {rule.ID: i for i, rule in enumerate(rules)}
    results = [
        _result(d, fp, index, baseline)
        for d, fp in zip(diagnostics, fingerprints(diagnostics), strict=True)
    ]
    invocation: dict[str, Any] = {"executionSuccessful": True}
    if notes:
        invocation["toolExecutionNotifications"] = [
            {"level": "note", "message": {"text": note}} for note in notes
        ]
    log = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "toolsearch",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": [_descriptor(rule) for rule in rules],
                    }
                },
                "invocations": [invocation],
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2)
