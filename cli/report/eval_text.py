"""``eval`` for people: a metrics table per mode, the misses, and the gate."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from toolsearch.catalog.identity import display_name
from toolsearch.report.console import render as render_console
from toolsearch.report.phrases import count_of
from toolsearch.report.render_settings import RenderSettings
from toolsearch.retrieval.eval_run import EvalReport
from toolsearch.retrieval.evaluation import TIES_METHOD, Outcome
from toolsearch.sanitize import one_line


def _expected(outcome: Outcome) -> str:
    parts = []
    ties = outcome.ties or (None,) * len(outcome.ranks)
    for ident, tool, rank, tie in zip(
        outcome.case.expected, outcome.expected, outcome.ranks, ties, strict=False
    ):
        if tool in outcome.always_loaded:
            where = "always loaded"
        else:
            where = f"rank {rank}" if rank is not None else "not found"
            if rank is not None and tie is not None:
                where += f", tied with ranks {tie[0]}-{tie[1]}"
        parts.append(f"{one_line(ident, 60)} ({where})")
    return ", ".join(parts)


def _miss(outcome: Outcome, at: int, ambiguous: frozenset[str]) -> list[Any]:
    """A case not wholly in the top ``at``: missed, or in a tie that straddles it."""
    head = Text("  ")
    head.append(one_line(outcome.case.id, 40), style="bold")
    head.append(f" [{outcome.mode}] ")
    head.append(f'"{one_line(outcome.case.query, 100)}"')
    lines: list[Any] = [head, Text(f"    expected: {_expected(outcome)}")]
    if outcome.error:
        lines.append(Text(f"    error: {one_line(outcome.error, 160)}", style="red"))
    got = ", ".join(one_line(display_name(t, ambiguous), 60) for t in outcome.got[:at])
    got = got or "(nothing)"
    lines.append(Text(f"    got: {got}", style="dim"))
    return lines


def render(report: EvalReport, settings: RenderSettings) -> str:
    misses_shown, color, width = settings.misses_shown, settings.color, settings.width
    parts: list[Any] = [Text(report.preface, style="yellow")] if report.preface else []
    if report.held_out:
        what = (
            f"{count_of(report.cases, 'tool')}, each searched for with its description among "
            "names and arguments only (descriptions held out)"
        )
    elif report.self_check:
        what = (
            f"{count_of(report.cases, 'tool')}, each searched for with its own name and description"
        )
    else:
        what = (
            f"{count_of(report.cases, 'case')} from {one_line(report.label)}; "
            f"{count_of(report.searched, 'tool')} searched"
        )
    parts.append(Text(f"eval: {what}", style="bold"))
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("mode")
    table.add_column("cases", justify="right")
    for k in report.ks:
        table.add_column(f"recall@{k}", justify="right")
    table.add_column("hit@5", justify="right")
    table.add_column("MRR", justify="right")
    for mode, found in report.modes.items():
        table.add_row(
            mode,
            f"{found.cases:,}",
            *(f"{found.recall[k]:.3f}" for k in report.ks),
            f"{found.hit5:.3f}",
            f"{found.mrr:.3f}",
        )
    parts.append(table)
    if any(o.straddles((*report.ks, 5, report.at)) for o in report.outcomes):
        parts.append(Text(f"method: {TIES_METHOD}", style="dim"))
    if report.misses:
        count = len(report.misses)
        title = (
            f"{count:,} not in the top {report.at} for their description (held out)"
            if report.held_out
            else f"{count:,} not in the top {report.at} for their own words"
            if report.self_check
            else f"{count_of(count, 'miss', 'misses')} "
            f"(an expected tool not in the top {report.at})"
        )
        parts.append(Text(""))
        parts.append(Text(f"{title}:", style="bold"))
        for outcome in report.misses[:misses_shown]:
            parts.extend(_miss(outcome, report.at, report.ambiguous))
        hidden = len(report.misses) - misses_shown
        if hidden > 0:
            parts.append(
                Text(
                    f"  … {hidden} more (--misses N shows more; --format json lists all)",
                    style="dim",
                )
            )
    elif report.outcomes:
        parts.append(Text(f"every expected tool is in the top {report.at}", style="green"))
    parts.extend(Text(f"note: {one_line(n)}", style="dim") for n in report.notes)
    if report.min_recall is not None:
        if report.failures:
            parts.extend(Text(f"FAILED {one_line(f)}", style="bold red") for f in report.failures)
        else:
            parts.append(
                Text(
                    f"passed: recall@{report.at} is at least --min-recall {report.min_recall:g} "
                    "in every mode",
                    style="green",
                )
            )
    return render_console(parts, color, width)
