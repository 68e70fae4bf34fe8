"""``rules --format json``: every rule, its level under the config, its default and options."""

from __future__ import annotations

from typing import Any

from toolsearch.lint.rule_contract import as_config
from toolsearch.lint.rule_listing import RuleListing
from toolsearch.report.jsonout import dumps
from toolsearch.report.render_settings import RenderSettings


def render(listing: RuleListing, settings: RenderSettings) -> str:
    rules: list[dict[str, Any]] = []
    for rule in listing.rules:
        chosen = listing.chosen[rule.ID]
        rules.append(
            {
                "id": rule.ID,
                "level": chosen.level.label if chosen.level else "off",
                "default_level": rule.LEVEL,
                "summary": rule.SUMMARY,
                "options": as_config(chosen.options),
            }
        )
    return dumps({"schema_version": 1, "rules": rules})
