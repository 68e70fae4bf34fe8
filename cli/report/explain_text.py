"""``query --explain`` for people: the tool's rank, score and matches per mode, what is above."""

from __future__ import annotations

from rich.text import Text

from toolsearch.report.console import render as render_console
from toolsearch.report.query_text import matched_line
from toolsearch.report.render_settings import RenderSettings
from toolsearch.retrieval.explain_run import ABOVE_SHOWN, ExplainReport, ModeExplain
from toolsearch.retrieval.searchers import Result
from toolsearch.sanitize import one_line


def _score(result: Result, mode: str) -> str:
    if result.score is None:
        return "score -"
    return f"score {result.score:.0f}" if mode == "regex" else f"score {result.score:.2f}"


def _mode_lines(item: ModeExplain, report: ExplainReport) -> list[Text]:
    lines = []
    head = Text(f"  {item.mode:<13}", style="bold")
    if item.error is not None:
        head.append(f"refused: {one_line(item.error, 120)}", style="red")
        return [head]
    result = item.result
    if result is None:
        head.append("not reached: ", style="yellow")
        head.append(f"no word of the query is in its fields ({item.reached} tools reached)")
        return [head]
    style = "green" if result.rank <= 5 else "yellow"
    head.append(f"rank {result.rank} of {report.searched}", style=style)
    head.append(f", {_score(result, item.mode)}")
    if item.similarity is not None:
        head.append(f" (similarity {item.similarity:.2f})")
    lines.append(head)
    matched = Text("      matched: ", style="dim")
    if result.matched:
        matched.append_text(matched_line(result))
    else:
        matched.append("no word (ranked by meaning alone)")
    lines.append(matched)
    if item.above:
        above = Text("      above it: ", style="dim")
        shown = [f"{one_line(r.tool.name, 60)} ({_score(r, item.mode)})" for r in item.above]
        above.append(", ".join(shown[:ABOVE_SHOWN]))
        if len(shown) > ABOVE_SHOWN:
            above.append(f", +{len(shown) - ABOVE_SHOWN} more", style="dim")
        lines.append(above)
    return lines


def render(report: ExplainReport, settings: RenderSettings) -> str:
    parts: list[Text] = [Text(report.preface, style="yellow")] if report.preface else []
    header = Text()
    header.append(one_line(report.tool.name), style="bold")
    count = report.searched
    which = "deferred tools" if report.searched_set == "deferred" else "tools (all)"
    header.append(
        f' for "{one_line(report.query, 80)}" in scope {one_line(report.scope.name)} '
        f"({count} {which} searched)"
    )
    parts.append(header)
    for item in report.modes:
        parts.extend(_mode_lines(item, report))
    if report.loaded:
        parts.append(
            Text(
                f"Loaded tools the query also reaches ({report.loaded_mode}, were every tool "
                "searched; a search never returns them, the model already sees them):"
            )
        )
        for match in report.loaded:
            score = "-" if match.score is None else f"{match.score:.2f}"
            name = one_line(match.tool.name, 60)
            parts.append(Text(f"  {name}  rank {match.rank}, score {score}"))
        if report.loaded_total > len(report.loaded):
            parts.append(Text(f"  … {report.loaded_total - len(report.loaded)} more", style="dim"))
    for note in report.notes:
        parts.append(Text(f"note: {one_line(note, 300)}", style="dim"))
    return render_console(parts, settings.color, settings.width)
