"""``toolsearch rules``: every lint rule with its level (as the config sets it) and summary."""

from __future__ import annotations

from toolsearch.config import Config
from toolsearch.lint.rule_listing import rule_listing
from toolsearch.report.render_settings import RenderSettings, reporter

RULES_FORMATS = ("text", "json")


def run_rules(config: Config, fmt: str, color: bool, width: int | None) -> str:
    """The rule list as text or JSON."""
    listing = rule_listing(config)
    if fmt == "json":
        return reporter("rules_json")(listing, RenderSettings())
    from toolsearch.report.rule_doc import render_list

    return render_list(listing.rules, dict(listing.chosen), color, width)
