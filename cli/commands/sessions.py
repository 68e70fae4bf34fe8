"""``toolsearch sessions``: what the user's own Claude Code transcripts say about their tools."""

from __future__ import annotations

from toolsearch.catalog.inputs import Inputs
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter
from toolsearch.sessions.sessions_run import SessionsOptions, sessions_report

SESSIONS_FORMATS: dict[str, Reporter] = {
    "text": reporter("sessions_text"),
    "json": reporter("sessions_json"),
    "markdown": reporter("sessions_markdown"),
}


def run_sessions(options: SessionsOptions, inputs: Inputs | None) -> tuple[str, int]:
    """Read the transcripts, write the exports asked for, and format; exit 0."""
    report = sessions_report(options, inputs)
    settings = RenderSettings(options.color, options.width, options.show_all)
    return SESSIONS_FORMATS[options.fmt](report, settings), 0
