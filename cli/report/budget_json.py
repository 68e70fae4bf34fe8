"""``budget --format json``: the documented, versioned budget document."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from toolsearch.cost.budget import Budget, Row, Totals
from toolsearch.cost.budget_diff import BudgetDiff, diff_as_dict
from toolsearch.cost.budget_run import BudgetReport
from toolsearch.lint.findings import Diagnostic
from toolsearch.report.jsonout import dumps
from toolsearch.report.render_settings import RenderSettings


def totals_dict(totals: Totals) -> dict[str, Any]:
    """Totals with integer token figures, rounded once here."""
    return {
        "upfront": round(totals.upfront),
        "all_loaded": round(totals.all_loaded),
        "saved": round(totals.all_loaded) - round(totals.upfront),
        "saved_pct": round(totals.saved_pct, 1),
        "system_prompt": round(totals.system_prompt),
        "search_tool": round(totals.search_tool),
        "context_window": totals.context_window or None,
        "context_share": round(totals.context_share, 2) if totals.context_window else None,
    }


def row_dict(row: Row, sent_name: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": row.name,
        "source": row.source,
        "scope": row.scope,
        "file": row.file,
        "pointer": row.pointer,
        "line": row.line,
        "tokens": round(row.tokens),
        "deferred": row.deferred,
        "kind": row.kind,
    }
    if sent_name is not None and sent_name != row.name:
        data["sent_name"] = sent_name
    if row.upfront_when_deferred:
        data["upfront_when_deferred"] = round(row.upfront_when_deferred)
    return data


def rejected_dict(found: Diagnostic) -> dict[str, Any]:
    return dict(rule=found.rule, message=found.message, file=found.file, line=found.location.line)


def budget_document(
    budget: Budget,
    diff: BudgetDiff | None,
    notes: list[str],
    failures: list[str],
    rejected: Mapping[str, Sequence[Diagnostic]] | None = None,
) -> dict[str, Any]:
    """The JSON document; top-level model and method are null when scopes differ."""
    models = {s.model_id for s in budget.scopes}
    methods = {json.dumps(s.method.as_dict(), sort_keys=True) for s in budget.scopes}
    sent = {(t.scope, t.source, t.name): t.sent_name for s in budget.scopes for t in s.scope.tools}
    document: dict[str, Any] = {
        "schema_version": 1,
        "model": next(iter(models)) if len(models) == 1 else None,
        "method": json.loads(next(iter(methods))) if len(methods) == 1 else None,
        "estimate": True,
        "tools": [row_dict(r, sent.get((r.scope, r.source, r.name))) for r in budget.rows],
        "totals": totals_dict(budget.totals),
        "scopes": [
            {
                "scope": s.scope.name,
                "kind": s.scope.kind,
                "model": s.model_id,
                "method": s.method.as_dict(),
                "totals": totals_dict(s.totals),
                "notes": list(s.notes),
                "rejected": [rejected_dict(d) for d in (rejected or {}).get(s.scope.name, ())],
            }
            for s in budget.scopes
        ],
        "notes": notes,
        "skipped": list(budget.skipped),
        "failures": failures,
    }
    if diff is not None:
        document["baseline"] = diff_as_dict(diff)
    return document


def render(report: BudgetReport, settings: RenderSettings) -> str:
    budget, diff, notes, failures = report.budget, report.diff, report.notes, report.failures
    document = budget_document(budget, diff, notes, failures, report.rejected)
    if report.breakdown is not None:
        from toolsearch.report.breakdown_json import breakdown_member

        document["breakdown"] = breakdown_member(report.breakdown)
    return dumps(document)
