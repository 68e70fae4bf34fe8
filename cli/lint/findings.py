"""Lint findings: levels, what a rule found (``Problem``) and what is reported (``Diagnostic``).

The records every lint module shares; they import nothing of toolsearch's but the catalog's
``Location`` and the config's word suggester.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from toolsearch.catalog.model import Location
from toolsearch.config import suggest
from toolsearch.errors import UsageError


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


@dataclass(frozen=True)
class Problem:
    """What a rule found, and where."""

    message: str
    location: Location
    tool: str | None = None
    source: str | None = None
    uncertain: bool = False  # the facts do not settle it: reported a level lower (at most warning)


IDENTITY_VERSION = 2
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def without_numbers(message: str) -> str:
    """The message with every number as ``#`` ("all 3 tools", "about 1,234 tokens")."""
    return _NUMBER.sub("#", message)


def identity(rule: str, source: str, tool: str | None, message: str) -> str:
    """A finding's identity (v2): no line or pointer, so inserting a tool does not shift it,
    and no number, so a count or token figure that changes does not make it new."""
    return "\x1f".join((rule, source, tool or "", without_numbers(message)))


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
        """Stable identity for baselines and SARIF: rule + source + tool + message with its
        numbers as ``#``."""
        return identity(self.rule, self.identity_source, self.tool, self.message)

    def concise(self) -> str:
        """``path:line:col: level rule-id message`` (line and column left out when unknown)."""
        place = self.location.file
        if self.location.line is not None:
            place += f":{self.location.line}"
            if self.location.column is not None:
                place += f":{self.location.column}"
        return f"{place}: {self.level.label} {self.rule} {self.message}"


def sort_key(d: Diagnostic) -> tuple[Any, ...]:
    return (d.file, d.location.line or 0, d.location.column or 0, d.location.pointer, d.rule)


def summary(diagnostics: Iterable[Diagnostic]) -> dict[str, int]:
    counts = {"error": 0, "warning": 0, "info": 0}
    for d in diagnostics:
        counts[d.level.label] += 1
    return counts


def exit_code(diagnostics: Iterable[Diagnostic], fail_on: Severity) -> int:
    return 1 if any(d.level >= fail_on for d in diagnostics) else 0
