"""``recommend --format markdown``: what to keep loaded and what it saves, for pull requests."""

from __future__ import annotations

import re

from toolsearch.catalog.counts import scope_count
from toolsearch.recommend.recommend_run import RecommendReport
from toolsearch.recommend.usage import confidence
from toolsearch.report.markdown import cell
from toolsearch.report.render_settings import RenderSettings
from toolsearch.sanitize import clean


def render(report: RecommendReport, settings: RenderSettings) -> str:
    chosen, outcome = report.chosen, report.outcome
    lines = ["## toolsearch recommend", ""]
    lines += [
        "| scope | model | tools | keep loaded | upfront before | upfront after |",
        "|---|---|---|---|--:|--:|",
    ]
    for choice in chosen.scopes:
        kept = ", ".join(r.tool.name for r in choice.kept) if choice.deferral else "every tool"
        lines.append(
            f"| {cell(choice.scope.name)} | {cell(choice.before.model_id)} | "
            f"{scope_count(choice.scope).describe()} | {cell(kept, 1000)} | "
            f"{round(choice.before.totals.upfront):,} | {round(choice.after.totals.upfront):,} |"
        )
    keep = ", ".join(chosen.keep_names) or "none"
    lines += ["", f"**Keep loaded:** {cell(keep, 1000)}", ""]
    if len(chosen.scopes) > 1:
        lines += [
            f"Upfront, {len(chosen.scopes):,} scopes ({len(chosen.scopes):,} separate requests, "
            "summed): "
            f"{chosen.upfront_before:,} → {chosen.upfront_after:,} tokens",
            "",
        ]
    lines.append(f"Confidence: {cell(confidence(chosen.usage), 1000)}")
    methods = sorted({s.before.method.describe() for s in chosen.scopes})
    lines += ["", *[f"_{cell(m, 1000)}_" for m in methods]]
    for change in outcome.changes:
        verb = "wrote" if change.written else "would change"
        lines.append(f"- {verb} {cell(change.file)}: {cell('; '.join(change.summary), 1000)}")
    lines += [f"- warning: {cell(w, 1000)}" for w in chosen.warnings]
    notes = [*chosen.notes, *report.notes, *(n for s in chosen.scopes for n in s.notes)]
    lines += [f"- note: {cell(n, 1000)}" for n in dict.fromkeys(notes)]
    text = "\n".join(lines) + "\n"
    if report.with_diff:
        diffs = "".join(clean(c.diff()) for c in outcome.changes) or "no change to show\n"
        # a fence longer than any run of backticks in the files, so none can close it
        fence = "`" * max(3, 1 + max((len(r) for r in re.findall(r"`+", diffs)), default=0))
        text += f"\n{fence}diff\n{diffs}{fence}\n"
    return text
