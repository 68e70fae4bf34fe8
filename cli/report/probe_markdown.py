"""``probe --format markdown``: the checks as a table, for a pull request or an issue."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from toolsearch.report.markdown import cell
from toolsearch.report.probe_text import headline
from toolsearch.report.render_settings import RenderSettings

if TYPE_CHECKING:
    from toolsearch.probe.run import ProbeReport


def render(report: ProbeReport, settings: RenderSettings) -> str:
    lines = ["## toolsearch probe", "", cell(headline(report), 1_000), ""]
    if report.dry_run:
        lines.append(f"Dry run: {len(report.requests)} requests would be sent; nothing was sent.")
        headers = "; ".join(f"{name}: {value}" for name, value in report.headers.items())
        lines += ["", f"Headers of every request: {cell(headers, 1_000)}"]
        for request in report.requests:
            lines += [
                "",
                f"**{cell(request.name)}** ({cell(request.purpose)}): "
                f"`POST {cell(report.endpoint.url(request.path), 1_000)}`",
                "",
                "```json",
                json.dumps(request.body, indent=2),
                "```",
            ]
        return "\n".join(lines) + "\n"
    lines += ["| # | check | result | evidence |", "|---|---|---|---|"]
    for check in report.checks:
        lines.append(
            f"| {check.number} | {cell(check.title)} | {check.status} | "
            f"{cell(check.evidence, 600)} |"
        )
    label = "FAILED" if report.failed else "passed"
    lines += ["", f"- **Verdict ({label})**: {cell(report.verdict, 1_000)}"]
    sent = ", ".join(
        f"{cell(e.name)} {e.status}"
        + (f" ({e.input_tokens:,} input tokens)" if e.input_tokens is not None else "")
        for e in report.exchanges
    )
    lines.append(f"- {len(report.exchanges)} requests sent: {sent}")
    return "\n".join(lines) + "\n"
