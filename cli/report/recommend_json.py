"""``recommend --format json``: the documented, versioned recommendation document."""

from __future__ import annotations

import json
from typing import Any

from toolsearch.recommend.apply import Outcome
from toolsearch.recommend.evaluate import Evaluation, Share
from toolsearch.recommend.recommend import Ranked, Recommendation, ScopeChoice
from toolsearch.recommend.recommend_run import RecommendReport
from toolsearch.recommend.usage import UsageReport, confidence
from toolsearch.report.jsonout import dumps
from toolsearch.report.render_settings import RenderSettings


def _tool(ranked: Ranked) -> dict[str, Any]:
    tool = ranked.tool
    data: dict[str, Any] = {
        "name": tool.name,
        "source": tool.source,
        "scope": tool.scope,
        "rank": ranked.rank,
        "kept": ranked.kept,
        "score": ranked.score,
        "tokens": round(ranked.tokens),
        "calls": ranked.calls,
        "sessions": ranked.sessions,
        "pinned": ranked.pinned,
        "reasons": list(ranked.reasons),
    }
    if tool.sent_name != tool.name:
        data["sent_name"] = tool.sent_name
    return data


def _scope(choice: ScopeChoice) -> dict[str, Any]:
    return {
        "scope": choice.scope.name,
        "kind": choice.scope.kind,
        "model": choice.before.model_id,
        "method": choice.before.method.as_dict(),
        "tools": len(choice.ranked),
        "keep": [r.tool.name for r in choice.kept],
        "deferral": choice.deferral,
        "adds_search_tool": choice.adds_search,
        "upfront_before": round(choice.before.totals.upfront),
        "upfront_after": round(choice.after.totals.upfront),
        "all_loaded": round(choice.before.totals.all_loaded),
        "notes": list(choice.notes),
    }


def _usage(usage: UsageReport | None) -> dict[str, Any] | None:
    if usage is None:
        return None
    return {
        "files": [
            {"file": f.file, "kind": f.kind, "calls": f.calls, "records": f.records}
            for f in usage.evidence.files
        ],
        "origins": list(usage.evidence.origins),
        "calls": usage.total_calls,
        "matched": usage.matched_calls,
        "sessions": usage.sessions,
        "search_calls": usage.search_calls,
        "server_tool_calls": dict(usage.server_calls.most_common()),
        "unknown": dict(usage.unknown.most_common()),
        "ambiguous": dict(usage.ambiguous.most_common()),
        "matched_by_name_only": usage.by_name_only,
        "notes": list(usage.evidence.notes),
    }


def _share(share: Share | None) -> dict[str, Any] | None:
    if share is None:
        return None
    return {
        "served": share.served,
        "best": share.best,
        "total": share.total,
        "share": _round(share.share),
        "best_share": _round(share.best_share),
        "score": _round(share.score),
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _evaluation(evaluation: Evaluation | None) -> dict[str, Any] | None:
    if evaluation is None:
        return None
    return {
        "files": [
            {"file": f.file, "kind": f.kind, "calls": f.calls}
            for f in evaluation.usage.evidence.files
        ],
        "scopes": [
            {
                "scope": e.scope,
                "k": e.k,
                "kept": list(e.kept),
                "best": list(e.best),
                "whole_scope_kept": e.whole_scope_kept,
                "calls": _share(e.calls),
                "runs": _share(e.runs),
            }
            for e in evaluation.scopes
        ],
        "unmatched": dict((evaluation.usage.unknown + evaluation.usage.ambiguous).most_common()),
        "mean_score": {
            "calls": _round(evaluation.mean("calls")),
            "runs": _round(evaluation.mean("runs")),
        },
    }


def document(
    chosen: Recommendation,
    outcome: Outcome,
    notes: list[str],
    with_diff: bool,
    evaluation: Evaluation | None = None,
) -> dict[str, Any]:
    """The JSON document."""
    return {
        "schema_version": 1,
        "estimate": True,
        "basis": "usage" if chosen.usage is not None else "heuristic",
        "confidence": confidence(chosen.usage),
        "keep": chosen.keep_names,
        "upfront_before": chosen.upfront_before,
        "upfront_after": chosen.upfront_after,
        "tools": [_tool(r) for s in chosen.scopes for r in s.ranked],
        "scopes": [_scope(s) for s in chosen.scopes],
        "usage": _usage(chosen.usage),
        "changes": [
            {
                "file": c.file,
                "written": c.written,
                "summary": list(c.summary),
                "diff": c.diff() if with_diff else None,
            }
            for c in outcome.changes
        ],
        "advice": [
            {
                "scope": a.scope,
                "source": a.source,
                "keep": list(a.keep),
                "mcp_toolset": dict(a.toolset),
                "search_tool": dict(a.search_tool),
                "claude_code_always_load": [json.loads(m) for m in a.always_load],
                "claude_code_remove_server_always_load_false": a.server_always_load_off,
            }
            for a in outcome.advice
        ],
        "evaluation": _evaluation(evaluation),
        "warnings": list(chosen.warnings),
        "notes": [*chosen.notes, *notes],
    }


def render(report: RecommendReport, settings: RenderSettings) -> str:
    chosen, outcome, notes, with_diff = (
        report.chosen,
        report.outcome,
        report.notes,
        report.with_diff,
    )
    found = document(chosen, outcome, notes, with_diff, report.evaluation)
    if report.namespaces:
        found["namespaces"] = [
            {
                "scope": scope,
                "name": p.name,
                "description": p.description,
                "tools": [t.name for t in p.tools],
            }
            for scope, plans in report.namespaces
            for p in plans
        ]
    return dumps(found)
