"""GitHub Actions workflow commands (``::error file=...::message``), escaped for the runner."""

from __future__ import annotations

from toolsearch.catalog.model import Location
from toolsearch.lint.findings import Severity
from toolsearch.sanitize import clean

COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
STDIN = "<stdin>"


def escape_data(text: str) -> str:
    """A command's message: ``%``, CR and LF are percent-encoded."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A property value: as data, and ``:`` and ``,`` too (they separate properties)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, message: str, properties: dict[str, str | int | None]) -> str:
    """One workflow command line; properties that are None are left out."""
    given = [
        f"{key}={escape_property(clean(str(value)))}"
        for key, value in properties.items()
        if value is not None
    ]
    head = f"::{name} {','.join(given)}" if given else f"::{name}"
    return f"{head}::{escape_data(clean(message))}"


def annotation(level: Severity, message: str, location: Location | None, title: str) -> str:
    """An annotation on a file and line (the line and column only when known)."""
    file = None if location is None or location.file == STDIN else location.file
    line = location.line if file is not None and location is not None else None
    column = location.column if line is not None and location is not None else None
    return command(
        COMMANDS[level], message, {"file": file, "line": line, "col": column, "title": title}
    )
