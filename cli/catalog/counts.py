"""How many tools a run or a scope holds, counted and said the same way by every command:
custom tools first, then the search tool, other server tools and malformed entries apart
("16 tools + tool search")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from toolsearch.catalog.model import Scope


def count_of(count: int, noun: str, plural: str | None = None) -> str:
    """``1 tool``, ``10,000 tools``."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


@dataclass(frozen=True)
class ToolCount:
    """Custom tools, tool search tools (Claude Code's own included), other server tools, and
    entries too malformed to be tools."""

    tools: int = 0
    search_tools: int = 0
    server_tools: int = 0
    malformed: int = 0

    @property
    def entries(self) -> int:
        """Every entry counted: what the tools arrays hold."""
        return self.tools + self.search_tools + self.server_tools + self.malformed

    def __add__(self, other: ToolCount) -> ToolCount:
        return ToolCount(
            self.tools + other.tools,
            self.search_tools + other.search_tools,
            self.server_tools + other.server_tools,
            self.malformed + other.malformed,
        )

    def describe(self) -> str:
        """``16 tools + tool search``, ``3 tools + 2 tool searches + 1 server tool``."""
        parts = [count_of(self.tools, "tool")]
        if self.search_tools == 1:
            parts.append("tool search")
        elif self.search_tools:
            parts.append(count_of(self.search_tools, "tool search", "tool searches"))
        if self.server_tools:
            parts.append(count_of(self.server_tools, "server tool"))
        if self.malformed:
            parts.append(count_of(self.malformed, "malformed tool"))
        return " + ".join(parts)


def scope_count(scope: Scope) -> ToolCount:
    """The tools of one scope."""
    searches = len(scope.search_tools) + (1 if scope.implicit_search is not None else 0)
    return ToolCount(
        len(scope.tools), searches, len(scope.other_server_tools), len(scope.malformed)
    )


def run_count(scopes: Iterable[Scope]) -> ToolCount:
    """The tools of every scope of a run."""
    return sum((scope_count(s) for s in scopes), ToolCount())
