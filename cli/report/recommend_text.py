"""``recommend`` for people: a ranked table per scope, the upfront cost before and after, the
usage evidence, and what ``--apply``/``--diff`` changed or what to set for MCP sources."""

from __future__ import annotations

import json
from typing import Any

from rich.table import Table
from rich.text import Text

from toolsearch.catalog.counts import scope_count
from toolsearch.hosts import host_named
from toolsearch.recommend.apply import Advice
from toolsearch.recommend.evaluate import Evaluation
from toolsearch.recommend.openai_plan import NamespacePlan
from toolsearch.recommend.recommend import Recommendation, ScopeChoice
from toolsearch.recommend.recommend_run import RecommendReport
from toolsearch.recommend.usage import UsageReport, confidence
from toolsearch.report.console import render as render_console
from toolsearch.report.phrases import count_of
from toolsearch.report.render_settings import RenderSettings
from toolsearch.sanitize import clean, one_line

DEFAULT_ROWS = 40
UNKNOWN_SHOWN = 8


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def _n(value: float) -> str:
    return f"{round(value):,}"


def _scope_parts(choice: ScopeChoice, show_all: bool) -> list[Any]:
    scope = choice.scope
    kept = choice.kept
    title = Text()
    title.append(f"Scope {one_line(scope.name)}", style="bold")
    title.append(
        f" ({scope.kind}, {scope_count(scope).describe()}, "
        f"model {one_line(choice.before.model_id)}): "
    )
    if choice.deferral:
        title.append(f"keep {len(kept):,} loaded, defer {len(choice.ranked) - len(kept):,}")
    else:
        title.append("keep every tool loaded")
    parts: list[Any] = [title]
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("rank", justify="right")
    table.add_column("state")
    table.add_column("score", justify="right")
    table.add_column("tokens", justify="right")
    table.add_column("tool", overflow="fold")
    table.add_column("source", overflow="fold")
    table.add_column("why", overflow="fold", ratio=1)
    shown = choice.ranked if show_all else choice.ranked[:DEFAULT_ROWS]
    for ranked in shown:
        state = "keep" if ranked.kept else "defer"
        table.add_row(
            f"{ranked.rank:,}",
            Text(state, style="bold" if ranked.kept else "dim"),
            f"{ranked.score:g}",
            _n(ranked.tokens),
            Text(one_line(ranked.tool.name, 60)),
            Text(one_line(ranked.tool.source, 30)),
            Text(one_line("; ".join(ranked.reasons))),
        )
    parts.append(table)
    hidden = choice.ranked[len(shown) :]
    if hidden:
        parts.append(
            Text(
                f"… {count_of(len(hidden), 'more tool')}, all deferred (--all shows every tool)",
                style="dim",
            )
        )
    before, after = choice.before.totals.upfront, choice.after.totals.upfront
    change = after - before
    word = "saves" if change < 0 else "adds"
    parts.append(
        Text(
            f"upfront {_n(before)} -> {_n(after)} tokens ({word} {_n(abs(change))}; "
            f"{_all_loaded_label(choice)}: {_n(choice.before.totals.all_loaded)})"
            + (
                f"; adds a tool search tool ({_n(choice.after.totals.search_tool)})"
                if choice.adds_search
                else ""
            ),
            style="bold",
        )
    )
    parts.extend(Text(f"note: {one_line(n)}", style="yellow") for n in choice.notes)
    return parts


def _usage_parts(usage: UsageReport) -> list[Any]:
    files = len(usage.evidence.files)
    origins = usage.evidence.origins
    where = f" (Claude Code transcripts in {' and '.join(origins)})" if origins else ""
    tables = len(usage.table_files)
    seen = [_count(usage.sessions, "session")] if usage.sessions or not tables else []
    if tables:  # a usage table counts calls, not sessions
        seen.append(_count(tables, "usage table"))
    line = (
        f"Usage: {_count(usage.total_calls, 'call')} in {' and '.join(seen)} "
        f"from {_count(files, 'file')}{where}; {usage.matched_calls:,} to catalog tools; "
        f"{_count(usage.search_calls, 'tool search call')}"
    )
    parts: list[Any] = [Text(line)]
    if usage.by_name_only:
        parts.append(
            Text(
                f"  {count_of(usage.by_name_only, 'call')} named a server that is no source, "
                "matched by name"
            )
        )
    for label, counter in (
        ("server tools", usage.server_calls),
        ("unknown tools", usage.unknown),
        ("names that fit several tools", usage.ambiguous),
    ):
        if counter:
            top = ", ".join(
                f"{one_line(n, 60)} ({c:,})" for n, c in counter.most_common(UNKNOWN_SHOWN)
            )
            more = len(counter) - UNKNOWN_SHOWN
            suffix = f", and {more} more" if more > 0 else ""
            parts.append(Text(f"  {label}: {top}{suffix}"))
    parts.extend(Text(f"  note: {one_line(n)}", style="yellow") for n in usage.evidence.notes)
    return parts


