"""``query`` for people: per scope, rank, tool, score, source and what matched, highlighted."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from toolsearch.hosts.claude_code import SEARCH_MODE as CLAUDE_CODE_MODE
from toolsearch.report.console import render as render_console
from toolsearch.report.render_settings import RenderSettings
from toolsearch.retrieval.claude_code_search import NO_MATCH
from toolsearch.retrieval.query_run import QueryReport, ScopeResults
from toolsearch.retrieval.searchers import Result
from toolsearch.sanitize import one_line

HIGHLIGHT = "bold yellow"
DESCRIPTION_WIDTH = 100
FIELDS_SHOWN = 3
WORDS_SHOWN = 5


def _score(result: Result, mode: str) -> str:
    if result.score is None:
        return "-"
    return f"{result.score:.0f}" if mode == "regex" else f"{result.score:.2f}"


def _highlight(text: Text, found: list[str]) -> Text:
    """Mark each matched word where it stands as a whole word."""
    for word in found:
        if not word:
            continue
        pattern = re.escape(word)
        if word[0].isalnum():
            pattern = r"(?<![^\W_])" + pattern
        if word[-1].isalnum():
            pattern += r"(?![^\W_])"
        text.highlight_regex(pattern, HIGHLIGHT)
    return text


def matched_line(result: Result) -> Text:
    """Per field, the words that matched (the first fields and words)."""
    line = Text()
    fields = list(result.matched.items())
    for index, (field, found) in enumerate(fields[:FIELDS_SHOWN]):
        if index:
            line.append("; ")
        line.append(f"{one_line(field, 40)}: ", style="dim")
        shown = [one_line(w, 30) for w in found[:WORDS_SHOWN]]
        line.append(", ".join(shown) + (", …" if len(found) > WORDS_SHOWN else ""))
    hidden = len(fields) - FIELDS_SHOWN
    if hidden > 0:
        line.append(f"; +{hidden} more field{'s' if hidden > 1 else ''}", style="dim")
    return line


def _header(scope_results: ScopeResults, report: QueryReport) -> Text:
    count = scope_results.searched
    tools = "tool" if count == 1 else "tools"
    if scope_results.searched_set == "deferred":
        which = f"deferred {tools}"
    elif not scope_results.scope.deferred_tools:
        which = f"{tools} (all: nothing is deferred)"
    else:
        which = f"{tools} (all, --all)"
    header = Text()
    header.append(f"Scope {one_line(scope_results.scope.name)}", style="bold")
    header.append(
        f': {report.mode} search for "{one_line(report.query, 80)}" over {count:,} {which}'
    )
    return header


def _scope_parts(scope_results: ScopeResults, report: QueryReport, width: int | None) -> list[Any]:
    parts: list[Any] = [_header(scope_results, report)]
    results = scope_results.results
    if not results:
        nothing = NO_MATCH if report.mode == CLAUDE_CODE_MODE else "no tools matched"
        parts.append(Text(nothing, style="yellow"))
        return parts
    names = [one_line(r.tool.sent_name, 60) for r in results]
    sources = [one_line(r.source, 30) for r in results]
    scores = [_score(r, report.mode) for r in results]
    ranks = [f"{r.rank:,}" + ("=" if r.tie else "") for r in results]
    rank_w = max(len(rank) for rank in ranks)
    name_w = max(4, *(cell_len(n) for n in names))
    score_w = max(5, *(len(s) for s in scores))
    source_w = max(6, *(cell_len(s) for s in sources))
    head = f"{'#':>{rank_w}}  {'tool':<{name_w}}  {'score':>{score_w}}  "
    head += f"{'source':<{source_w}}  matched"
    parts.append(Text(head, style="bold"))
    rows = zip(results, ranks, names, sources, scores, strict=True)
    for result, rank, name, source, score in rows:
        line = Text(f"{rank:>{rank_w}}  ")
        line.append_text(_highlight(Text(name), result.matched.get("name", [])))
        line.append(" " * (name_w - cell_len(name)) + f"  {score:>{score_w}}  ")
        line.append(source + " " * (source_w - cell_len(source)) + "  ")
        line.append_text(matched_line(result))
        if width is not None:  # a terminal: one line per result, cut to fit
            line.truncate(width - 1, overflow="ellipsis")
        parts.append(line)
        room = DESCRIPTION_WIDTH if width is None else min(DESCRIPTION_WIDTH, width - rank_w - 3)
        description = one_line(result.tool.sent_description or "", max(room, 10))
        text = Text(" " * (rank_w + 2))
        if description:
            text.append_text(_highlight(Text(description), result.matched.get("description", [])))
        else:
            text.append("(no description)", style="dim")
        parts.append(text)
    shown = len(results)
    if scope_results.total > shown:
        parts.append(
            Text(
                f"{shown} of {scope_results.total} matching tools shown (--limit {report.limit})",
                style="dim",
            )
        )
    parts.extend(Text(line, style="dim") for line in tie_lines(results))
    return parts


def tie_lines(results: Sequence[Result]) -> list[str]:
    """One line per tie among the results (``=`` marks them): which ranks share a score, and how
    many of them the limit left out."""
    lines = []
    for first, last in dict.fromkeys(r.tie for r in results if r.tie):
        unshown = last - max(r.rank for r in results)
        more = f"; {unshown} more not shown" if unshown > 0 else ""
        lines.append(
            f"= ranks {first}-{last} have equal scores{more}: a host may return them in any order"
        )
    return lines


def render(report: QueryReport, settings: RenderSettings) -> str:
    color, width = settings.color, settings.width
    parts: list[Any] = [Text(report.preface, style="yellow")] if report.preface else []
    for index, scope_results in enumerate(report.scopes):
        if index:
            parts.append(Text(""))
        parts.extend(_scope_parts(scope_results, report, width))
    parts.extend(Text(f"note: {one_line(n)}", style="dim") for n in report.notes)
    return render_console(parts, color, width)
