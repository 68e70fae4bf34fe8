"""``toolsearch probe URL``: does this endpoint (a gateway or proxy) keep tool search working?

The run is ``toolsearch.probe``'s; this module formats it and says the exit code.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from toolsearch.errors import ExitCode
from toolsearch.probe.run import ProbeOptions, probe_options, run
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter

__all__ = ["PROBE_FORMATS", "probe_options", "run_probe"]

PROBE_FORMATS: dict[str, Reporter] = {
    "text": reporter("probe_text"),
    "json": reporter("probe_json"),
    "markdown": reporter("probe_markdown"),
}


def run_probe(
    options: ProbeOptions, settings: RenderSettings, environ: Mapping[str, str] = os.environ
) -> tuple[str, int]:
    """Send the requests (unless a dry run), judge the replies; the report and the exit code."""
    report = run(options, environ)
    text = PROBE_FORMATS[options.fmt](report, settings)
    return text, ExitCode.FINDINGS if report.failed else ExitCode.OK
