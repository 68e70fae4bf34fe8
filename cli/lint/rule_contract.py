"""The rule contract: what a lint rule module provides, and its typed, bounded options.

A rule is a module with ``ID``, ``LEVEL`` (its default level), ``SUMMARY``, ``Options`` (a frozen
``RuleOptions`` record: one field per option, named as in the config with ``_`` for ``-``),
``check(ctx, options)`` yielding ``Problem``s, and its documentation as the module docstring.
A rule for some hosts only says so in ``HOSTS`` (target names): the engine then runs it only
under those targets, on the scopes those hosts send.
Whole-number options are 0 or more unless ``option(..., minimum=...)`` says otherwise (None: no
floor); fractional options are ratios from 0 to 1.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from toolsearch.errors import ConfigError

if TYPE_CHECKING:
    from toolsearch.lint.findings import Problem
    from toolsearch.lint.rule_context import Context


@dataclass(frozen=True)
class RuleOptions:
    """Base of every rule's options record."""

    BOUNDS: ClassVar[Mapping[str, int | None]] = {}
    CHOICES: ClassVar[Mapping[str, tuple[str, ...]]] = {}  # the values a text option takes


@dataclass(frozen=True)
class NoOptions(RuleOptions):
    """The options of a rule that has none."""


class Rule(Protocol):
    """A lint rule module."""

    @property
    def ID(self) -> str: ...

    @property
    def LEVEL(self) -> str: ...

    @property
    def SUMMARY(self) -> str: ...

    @property
    def Options(self) -> type[RuleOptions]: ...

    @property
    def __doc__(self) -> str | None: ...  # type: ignore[override]

    @property
    def __name__(self) -> str: ...

    def check(self, ctx: Context, options: Any) -> Iterator[Problem]: ...


def rule_hosts(rule: Rule) -> tuple[str, ...] | None:
    """The hosts a rule checks (its module's ``HOSTS``), None when it checks every host."""
    hosts: tuple[str, ...] | None = getattr(rule, "HOSTS", None)
    return hosts


def option_key(field_name: str) -> str:
    """The config key of an options field: ``min_length`` is ``min-length``."""
    return field_name.replace("_", "-")


def defaults(options_type: type[RuleOptions]) -> RuleOptions:
    return options_type()


def as_config(options: RuleOptions) -> dict[str, Any]:
    """The options by config key, in declaration order."""
    return {option_key(f.name): getattr(options, f.name) for f in dataclasses.fields(options)}


def with_config(
    options: RuleOptions, given: Mapping[str, Any], where: str, rule_id: str
) -> RuleOptions:
    """``options`` with the config's values, each checked against its default's kind and bound.

    Raises ConfigError naming the key; unknown keys are the caller's to report.
    """
    fields = {option_key(f.name): f for f in dataclasses.fields(options)}
    changes: dict[str, Any] = {}
    for key, value in given.items():
        found = fields[key]
        minimum = type(options).BOUNDS.get(key, 0)
        name = f"{where}: rules.{rule_id}.{key}"
        changes[found.name] = _checked(value, getattr(options, found.name), name, minimum)
        choices = type(options).CHOICES.get(key)
        if choices and value not in choices:
            raise ConfigError(f"{name} must be one of {', '.join(choices)}")
    return dataclasses.replace(options, **changes)


def _checked(value: Any, default: Any, name: str, minimum: int | None) -> Any:
    """A value of the default's kind: a whole-number default wants a whole number of at least
    ``minimum`` (None: any); a fractional default (a similarity) a ratio from 0 to 1."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ConfigError(f"{name} must be true or false")
        return value
    if isinstance(default, str):
        if not isinstance(value, str):
            raise ConfigError(f"{name} must be a string")
        return value
    if not isinstance(default, int | float):
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
