"""``probe`` for people: the five checks with their evidence and the verdict, or (``--dry-run``)
the requests it would send."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from rich.text import Text

from toolsearch.report.console import render as render_console
from toolsearch.report.render_settings import RenderSettings
from toolsearch.sanitize import one_line

if TYPE_CHECKING:
    from toolsearch.probe.run import ProbeReport

STYLES = {"passed": "green", "failed": "bold red", "not answerable": "yellow"}


def headline(report: ProbeReport) -> str:
    """Which endpoint, host and model (the URL as given, made safe to print)."""
    where = one_line(report.endpoint.url(report.requests[0].path))
    return (
        f"toolsearch probe {one_line(report.url)} ({report.host} at {where}, "
        f"model {one_line(report.model)}, key from ${report.key_env})"
    )


def render(report: ProbeReport, settings: RenderSettings) -> str:
    parts: list[Any] = [Text(headline(report), style="bold")]
    if report.dry_run:
        parts.extend(_dry_run(report))
        return render_console(parts, settings.color, settings.width)
    for check in report.checks:
        line = Text(f"  {check.number}. ")
        line.append(f"{check.status:<14}", style=STYLES[check.status])
        line.append(f" {check.title}")
        parts.append(line)
        parts.append(Text(f"     {one_line(check.evidence)}", style="dim"))
    tokens = ", ".join(
        f"{e.name} {e.status}" + (f" ({e.input_tokens:,} in)" if e.input_tokens is not None else "")
        for e in report.exchanges
    )
    parts.append(
        Text(
            f"{len(report.exchanges)} requests sent: {tokens} (input tokens as the endpoint's "
            "usage reports them)",
            style="dim",
        )
    )
    style = "bold red" if report.failed else "bold green"
    parts.append(Text(f"verdict: {one_line(report.verdict)}", style=style))
    return render_console(parts, settings.color, settings.width)


def _dry_run(report: ProbeReport) -> list[Any]:
    lines: list[Any] = [
        Text(f"dry run: {len(report.requests)} requests would be sent; nothing was sent")
    ]
    headers = "; ".join(f"{name}: {value}" for name, value in report.headers.items())
    lines.append(Text(f"headers of every request: {one_line(headers)}", style="dim"))
    for request in report.requests:
        lines.append(Text(""))
        lines.append(
            Text(
                f"POST {one_line(report.endpoint.url(request.path))}  "
                f"# {request.name}: {request.purpose}",
                style="bold",
            )
        )
        lines.append(Text(json.dumps(request.body, indent=2)))
    return lines
