"""Errors that end a run with a clear message instead of a traceback."""

from __future__ import annotations


class ToolsearchError(Exception):
    """A problem the user can fix: bad input, usage or config. Exit code 2."""

    exit_code = 2


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
