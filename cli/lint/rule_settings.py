"""Which rules run, at what level and with which options: defaults < config ``rules`` <
``--select``/``--ignore``. The config's ``rules`` section is checked here for every command."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from toolsearch.config import Config, suggest
from toolsearch.errors import ConfigError, UsageError
from toolsearch.lint.findings import Severity
from toolsearch.lint.rule_contract import Rule, RuleOptions, as_config, with_config

OFF_WORDS = ("off", False)


@dataclass(frozen=True)
class RuleSettings:
    """A rule's effective level (None = off) and options."""

    level: Severity | None
    options: RuleOptions


def all_rules() -> tuple[Rule, ...]:
    from toolsearch.rules import RULES

    return RULES


def rule_by_id(rule_id: str) -> Rule:
    rules = {r.ID: r for r in all_rules()}
    if rule_id not in rules:
        raise UsageError(f"unknown rule {rule_id!r}{suggest(rule_id, list(rules))}")
    return rules[rule_id]


def enabled(
    rule_settings: Mapping[str, RuleSettings],
) -> list[tuple[Rule, Severity, RuleOptions]]:
    """The rules that run, in registry order, with their level and options."""
    chosen = []
    for rule in all_rules():
        setting = rule_settings[rule.ID]
        if setting.level is not None:
            chosen.append((rule, setting.level, setting.options))
    return chosen


def settings(
    config: Config,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
) -> dict[str, RuleSettings]:
    """Levels and options per rule: defaults < config ``rules`` < ``--select``/``--ignore``."""
    rules = {r.ID: r for r in all_rules()}
    result = {rid: RuleSettings(Severity.parse(r.LEVEL), r.Options()) for rid, r in rules.items()}
    where = config.where
    for rid, value in config.rules.items():
        if rid not in rules:
            raise ConfigError(f'{where}: unknown rule "{rid}"{suggest(str(rid), list(rules))}')
        current = result[rid]
        if value in OFF_WORDS:
            result[rid] = RuleSettings(None, current.options)
            continue
        if isinstance(value, str):
            result[rid] = RuleSettings(_level(value, where, rid), current.options)
            continue
        if not isinstance(value, Mapping):
            raise ConfigError(f"{where}: rules.{rid} must be a level or a mapping")
        options = current.options
        level = current.level
        for key, option in value.items():
            if key == "level":
                level = None if option in OFF_WORDS else _level(str(option), where, rid)
            elif key in as_config(options):
                options = with_config(options, {key: option}, where, rid)
            else:
                valid = ["level", *as_config(options)]
                raise ConfigError(
                    f'{where}: unknown option "{key}" for rule "{rid}"{suggest(str(key), valid)}'
                )
        result[rid] = RuleSettings(level, options)
    chosen = [s.strip() for item in select for s in item.split(",") if s.strip()]
    if chosen:
        for rid in chosen:
            rule_by_id(rid)
        result = {
            rid: (s if rid in chosen else RuleSettings(None, s.options))
            for rid, s in result.items()
        }
        for rid in chosen:
            if result[rid].level is None:
                level = Severity.parse(rules[rid].LEVEL)
                result[rid] = RuleSettings(level, result[rid].options)
    for item in ignore:
        for rid in (s.strip() for s in item.split(",") if s.strip()):
            rule_by_id(rid)
            result[rid] = RuleSettings(None, result[rid].options)
    return result


def _level(text: str, where: str, rid: str) -> Severity:
    try:
        return Severity[text.upper()]
    except KeyError:
        choices = ("error", "warning", "info", "off")
        raise ConfigError(
            f"{where}: rules.{rid}: unknown level {text!r}{suggest(text, choices)}"
        ) from None
