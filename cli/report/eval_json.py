"""``eval --format json``: metrics per mode, misses and the gate, as a versioned document."""

from __future__ import annotations

from typing import Any

from toolsearch.catalog.identity import display_name
from toolsearch.report.jsonout import dumps
from toolsearch.report.render_settings import RenderSettings
from toolsearch.retrieval.eval_run import EvalReport
from toolsearch.retrieval.evaluation import TIES_METHOD, Metrics, Outcome


def _figure(value: float) -> float:
    return round(value, 4)


def metrics_dict(found: Metrics, ks: tuple[int, ...]) -> dict[str, Any]:
    return {
        "cases": found.cases,
        **{f"recall@{k}": _figure(found.recall[k]) for k in ks},
        "hit@5": _figure(found.hit5),
        "mrr": _figure(found.mrr),
    }


def miss_dict(outcome: Outcome, at: int, ambiguous: frozenset[str]) -> dict[str, Any]:
    return {
        "id": outcome.case.id,
        "query": outcome.case.query,
        "mode": outcome.mode,
        "expected": list(outcome.case.expected),
        "ranks": list(outcome.ranks),
        "got": [display_name(t, ambiguous) for t in outcome.got[:at]],
        "error": outcome.error,
    }


def render(report: EvalReport, settings: RenderSettings) -> str:
    document = {
        "schema_version": 1,
        "cases": report.cases,
        "self": report.self_check,
        "held_out": report.held_out,
        "at": report.at,
        "searched": report.searched,
        "modes": {mode: metrics_dict(found, report.ks) for mode, found in report.modes.items()},
        "misses": [miss_dict(o, report.at, report.ambiguous) for o in report.misses],
        "min_recall": report.min_recall,
        "passed": not report.failures,
        "failures": report.failures,
        "method": TIES_METHOD,
        "notes": ([report.preface] if report.preface else []) + report.notes,
    }
    return dumps(document)
