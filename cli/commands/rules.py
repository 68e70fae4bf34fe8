"""``toolsearch rules``: every lint rule with its level (as the config sets it) and summary."""

from __future__ import annotations

from pathlib import Path

from toolsearch.commands.catalog_args import choose, load_checked_config
from toolsearch.config import Config
from toolsearch.errors import ExitCode
from toolsearch.lint.rule_listing import rule_listing
from toolsearch.output_policy import report_color, report_width
from toolsearch.report.render_settings import RenderSettings, reporter

RULES_FORMATS = ("text", "json")


def run_rules(config: Config, fmt: str, color: bool, width: int | None) -> str:
    """The rule list as text or JSON."""
    listing = rule_listing(config)
    if fmt == "json":
        return reporter("rules_json")(listing, RenderSettings())
    from toolsearch.report.rule_doc import render_list

    return render_list(listing.rules, dict(listing.chosen), color, width)


def run(
    *,
    config: Path | None,
    output_format: str | None,
    output_file: Path | None,
) -> tuple[str, int]:
    """``toolsearch rules``: the list, as the config sets each rule."""
    fmt = choose(output_format, RULES_FORMATS, "--format") or "text"
    chosen = load_checked_config(config)
    return run_rules(chosen, fmt, report_color(output_file), report_width(output_file)), ExitCode.OK
