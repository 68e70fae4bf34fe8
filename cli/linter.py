"""The lint engine: run enabled rules per scope, stamp rule ids and levels, apply ignores.

Rules find problems; this module decides what is reported; reporters decide how it looks.
A rule module has ``ID``, ``LEVEL`` (its default level), ``SUMMARY``, ``OPTIONS`` (defaults of
its options), ``check(ctx, options)`` yielding ``Problem``s, and its documentation as the module
docstring. Whole-number options are 0 or more unless the rule's optional ``OPTION_MINIMA`` says
otherwise (None: no floor); fractional options are ratios from 0 to 1.
"""

from __future__ import annotations

import fnmatch
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property
from types import ModuleType
from typing import TYPE_CHECKING, Any

from toolsearch.config import Config, suggest
from toolsearch.errors import ConfigError, UsageError
from toolsearch.model import Catalog, Location, Scope, Tool

if TYPE_CHECKING:
    from toolsearch.budget import ScopeBudget
    from toolsearch.models import ModelInfo


class Severity(IntEnum):
    """Diagnostic levels, ordered so that ``>=`` compares with ``--fail-on``."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls[text.upper()]
        except KeyError:
            raise UsageError(
                f"unknown level {text!r}: use error, warning or info"
                + suggest(text, ("error", "warning", "info"))
            ) from None


OFF_WORDS = ("off", False)


@dataclass(frozen=True)
class Problem:
    """What a rule found, and where."""

    message: str
    location: Location
    tool: str | None = None
    source: str | None = None


def identity(rule: str, source: str, tool: str | None, message: str) -> str:
    """A finding's identity: no line or pointer, so inserting a tool does not shift it."""
    return "\x1f".join((rule, source, tool or "", message))


@dataclass(frozen=True)
class Diagnostic:
    """A problem stamped with its rule, level and scope."""

    rule: str
    level: Severity
    message: str
    location: Location
    scope: str
    tool: str | None = None
    source: str | None = None

    @property
    def file(self) -> str:
        return self.location.file

    @property
    def identity_source(self) -> str:
        """The source a finding belongs to; a scope-level finding belongs to its scope."""
        return self.source or self.scope

    @property
    def fingerprint(self) -> str:
        """Stable identity for baselines and SARIF: rule + source + tool + message."""
        return identity(self.rule, self.identity_source, self.tool, self.message)

    def concise(self) -> str:
        """``file:line:col: level message [rule]`` (line and column left out when unknown)."""
        place = self.location.file
        if self.location.line is not None:
            place += f":{self.location.line}"
            if self.location.column is not None:
                place += f":{self.location.column}"
        return f"{place}: {self.level.label} {self.message} [{self.rule}]"


@dataclass
class Context:
    """What a rule may read about one scope; costly views are computed once, on demand."""

    scope: Scope
    catalog: Catalog
    config: Config = field(default_factory=Config)
    model_override: str | None = None

    @cached_property
    def model_id(self) -> str | None:
        return self.model_override or self.scope.model or self.config.model

    @cached_property
    def model(self) -> ModelInfo:
        from toolsearch.models import resolve

        return resolve(self.model_id)[0]

    @cached_property
    def budget(self) -> ScopeBudget:
        from toolsearch.budget import compute_budget

        single = self.catalog.subset(self.scope)
        return compute_budget(
            single,
            model_override=self.model_override,
            config_model=self.config.model,
            context_window=self.config.context_window,
        ).scopes[0]

    def computed_budget(self) -> ScopeBudget | None:
        """The full budget if a rule has already asked for it, else None (nothing computed)."""
        found = self.__dict__.get("budget")
        return found if found is not None else None

    @cached_property
    def tokens_by_tool(self) -> Mapping[tuple[str, str], float]:
        """Estimated Claude tokens per (source, name)."""
        return {(r.source, r.name): r.tokens for r in self.budget.rows}

    def tool_problem(self, tool: Tool, message: str, pointer_suffix: str = "") -> Problem:
        """A problem located at a tool (or below it)."""
        loc = tool.location
        if pointer_suffix:
            loc = self.locate(loc.file, loc.pointer + pointer_suffix, fallback=loc)
        return Problem(message, loc, tool.name, tool.source)

    def locate(self, file: str, pointer: str, fallback: Location | None = None) -> Location:
        """A location for a pointer in one of the scope's files, with its line when found."""
        document = self.documents.get(file)
        if document is not None:
            line, column = document.position(pointer)
            if line is not None:
                return Location(file, pointer, line, column)
        if fallback is not None:
            found = self.catalog.resolve(fallback)
            return Location(file, pointer, found.line, found.column)
        return Location(file, pointer)

    documents: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RuleSettings:
    """A rule's effective level (None = off) and options."""

    level: Severity | None
    options: Mapping[str, Any]


def all_rules() -> tuple[ModuleType, ...]:
    from toolsearch.rules import RULES

    return RULES


def rule_by_id(rule_id: str) -> ModuleType:
    rules = {r.ID: r for r in all_rules()}
    if rule_id not in rules:
        raise UsageError(f"unknown rule {rule_id!r}{suggest(rule_id, list(rules))}")
    return rules[rule_id]