def _advice_parts(
    advice: Advice, target: str, applied: bool, diff: bool, files: dict[str, str]
) -> list[Any]:
    """What to set for one MCP ``tools/list`` source, for the target's client only."""
    source = one_line(advice.source)
    keep = ", ".join(one_line(k) for k in advice.keep)
    if host_named(target).apply == "server-metadata":
        parts: list[Any] = []
        if advice.keep:
            parts.append(
                Text(
                    f"{source}: to keep {keep} loaded in Claude Code, add _meta "
                    '{"anthropic/alwaysLoad": true} to each in the server\'s tools/list:',
                    style="bold",
                )
            )
            parts.extend(
                Text("  " + clean(line), no_wrap=True, overflow="ignore")
                for line in advice.always_load
            )
            if advice.server_always_load_off:
                parts.append(
                    Text(
                        f'{source}: and remove "alwaysLoad": false from its server entry: from '
                        "2.1.300 Claude Code defers every tool of such a server",
                        style="bold",
                    )
                )
        if advice.drop_always_load:
            drop = ", ".join(one_line(k) for k in advice.drop_always_load)
            parts.append(
                Text(f'{source}: remove _meta "anthropic/alwaysLoad" from {drop}', style="bold")
            )
        return parts
    file = one_line(files.get(advice.source, advice.source))
    if applied:
        verb = "no diff for" if diff else "wrote nothing to"
        head = (
            f"{verb} {file}: an MCP tools/list file has no deferral field the API "
            f"reads; to keep {keep} loaded, put these in the request's tools instead:"
        )
    else:
        head = (
            f"{source} is an MCP tools/list source, which has no deferral field the API reads; "
            f"to keep {keep} loaded, put these in the request's tools:"
        )
    return [
        Text(head, style="bold"),
        _json_lines(advice.search_tool, None),
        _json_lines(advice.toolset, 2),
    ]


def _namespace_parts(scope_name: str, plans: tuple[NamespacePlan, ...]) -> list[Any]:
    """--target openai: the namespaces (fewer than 10 functions each) to put deferred ones in."""
    count = sum(len(p.tools) for p in plans)
    parts: list[Any] = [
        Text(
            f"{one_line(scope_name)}: OpenAI's model searches namespaces best, of fewer than 10 "
            f"functions; group the {count_of(count, 'deferred function')} that sit in no "
            f"namespace or in one of 10 or more into {count_of(len(plans), 'namespace')}, each "
            'with "defer_loading": true on its functions (never on the namespace):',
            style="bold",
        )
    ]
    for plan in plans:
        parts.append(Text(f"  {one_line(plan.name, 64)} ({len(plan.tools)}): ", style="bold"))
        parts[-1].append(Text(one_line(plan.description, 200), style=""))
    return parts


def _json_lines(value: Any, indent: int | None) -> Text:
    """JSON to copy: indented two spaces, never wrapped (a wrapped line would not paste)."""
    text = json.dumps(value, indent=indent).replace("\n", "\n  ")
    return Text("  " + clean(text), no_wrap=True, overflow="ignore")


def _idle_servers(chosen: Recommendation, advised: set[str], changed: set[str]) -> list[Any]:
    """Claude Code: one line for the servers that need nothing set."""
    idle = [
        source
        for choice in chosen.scopes
        if choice.before.host.apply == "server-metadata" and choice.deferral
        for source in choice.scope.sources
        if source not in advised and source not in changed
    ]
    if not idle:
        return []
    return [
        Text(
            f"{count_of(len(idle), 'other server')} keep{'s' if len(idle) == 1 else ''} no tool "
            "loaded: nothing to set (Claude Code defers MCP tools unless alwaysLoad)",
            style="dim",
        )
    ]


