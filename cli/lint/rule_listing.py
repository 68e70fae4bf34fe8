"""The rule listing of ``toolsearch rules``: every rule with its settings under the config."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolsearch.config import Config
from toolsearch.lint.rule_contract import Rule
from toolsearch.lint.rule_settings import RuleSettings, all_rules, settings


@dataclass(frozen=True)
class RuleListing:
    """The rules, each with its settings under the run's config."""

    rules: tuple[Rule, ...]
    chosen: Mapping[str, RuleSettings]


def rule_listing(config: Config) -> RuleListing:
    """Every rule, in the order ``toolsearch rules`` lists them, with the config's settings."""
    return RuleListing(all_rules(), settings(config))