def settings(
    config: Config,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
) -> dict[str, RuleSettings]:
    """Levels and options per rule: defaults < config ``rules`` < ``--select``/``--ignore``."""
    rules = {r.ID: r for r in all_rules()}
    result = {
        rid: RuleSettings(Severity.parse(r.LEVEL), dict(getattr(r, "OPTIONS", {})))
        for rid, r in rules.items()
    }
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
        options = dict(current.options)
        level = current.level
        for key, option in value.items():
            if key == "level":
                level = None if option in OFF_WORDS else _level(str(option), where, rid)
            elif key in options:
                minimum = getattr(rules[rid], "OPTION_MINIMA", {}).get(key, 0)
                options[key] = _option(option, options[key], where, rid, key, minimum)
            else:
                valid = ["level", *options]
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


def _option(
    value: Any, default: Any, where: str, rid: str, key: str, minimum: int | None = 0
) -> Any:
    """A rule option of the default's kind: a whole-number default wants a whole number of at
    least ``minimum`` (None: any); a fractional default (a similarity) a ratio from 0 to 1."""
    name = f"{where}: rules.{rid}.{key}"
    if isinstance(default, bool) and not isinstance(value, bool):
        raise ConfigError(f"{name} must be true or false")
    is_number = isinstance(default, int | float) and not isinstance(default, bool)
    if not is_number:
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"{name} must be a number")
    if isinstance(default, float):
        if not 0 <= value <= 1:  # NaN fails this too
            raise ConfigError(f"{name} must be a ratio from 0 to 1")
        return value
    if isinstance(value, float) and not (math.isfinite(value) and value.is_integer()):
        raise ConfigError(f"{name} must be a whole number")
    if minimum is not None and value < minimum:
        raise ConfigError(f"{name} must be {minimum} or more")
    return int(value)


def run(
    catalog: Catalog,
    config: Config,
    rule_settings: Mapping[str, RuleSettings],
    documents: Mapping[str, Any] | None = None,
    model_override: str | None = None,
) -> list[Diagnostic]:
    """Every enabled rule over every scope, minus ignored findings, in file order."""
    enabled = [(r, rule_settings[r.ID]) for r in all_rules() if rule_settings[r.ID].level]
    found: dict[tuple[str, str, str, str], Diagnostic] = {}
    for scope in catalog.scopes:
        ctx = Context(scope, catalog, config, model_override, documents or {})
        for rule, chosen in enabled:
            assert chosen.level is not None
            for problem in rule.check(ctx, chosen.options):
                diagnostic = Diagnostic(
                    rule.ID,
                    chosen.level,
                    problem.message,
                    catalog.resolve(problem.location),
                    scope.name,
                    problem.tool,
                    problem.source,
                )
                key = (rule.ID, problem.location.file, problem.location.pointer, problem.message)
                found.setdefault(key, diagnostic)
    _check_ignored_tools(catalog, config)
    kept = [d for d in found.values() if not is_ignored(d, config)]
    return sorted(kept, key=sort_key)


def _check_ignored_tools(catalog: Catalog, config: Config) -> None:
    """An ignore entry naming a tool by an ambiguous bare name is a config error."""
    from toolsearch.identity import lookup

    for index, entry in enumerate(config.ignore):
        tool = entry.get("tool")
        if tool is not None:
            lookup(catalog.tools, str(tool), f"{config.where}: ignore[{index}].tool")


def sort_key(d: Diagnostic) -> tuple[Any, ...]:
    return (d.file, d.location.line or 0, d.location.column or 0, d.location.pointer, d.rule)


def is_ignored(diagnostic: Diagnostic, config: Config) -> bool:
    """Config ``ignore`` entries: every key given (rule, path glob#pointer, tool) must match."""
    return any(_matches(entry, diagnostic) for entry in config.ignore)


def _matches(entry: Mapping[str, Any], d: Diagnostic) -> bool:
    rule = entry.get("rule")
    if rule is not None and rule != d.rule:
        return False
    tool = entry.get("tool")
    if tool is not None:
        reference = str(tool)
        source, slash, name = reference.rpartition("/")
        named = d.tool == reference or (bool(slash) and (d.source, d.tool) == (source, name))
        if d.tool is None or not named:
            return False
    path = entry.get("path")
    if path is not None:
        glob, _, pointer = str(path).partition("#")
        if glob and not fnmatch.fnmatch(d.file, glob):
            return False
        if pointer and not (
            d.location.pointer == pointer or d.location.pointer.startswith(pointer + "/")
        ):
            return False
    return True


def summary(diagnostics: Iterable[Diagnostic]) -> dict[str, int]:
    counts = {"error": 0, "warning": 0, "info": 0}
    for d in diagnostics:
        counts[d.level.label] += 1
    return counts


def exit_code(diagnostics: Iterable[Diagnostic], fail_on: Severity) -> int:
    return 1 if any(d.level >= fail_on for d in diagnostics) else 0
