"""``toolsearch probe URL``: does this endpoint (a gateway or proxy) keep tool search working?

The run is ``toolsearch.probe``'s; this module reads the command line, formats the run and says
the exit code.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from toolsearch.commands.catalog_args import choose, load_checked_config
from toolsearch.errors import ExitCode
from toolsearch.output_policy import report_color, report_width
from toolsearch.probe import run as probe_run
from toolsearch.probe.run import ProbeOptions, probe_options
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter

PROBE_FORMATS: dict[str, Reporter] = {
    "text": reporter("probe_text"),
    "json": reporter("probe_json"),
    "markdown": reporter("probe_markdown"),
}


def run_probe(
    options: ProbeOptions, settings: RenderSettings, environ: Mapping[str, str] = os.environ
) -> tuple[str, int]:
    """Send the requests (unless a dry run), judge the replies; the report and the exit code."""
    report = probe_run.run(options, environ)
    text = PROBE_FORMATS[options.fmt](report, settings)
    return text, ExitCode.FINDINGS if report.failed else ExitCode.OK


def run(
    *,
    url: str,
    target: str | None,
    model: str | None,
    api_key_env: str | None,
    api_version: str | None,
    beta: list[str] | None,
    dry_run: bool,
    timeout: float,
    output_format: str | None,
    config: Path | None,
    output_file: Path | None,
) -> tuple[str, int]:
    """``toolsearch probe URL``: the options checked, the config read, the probe run."""
    fmt = choose(output_format, PROBE_FORMATS, "--format") or "text"
    options = probe_options(
        url,
        load_checked_config(config),
        target=target,
        model=model,
        key_env=api_key_env,
        api_version=api_version,
        beta=beta,
        dry_run=dry_run,
        timeout=timeout,
        fmt=fmt,
    )
    settings = RenderSettings(report_color(output_file), report_width(output_file))
    return run_probe(options, settings)
