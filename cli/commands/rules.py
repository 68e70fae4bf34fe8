"""``toolsearch rules``: every lint rule with its level (as the config sets it) and summary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolsearch.config import Config
from toolsearch.lint.rule_contract import Rule
from toolsearch.lint.rule_settings import RuleSettings, all_rules, settings
from toolsearch.report.render_settings import RenderSettings, reporter

RULES_FORMATS = ("text", "json")


@dataclass(frozen=True)
class RuleListing:
    """The rules, each with its settings under the run's config."""

    rules: tuple[Rule, ...]
    chosen: Mapping[str, RuleSettings]


def run_rules(config: Config, fmt: str, color: bool, width: int | None) -> str:
    """The rule list as text or JSON."""
    listing = RuleListing(all_rules(), settings(config))
    if fmt == "json":
        return reporter("rules_json")(listing, RenderSettings())
    from toolsearch.report.rule_doc import render_list

    return render_list(listing.rules, dict(listing.chosen), color, width)
