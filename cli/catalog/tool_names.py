"""Tool names as the API checks them: ``^[a-zA-Z0-9_-]{1,64}$`` (tool-search-facts.md §1.1, §1.2).

Says which part of a name fails (a dot, a space, other characters, the length) and, for
Claude Code's ``mcp__<server>__<tool>`` names, whether the prefix is to blame (§6.4).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from toolsearch.catalog.model import Tool
from toolsearch.hosts.host import Host
from toolsearch.sanitize import one_line

DOCUMENTED_LIMIT = 64  # Define-tools, every snapshot
OBSERVED_LIMIT = 128  # API errors seen since 2025-06 for tools[].name (§1.2)
NAME_PATTERN = "^[a-zA-Z0-9_-]{1,64}$"
_BAD = re.compile(r"[^a-zA-Z0-9_-]")


def quoted(text: str, limit: int = 80) -> str:
    """Catalog text made safe and short, in double quotes, for a message."""
    return f'"{one_line(text, limit)}"'


def bad_characters(name: str) -> list[str]:
    """Descriptions of the characters outside ``[a-zA-Z0-9_-]``, in order of first use."""
    found = list(dict.fromkeys(_BAD.findall(name)))
    parts = []
    if "." in found:
        parts.append("a dot ('.')")
    if " " in found:
        parts.append("a space")
    others = [c for c in found if c not in ". "]
    if others:
        shown = ", ".join(_show(c) for c in others[:5])
        more = f" and {len(others) - 5} more" if len(others) > 5 else ""
        parts.append(f"characters outside A-Z a-z 0-9 _ - ({shown}{more})")
    return parts


def _show(char: str) -> str:
    if char.isprintable() and not unicodedata.category(char).startswith(("Z", "C")):
        return f"'{char}'"
    return f"U+{ord(char):04X}"


def in_tool_reference(tool: Tool, host: Host) -> bool:
    """A deferred tool sent by a host whose search names it in a ``tool_reference`` (Claude
    Code: 64 characters at most, §1.2), so ``tool-reference-name-too-long`` reports its length."""
    return host.names_in_references and tool.deferred


def name_pointer(tool: Tool) -> str:
    """Where the name sits below the tool's pointer."""
    return "/function/name" if tool.dialect == "openai-chat" else "/name"


def suggested_name(name: str, room: int = DOCUMENTED_LIMIT) -> str:
    """A name that matches the pattern: bad characters become '_', cut to ``room``."""
    return (_BAD.sub("_", name) or "tool")[: max(room, 1)]


@dataclass(frozen=True)
class SentName:
    """A tool's name as sent, split into Claude Code's prefix (may be "") and its own name."""

    sent: str
    prefix: str
    own: str

    @classmethod
    def of(cls, tool: Tool) -> SentName:
        sent = tool.sent_name
        if sent != tool.name and sent.endswith(tool.name):
            return cls(sent, sent[: len(sent) - len(tool.name)], tool.name)
        return cls(sent, "", sent)

    @property
    def label(self) -> str:
        """How a message names it: "name as sent" when Claude Code's prefix is part of it."""
        return "name as sent" if self.prefix else "tool name"

    def length_note(self) -> str:
        """``is N characters`` and, when the prefix pushed it over 64, how."""
        size = len(self.sent)
        if self.prefix and len(self.own) <= DOCUMENTED_LIMIT < size:
            return f"is {size} characters, {len(self.prefix)} of them Claude Code's prefix"
        return f"is {size} characters"

    def character_note(self) -> str | None:
        """Which characters fail, and whether they sit in the prefix or in the tool's name."""
        own = bad_characters(self.own)
        prefix = bad_characters(self.prefix)
        notes = []
        if own:
            notes.append("contains " + " and ".join(own))
        if prefix:
            notes.append(
                f"has Claude Code's prefix {self.prefix!r}, which contains " + " and ".join(prefix)
            )
        return " and ".join(notes) or None

    @property
    def own_is_valid(self) -> bool:
        """The tool's own name (without the prefix) has only valid characters."""
        return bool(self.own) and not bad_characters(self.own)
