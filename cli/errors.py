"""Errors that end a run with a clear message instead of a traceback."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """What a run's exit code means (README.md, "Exit codes")."""

    OK = 0
    FINDINGS = 1  # findings at --fail-on or above, or a gate failed
    ERROR = 2  # usage, input, config or server errors (wins over 1)
    BUG = 3  # an internal error
    INTERRUPTED = 130  # Ctrl-C


class ToolsearchError(Exception):
    """A problem the user can fix: bad input, usage or config. Exit code 2."""

    exit_code = ExitCode.ERROR


class InputError(ToolsearchError):
    """A file or stream that cannot be read as a catalog."""


class UsageError(ToolsearchError):
    """Options or arguments that do not fit together."""


class ConfigError(ToolsearchError):
    """A configuration file that is invalid."""


class ServerError(ToolsearchError):
    """A remote endpoint or MCP server that failed."""


class SearchInputError(ToolsearchError):
    """A query the search tool refuses; ``code`` is the API's ``error_code``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.detail = message