def _ratio(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _evaluation_parts(evaluation: Evaluation) -> list[Any]:
    """--evaluate: per scope, what the kept tools serve of the evaluation usage."""
    files = ", ".join(one_line(f.file, 60) for f in evaluation.usage.evidence.files)
    parts: list[Any] = [Text(f"Evaluation against {files}:", style="bold")]
    for e in evaluation.scopes:
        whole = " (keeps every tool; its top K scored)" if e.whole_scope_kept else ""
        parts.append(Text(f"  scope {one_line(e.scope)}: K = {e.k}{whole}"))
        for label, share in (("runs", e.runs), ("calls", e.calls)):
            if share is None:
                parts.append(Text(f"    {label}: unknown (a usage table has no runs column)"))
                continue
            parts.append(
                Text(
                    f"    {label}: kept serve {_ratio(share.share)} ({share.served:,} of "
                    f"{share.total:,}), best possible {_ratio(share.best_share)}; "
                    f"score {_ratio(share.score)}"
                )
            )
        kept = ", ".join(one_line(n, 40) for n in e.kept)
        best = ", ".join(one_line(n, 40) for n in e.best)
        names = Table.grid()  # a long list wraps under itself, not under the label
        names.add_column(no_wrap=True)
        names.add_column()
        names.add_row("    kept: ", Text(kept, style="dim"))
        names.add_row("    best: ", Text(best or "no tool of the scope was called", style="dim"))
        parts.append(names)
    unknown = evaluation.usage.unknown + evaluation.usage.ambiguous
    if unknown:
        top = ", ".join(f"{one_line(n, 60)} ({c:,})" for n, c in unknown.most_common(UNKNOWN_SHOWN))
        more = len(unknown) - UNKNOWN_SHOWN
        suffix = f", and {more} more" if more > 0 else ""
        parts.append(Text(f"  not scored (no single tool of the run has the name): {top}{suffix}"))
    if len(evaluation.scopes) > 1:
        parts.append(
            Text(
                f"  mean score: runs {_ratio(evaluation.mean('runs'))}, "
                f"calls {_ratio(evaluation.mean('calls'))}"
            )
        )
    return parts


def render(report: RecommendReport, settings: RenderSettings) -> str:
    chosen, outcome, notes, with_diff = (
        report.chosen,
        report.outcome,
        report.notes,
        report.with_diff,
    )
    color, width, show_all = settings.color, settings.width, settings.show_all
    parts: list[Any] = []
    for index, choice in enumerate(chosen.scopes):
        if index:
            parts.append(Text(""))
        parts.extend(_scope_parts(choice, show_all))
    parts.append(Text(""))
    keep = ", ".join(one_line(k) for k in chosen.keep_names) or "none"
    parts.append(Text(f"Keep loaded: {keep}", style="bold"))
    if len(chosen.scopes) > 1:
        parts.append(
            Text(
                f"Upfront, {len(chosen.scopes):,} scopes ({len(chosen.scopes):,} separate "
                f"requests, summed): {chosen.upfront_before:,} -> "
                f"{chosen.upfront_after:,} tokens"
            )
        )
    parts.append(Text(f"Confidence: {confidence(chosen.usage)}"))
    if chosen.scopes:
        parts.append(Text(chosen.scopes[0].before.method.describe(), style="dim"))
    if chosen.usage is not None:
        parts.extend(_usage_parts(chosen.usage))
    for change in outcome.changes:
        verb = "wrote" if change.written else "would change"
        summary = "; ".join(one_line(s) for s in change.summary)
        parts.append(Text(f"{verb} {one_line(change.file)}: {summary}", style="bold green"))
    files = {r.tool.source: r.tool.location.file for c in chosen.scopes for r in c.ranked}
    for advice in outcome.advice:
        advice_parts = _advice_parts(advice, report.target, report.applied, with_diff, files)
        if advice_parts:
            parts.append(Text(""))
            parts.extend(advice_parts)
    for scope_name, plans in report.namespaces:
        parts.append(Text(""))
        parts.extend(_namespace_parts(scope_name, plans))
    if host_named(report.target).apply == "server-metadata":
        advised = {a.source for a in outcome.advice}
        changed = {s for s, f in files.items() if f in {c.file for c in outcome.changes}}
        parts.extend(_idle_servers(chosen, advised, changed))
    if report.evaluation is not None:
        parts.append(Text(""))
        parts.extend(_evaluation_parts(report.evaluation))
    parts.extend(Text(f"warning: {one_line(w)}", style="bold yellow") for w in chosen.warnings)
    parts.extend(Text(f"note: {one_line(n)}", style="yellow") for n in [*chosen.notes, *notes])
    text = render_console(parts, color, width)
    if with_diff:
        diffs = "".join(clean(c.diff()) for c in outcome.changes)
        text += diffs if diffs else "no change to show\n"
    return text


def _all_loaded_label(choice: ScopeChoice) -> str:
    """Claude Code keeps its ToolSearch while it defers anything (its built-ins too): every tool
    loaded without it means tool search turned off."""
    if choice.scope.implicit_search is not None:
        return "tool search off, every tool loaded"
    return "every tool loaded"
