"""Which rules run, at what level and with which options: defaults < config ``rules`` <
``--select``/``--ignore``. The config's ``rules`` section is checked here for every command."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from toolsearch.config import Config, suggest
from toolsearch.errors import ConfigError, UsageError
from toolsearch.lint.findings import Severity
from toolsearch.lint.rule_contract import Rule, RuleOptions, as_config, with_config
from toolsearch.lint.selection import is_explicit, resolve, words

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
    extend_select: Iterable[str] = (),
    origins: dict[str, str] | None = None,
) -> dict[str, RuleSettings]:
    """Levels and options per rule: defaults < config ``rules`` < the selection (config
    ``select``/``extend-select``, then ``--select``, ``--extend-select``, ``--ignore``).

    ``origins``, when given, is filled with where each rule's level came from."""
    rules = {r.ID: r for r in all_rules()}
    result = {rid: RuleSettings(Severity.parse(r.LEVEL), r.Options()) for rid, r in rules.items()}
    where = config.where
    for rid, value in config.rules.items():
        if rid not in rules:
            raise ConfigError(f'{where}: unknown rule "{rid}"{suggest(str(rid), list(rules))}')
        current = result[rid]
        if origins is not None:
            origins[rid] = f"rules.{rid} in {where}"
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
    return _selected(result, rules, config, select, ignore, extend_select, origins)


def _level(text: str, where: str, rid: str) -> Severity:
    try:
        return Severity[text.upper()]
    except KeyError:
        choices = ("error", "warning", "info", "off")
        raise ConfigError(
            f"{where}: rules.{rid}: unknown level {text!r}{suggest(text, choices)}"
        ) from None


def _selected(
    result: dict[str, RuleSettings],
    rules: Mapping[str, Rule],
    config: Config,
    select: Iterable[str],
    ignore: Iterable[str],
    extend_select: Iterable[str],
    origins: dict[str, str] | None,
) -> dict[str, RuleSettings]:
    """Apply the selection: a rule runs when selected and not ignored. Levels select by the
    level a rule has after the config (a rule turned off there by its default level); ALL,
    levels and globs leave a rule the config turned off alone, an id named outright runs."""
    levels = {rid: (s.level or Severity.parse(rules[rid].LEVEL)).label for rid, s in result.items()}
    where = f"{config.where}: "
    cli_select = words(select)
    steps: list[tuple[list[str], str, type[Exception]]] = []
    if cli_select:
        steps.append((cli_select, "--select", UsageError))
    elif config.select is not None:
        steps.append((list(config.select), f"select in {config.where}", ConfigError))
    steps.append((list(config.extend_select), f"extend-select in {config.where}", ConfigError))
    steps.append((words(extend_select), "--extend-select", UsageError))
    selected = set(rules) if not cli_select and config.select is None else set()
    named: dict[str, str] = {}
    for given, label, error in steps:
        prefix = f"{where}{label.split(' in ')[0]}: " if error is ConfigError else f"{label}: "
        for word in given:
            selected.update(resolve(word, levels, prefix, error))
            if is_explicit(word):
                named[word] = label
    ignored: dict[str, str] = {}
    for word in words(ignore):
        ignored.update((rid, f"--ignore {word}") for rid in resolve(word, levels, "--ignore: "))
    final = {}
    for rid, setting in result.items():
        why = None
        if rid in ignored:
            setting, why = RuleSettings(None, setting.options), ignored[rid]
        elif rid not in selected:
            setting, why = RuleSettings(None, setting.options), f"not in {steps[0][1]}"
        elif setting.level is None and rid in named:
            setting, why = (
                RuleSettings(Severity.parse(rules[rid].LEVEL), setting.options),
                (f"{named[rid]} {rid}"),
            )
        final[rid] = setting
        if origins is not None:
            origins[rid] = why or origins.get(rid, "default")
    return final
