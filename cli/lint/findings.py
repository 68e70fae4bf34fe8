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
    key: str | None = None  # tells apart findings of one place that name no tool (identity v3)


IDENTITY_VERSION = 3
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_INDEX = re.compile(r"/\d+(?=/|$)")


def without_numbers(message: str) -> str:
    """The message with every number as ``#`` ("all 3 tools", "about 1,234 tokens")."""
    return _NUMBER.sub("#", message)


def subject_of(pointer: str, tool_pointer: str | None) -> str:
    """Where a finding is, independent of the message and of the tool's position: the pointer
    below its tool's (``/input_schema/properties/q``), else its pointer with array indexes as
    ``#`` (``/mcp_servers/#``)."""
    if tool_pointer is not None and (pointer + "/").startswith(tool_pointer + "/"):
        return pointer[len(tool_pointer) :]
    return _INDEX.sub("/#", pointer)


def identity(rule: str, source: str, tool: str | None, subject: str) -> str:
    """A finding's identity (v3): rule + source + tool + subject. No line, array index of its
    tool or message wording, so inserting a tool or rewording a message does not make it new."""
    return "\x1f".join((rule, source, tool or "", subject))


def legacy_identity(rule: str, source: str, tool: str | None, message: str) -> str:
    """Identity v2 (v1 entries match by it too): rule + source + tool + the message with its
    numbers as ``#``."""
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
    subject: str | None = None  # None: derived from the pointer (see ``key``)

    @property
    def file(self) -> str:
        return self.location.file

    @property
    def identity_source(self) -> str:
        """The source a finding belongs to; a scope-level finding belongs to its scope."""
        return self.source or self.scope

    @property
    def key(self) -> str:
        """The message-independent part of the identity (``subject_of``)."""
        if self.subject is not None:
            return self.subject
        return subject_of(self.location.pointer, None)

    @property
    def fingerprint(self) -> str:
        """Stable identity (v3) for baselines and SARIF: rule + source + tool + subject."""
        return identity(self.rule, self.identity_source, self.tool, self.key)

    @property
    def legacy_fingerprint(self) -> str:
        """Identity v2, which baseline entries written before v3 match by."""
        return legacy_identity(self.rule, self.identity_source, self.tool, self.message)

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
