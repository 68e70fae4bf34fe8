"""Names as Codex CLI sends MCP tools: namespace ``mcp__<server>``, characters outside
``[A-Za-z0-9_]`` as ``_`` (openai/codex ``sanitize_responses_api_tool_name``)."""

from __future__ import annotations

import re

CODEX = "codex"  # the target, the kind of its scope and its search mode
MCP_PREFIX = "mcp__"
_OUTSIDE = re.compile(r"[^A-Za-z0-9_]")


def sanitized(name: str) -> str:
    """A name as Codex sends it: characters outside ``[A-Za-z0-9_]`` become ``_``."""
    return _OUTSIDE.sub("_", name) or "_"


def namespace_of(server: str) -> str:
    """The namespace Codex puts a server's tools in: ``mcp__<server>``, sanitised."""
    return sanitized(MCP_PREFIX + server)
