"""``eval --format markdown``: metrics per mode, the misses and the gate, for pull requests."""

from __future__ import annotations

from toolsearch.catalog.identity import display_name
from toolsearch.report.markdown import cell
from toolsearch.report.phrases import count_of
from toolsearch.report.render_settings import RenderSettings
from toolsearch.retrieval.eval_run import EvalReport


def render(report: EvalReport, settings: RenderSettings) -> str:
    if report.held_out:
        what = (
            f"{count_of(report.cases, 'tool')}, each searched for with its description "
            "(descriptions held out of the index)"
        )
    elif report.self_check:
        what = f"{count_of(report.cases, 'tool')}, each searched for with its own words"
    else:
        what = (
            f"{count_of(report.cases, 'case')} from {cell(report.label)}; "
            f"{count_of(report.searched, 'tool')} searched"
        )
    recalls = [f"recall@{k}" for k in report.ks]
    lines = ["## toolsearch eval", "", what, ""]
    lines.append("| mode | cases | " + " | ".join(recalls) + " | hit@5 | MRR |")
    lines.append("|---|--:|" + "--:|" * len(recalls) + "--:|--:|")
    for mode, found in report.modes.items():
        figures = " | ".join(f"{found.recall[k]:.3f}" for k in report.ks)
        lines.append(
            f"| {cell(mode)} | {found.cases:,} | {figures} | {found.hit5:.3f} | {found.mrr:.3f} |"
        )
    if report.misses:
        shown = report.misses[: settings.misses_shown]
        lines += [
            "",
            f"{count_of(len(report.misses), 'miss', 'misses')} (not in the top {report.at}):",
            "",
        ]
        lines += ["| case | mode | query | expected | got |", "|---|---|---|---|---|"]
        for miss in shown:
            got = ", ".join(display_name(t, report.ambiguous) for t in miss.got[: report.at])
            lines.append(
                f"| {cell(miss.case.id, 40)} | {miss.mode} | {cell(miss.case.query, 100)} | "
                f"{cell(', '.join(miss.case.expected))} | {cell(got or '(nothing)')} |"
            )
        hidden = len(report.misses) - len(shown)
        if hidden > 0:
            lines += ["", f"… {hidden:,} more (--misses N shows more; --format json lists all)"]
    elif report.outcomes:
        lines += ["", f"Every expected tool is in the top {report.at}."]
    lines += ["", *(f"- note: {cell(n, 1000)}" for n in report.notes)] if report.notes else []
    if report.min_recall is not None:
        if report.failures:
            lines += ["", *(f"- **FAILED**: {cell(f, 1000)}" for f in report.failures)]
        else:
            lines += [
                "",
                f"Passed: recall@{report.at} is at least --min-recall {report.min_recall:g} in "
                "every mode.",
            ]
    return "\n".join(lines) + "\n"
