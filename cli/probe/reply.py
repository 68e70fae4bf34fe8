"""What came back for one of ``probe``'s requests, and how a refusal is told."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BUSY_STATUSES = frozenset({408, 429, 503, 504, 529})


@dataclass(frozen=True)
class Reply:
    """What came back for one request; ``message`` is the error text (the key already
    redacted), empty on success."""

    status: int
    body: Any
    message: str = ""

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def busy(self) -> bool:
        """Rate-limited, overloaded or timed out: says nothing about tool search."""
        return self.status in BUSY_STATUSES

    @property
    def input_tokens(self) -> int | None:
        """Every input token the reply bills (cache writes and reads included)."""
        usage = self.body.get("usage") if isinstance(self.body, dict) else None
        if not isinstance(usage, dict):
            return None
        total = 0
        found = False
        for key in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"):
            value = usage.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                total += value
                found = found or key == "input_tokens"
        return total if found else None


def refused(name: str, reply: Reply) -> str:
    """Evidence of a refused request."""
    text = reply.message or "no error text"
    return f"request '{name}' was answered {reply.status}: {text}"


def mentions_beta(reply: Reply) -> bool:
    """A refusal for the beta header: the API's ``Unexpected value(s) … for the anthropic-beta
    header``, or Bedrock Converse's ``not currently supported on the Converse`` (hosts-facts
    §5, probe (f))."""
    text = reply.message.lower()
    return not reply.ok and ("beta" in text or "not currently supported on the converse" in text)
