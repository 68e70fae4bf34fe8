"""What ``toolsearch serve`` accepts from a client, one JSON-RPC message (one line) at a time.

A message the MCP SDK would drop in silence (invalid JSON, ``[]``, an object id, a lone
``\\ud800`` escape, deep nesting, a line over the size limit) gets the JSON-RPC error it
deserves instead, so the client is never left waiting: -32700 (parse error) for text that is
not JSON, -32600 (invalid request) for JSON that is not an acceptable message. The id is the
message's own when it can be read, else null (JSON-RPC 2.0, section 5.1).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from toolsearch.catalog.loader import MAX_DEPTH, find_lone_surrogate, load_json
from toolsearch.errors import InputError

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
MAX_MESSAGE = 1 << 20  # bytes: a search_tools call is a query of at most 500 characters


@dataclass(frozen=True)
class Checked:
    """A message to pass on (``message``), or the error reply to send instead (``reply``)."""

    message: Mapping[str, Any] | None = None
    reply: dict[str, Any] | None = None

    @property
    def request_id(self) -> str | int | None:
        """The id of a request (a message with a method and an id), else None."""
        if self.message is None or "method" not in self.message:
            return None
        found = self.message.get("id")
        return found if isinstance(found, str | int) else None


def error_reply(code: int, text: str, message_id: str | int | None = None) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": message_id, "error": {"code": code, "message": text}}


def too_long(limit: int) -> Checked:
    """The reply to a line over ``limit`` bytes (read through, never held)."""
    return Checked(
        reply=error_reply(
            INVALID_REQUEST,
            f"Invalid Request: the message is over the {limit:,}-byte limit of toolsearch serve",
        )
    )


def check_message(line: bytes) -> Checked:
    """One line from the client: the message to pass on, or the error reply it deserves."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        return _parse_error(f"not UTF-8 text at byte {error.start}")
    surrogate = find_lone_surrogate(text)
    if surrogate is not None:
        return _parse_error(
            f"{surrogate.group()} at column {surrogate.start() + 1} is half of a surrogate pair, "
            "not a character"
        )
    try:
        data = load_json(text, "the message")
    except json.JSONDecodeError as error:
        return _parse_error(f"{error.msg} at column {error.colno}")
    except InputError as error:  # nested too deep, NaN, a number too long to read
        reason = str(error).removeprefix("the message").lstrip(":0123456789 ")
        if "nesting is too deep" in reason:
            reason = f"nested deeper than {MAX_DEPTH} levels"
        if "not a finite number" in reason:  # NaN, Infinity: not JSON at all
            return _parse_error(reason.partition(";")[0])
        return _invalid(reason)
    if isinstance(data, list):
        what = "an empty batch" if not data else "a batch (MCP sends one message per line)"
        return _invalid(f"{what} is not a message")
    if not isinstance(data, dict):
        return _invalid(f"{_kind(data)} is not a JSON-RPC message (an object)")
    return _check_object(data)


def _check_object(data: dict[str, Any]) -> Checked:
    has_id = "id" in data
    message_id = data.get("id")
    if has_id and (isinstance(message_id, bool) or not isinstance(message_id, str | int)):
        return _invalid(f"the id must be a string or an integer, not {_kind(message_id)}")
    valid_id = message_id if has_id else None
    if data.get("jsonrpc") != "2.0":
        return _invalid('"jsonrpc" must be "2.0"', valid_id)
    if "method" in data:
        if not isinstance(data["method"], str):
            return _invalid(f'"method" must be a string, not {_kind(data["method"])}', valid_id)
        params = data.get("params")
        if "params" in data and not isinstance(params, dict):
            return _invalid(f'"params" must be an object, not {_kind(params)}', valid_id)
    elif not has_id or ("result" in data) == ("error" in data):
        return _invalid("a message needs a method (a request) or an id and a result or an error")
    import mcp_types

    try:
        mcp_types.jsonrpc_message_adapter.validate_python(data, by_name=False)
    except ValueError:  # pydantic's ValidationError: the SDK would drop the message
        return _invalid("the message is not a JSON-RPC message MCP accepts", valid_id)
    return Checked(message=data)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {dict: "an object", list: "an array", float: "a number", int: "a number"}.get(
        type(value), "a string"
    )


def _parse_error(why: str) -> Checked:
    return Checked(reply=error_reply(PARSE_ERROR, f"Parse error: {why}"))


def _invalid(why: str, message_id: str | int | None = None) -> Checked:
    return Checked(reply=error_reply(INVALID_REQUEST, f"Invalid Request: {why}", message_id))
