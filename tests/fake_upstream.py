"""A stand-in for the Anthropic Messages and OpenAI Responses APIs on loopback, for ``probe``.

The faithful upstream follows the documented rules and 400 texts (tool-search-facts §2.4, §2.3;
hosts-facts §1.1): deferred tools cost nothing upfront on Messages and their name and
description on Responses; a deferred tool with ``cache_control``, a ``tool_reference`` to an
unknown tool, every tool deferred, deferral without ``tool_search`` and a namespaced
``function_call`` replayed without its namespace are refused with the APIs' own texts. Token
counts are a stand-in tokenizer (4 characters a token) over what the model would see.

``faults`` put a gateway's known failure patterns in front of it (hosts-facts §2):
``drop-defer``, ``drop-search``, ``break-round-trip``, ``add-cache-control``,
``rewrite-errors``, ``reject-beta``, ``defer-unasked``, ``echo-key``, ``hostile-text``,
``empty-reference`` (a ``tool_result``'s ``tool_reference`` sent on as empty text, as LiteLLM
does when it translates Messages for an OpenAI backend).
"""

from __future__ import annotations

import copy
import json
import math
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

KNOWN_BETAS = (
    "advanced-tool-use-2025-11-20",
    "tool-search-tool-2025-10-19",
    "mcp-client-2025-11-20",
)
SEARCH_TYPES = ("tool_search_tool_bm25", "tool_search_tool_regex")
TOOL_USE_SYSTEM_PROMPT = 346
SEARCH_TOOL_TOKENS = 500
FAULTS = (
    "drop-defer",
    "drop-search",
    "break-round-trip",
    "add-cache-control",
    "rewrite-errors",
    "reject-beta",
    "defer-unasked",
    "echo-key",
    "hostile-text",
    "empty-reference",
)


class Refusal(Exception):
    """A 4xx the upstream (or the gateway in front of it) answers."""

    def __init__(self, status: int, message: str, kind: str = "invalid_request_error") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.kind = kind


@dataclass
class Upstream:
    """What the fake serves and what it received (the body after any gateway fault)."""

    faults: frozenset[str] = frozenset()
    received: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, path: str, headers: dict[str, str], body: Any) -> None:
        with self.lock:
            self.received.append({"path": path, "headers": headers, "body": copy.deepcopy(body)})

    def named(self, name: str) -> list[dict[str, Any]]:
        """The requests whose first user message carries ``probe``'s marker for ``name``."""
        mark = f"request '{name}'."
        return [r for r in self.received if mark in json.dumps(r["body"])]


def tokens(value: Any) -> int:
    return math.ceil(len(json.dumps(value, sort_keys=True)) / 4)


# --- gateway faults ----------------------------------------------------------------------------


def _all_tools(tools: list[Any]) -> Iterator[dict[str, Any]]:
    for tool in tools:
        if isinstance(tool, dict):
            yield tool
            if tool.get("type") == "namespace":
                yield from (t for t in tool.get("tools", []) if isinstance(t, dict))


def _is_search(tool: dict[str, Any]) -> bool:
    kind = str(tool.get("type", ""))
    return kind == "tool_search" or kind.startswith(SEARCH_TYPES)


def apply_faults(faults: frozenset[str], body: Any, headers: dict[str, str]) -> None:
    """Change the request as a faulty gateway would, or refuse it as one does."""
    if not isinstance(body, dict):
        return
    if "reject-beta" in faults and headers.get("anthropic-beta"):
        value = headers["anthropic-beta"]
        raise Refusal(
            400,
            f"Unexpected value(s) `{value}` for the `anthropic-beta` header. Please consult our "
            "documentation at docs.anthropic.com or try again without the header.",
        )
    tools = body.get("tools")
    if isinstance(tools, list):
        if "drop-search" in faults:
            body["tools"] = tools = [
                t for t in tools if not (isinstance(t, dict) and _is_search(t))
            ]
        if "drop-defer" in faults:
            for tool in _all_tools(tools):
                tool.pop("defer_loading", None)
        if "defer-unasked" in faults:
            for tool in _all_tools(tools[1:]):
                if "defer_loading" not in tool and not _is_search(tool):
                    tool["defer_loading"] = True
        if "add-cache-control" in faults and tools and isinstance(tools[-1], dict):
            tools[-1]["cache_control"] = {"type": "ephemeral"}
    if "empty-reference" in faults:
        for message in body.get("messages", []) or []:
            for block in _blocks(message):
                if block.get("type") == "tool_result" and "tool_reference" in json.dumps(block):
                    block["content"] = ""
    if "break-round-trip" in faults:
        for message in body.get("messages", []) or []:
            for block in _blocks(message):
                if block.get("type") == "tool_result" and any(
                    isinstance(part, dict) and part.get("type") == "tool_reference"
                    for part in block.get("content", []) or []
                ):
                    raise Refusal(400, "Invalid 'input': value did not match any expected variant")
        for item in body.get("input", []) if isinstance(body.get("input"), list) else []:
            if isinstance(item, dict) and item.get("type") == "function_call":
                item.pop("namespace", None)


def _blocks(message: Any) -> list[dict[str, Any]]:
    content = message.get("content") if isinstance(message, dict) else None
    return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []


# --- Anthropic Messages ------------------------------------------------------------------------


def messages_reply(body: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
    """The Messages API's answer, or its 400 (documented texts)."""
    for value in filter(None, headers.get("anthropic-beta", "").split(",")):
        if value.strip() not in KNOWN_BETAS:
            raise Refusal(
                400,
                f"Unexpected value(s) `{value.strip()}` for the `anthropic-beta` header. Please "
                "consult our documentation at docs.anthropic.com or try again without the header.",
            )
    tools = [t for t in body.get("tools", []) if isinstance(t, dict)]
    names = {str(t.get("name")) for t in tools}
    for tool in tools:
        if tool.get("defer_loading") and "cache_control" in tool:
            raise Refusal(
                400,
                f"Tool '{tool.get('name')}' cannot have both defer_loading=true and "
                "cache_control set. Tools with defer_loading cannot use prompt caching.",
            )
    if tools and all(t.get("defer_loading") for t in tools):
        raise Refusal(
            400, "At least one tool must have defer_loading=false. All tools cannot be deferred."
        )
    referenced = []
    for message in body.get("messages", []):
        for block in _blocks(message):
            for part in block.get("content", []) if block.get("type") == "tool_result" else []:
                if isinstance(part, dict) and part.get("type") == "tool_reference":
                    name = str(part.get("tool_name"))
                    if name not in names:
                        raise Refusal(400, f"Tool reference '{name}' not found in available tools")
                    referenced.append(name)
    loaded = [t for t in tools if not t.get("defer_loading") and not _is_search(t)]
    searchers = [t for t in tools if _is_search(t)]
    count = tokens(body.get("messages", [])) + tokens(body.get("system", ""))
    if tools:
        count += TOOL_USE_SYSTEM_PROMPT + sum(tokens(t) for t in loaded)
        count += SEARCH_TOOL_TOKENS * len(searchers)
        count += sum(tokens(t) for t in tools if t.get("name") in referenced)
    content: list[dict[str, Any]] = []
    last = body["messages"][-1] if body.get("messages") else {}
    asked = json.dumps(last.get("content", ""))
    if searchers and "tool search" in asked:
        query = "inventory report"
        found = [
            str(t.get("name"))
            for t in tools
            if t.get("defer_loading")
            and any(w in str(t.get("description", "")).lower() for w in query.split())
        ]
        content += [
            {
                "type": "server_tool_use",
                "id": "srvtoolu_probe01",
                "name": searchers[0].get("name"),
                "input": {"query": query},
            },
            {
                "type": "tool_search_tool_result",
                "tool_use_id": "srvtoolu_probe01",
                "content": {
                    "type": "tool_search_tool_search_result",
                    "tool_references": [{"type": "tool_reference", "tool_name": n} for n in found],
                },
            },
        ]
    content.append({"type": "text", "text": "OK"})
    return {
        "id": "msg_probe",
        "type": "message",
        "role": "assistant",
        "model": body.get("model"),
        "content": content,
        "stop_reason": "max_tokens" if body.get("max_tokens") == 1 else "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": count, "output_tokens": 1},
    }


# --- OpenAI Responses --------------------------------------------------------------------------


def responses_reply(body: dict[str, Any]) -> dict[str, Any]:
    """The Responses API's answer, or its 400 (observed texts, hosts-facts §1.1)."""
    limit = body.get("max_output_tokens")
    if isinstance(limit, int) and limit < 16:
        raise Refusal(
            400,
            "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, "
            f"but got {limit} instead.",
        )
    tools = [t for t in body.get("tools", []) if isinstance(t, dict)]
    every = list(_all_tools(tools))
    deferred = [t for t in every if t.get("defer_loading")]
    searchers = [t for t in tools if t.get("type") == "tool_search"]
    if deferred and not searchers:
        raise Refusal(
            400, "Invalid Value: 'tools.defer_loading'. Deferred tools require tools.tool_search."
        )
    if searchers and not deferred:
        raise Refusal(
            400,
            "Invalid Value: 'tools.tool_search'. tools.tool_search requires at least one "
            "deferred tool.",
        )
    in_namespace = {
        str(inner.get("name")): str(t.get("name"))
        for t in tools
        if t.get("type") == "namespace"
        for inner in t.get("tools", [])
        if isinstance(inner, dict)
    }
    items = body.get("input")
    for index, item in enumerate(items if isinstance(items, list) else []):
        if isinstance(item, dict) and item.get("type") == "function_call":
            name = str(item.get("name"))
            if name in in_namespace and item.get("namespace") != in_namespace[name]:
                raise Refusal(
                    400,
                    f"Missing namespace for function_call '{name}'. It does not exist in the "
                    "default namespace. Round-trip the model's function_call item with its "
                    f"namespace field included. (param: input[{index}].namespace)",
                )
    count = tokens(body.get("input", ""))
    for tool in tools:
        if tool.get("type") == "namespace":
            count += tokens({"name": tool.get("name"), "description": tool.get("description")})
            count += sum(tokens(t) for t in tool.get("tools", []) if not t.get("defer_loading"))
        elif tool.get("defer_loading"):
            count += tokens({"name": tool.get("name"), "description": tool.get("description")})
        elif tool.get("type") != "tool_search":
            count += tokens(tool)
    output: list[dict[str, Any]] = []
    if searchers and "tool search" in json.dumps(body.get("input", "")):
        found = [t for t in deferred if "inventory" in str(t.get("description", "")).lower()]
        output += [
            {
                "type": "tool_search_call",
                "id": "tsc_probe01",
                "call_id": None,
                "execution": "server",
                "status": "completed",
                "arguments": {"query": "inventory report"},
            },
            {
                "type": "tool_search_output",
                "id": "tso_probe01",
                "call_id": None,
                "execution": "server",
                "status": "completed",
                "tools": found,
            },
        ]
    output.append(
        {
            "type": "message",
            "id": "msg_probe01",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": "OK", "annotations": []}],
        }
    )
    return {
        "id": "resp_probe01",
        "object": "response",
        "created_at": 1_700_000_000,
        "status": "completed",
        "model": body.get("model"),
        "output": output,
        "usage": {
            "input_tokens": count,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": 1,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": count + 1,
        },
    }


# --- the server --------------------------------------------------------------------------------


def handler_for(upstream: Upstream) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length)
            headers = {k.lower(): v for k, v in self.headers.items()}
            key = headers.get("x-api-key") or headers.get("authorization", "").removeprefix(
                "Bearer "
            )
            try:
                body = json.loads(raw)
            except ValueError:
                self._reply(400, _error("invalid_request_error", "the body is not JSON"))
                return
            path = self.path.split("?", 1)[0]
            try:
                apply_faults(upstream.faults, body, headers)
                upstream.record(path, headers, body)
                if not key:
                    raise Refusal(401, "invalid x-api-key", "authentication_error")
                if "echo-key" in upstream.faults:
                    raise Refusal(401, f"invalid key {key}", "authentication_error")
                if path.endswith("/messages"):
                    self._reply(200, messages_reply(body, headers))
                elif path.endswith("/responses"):
                    self._reply(200, responses_reply(body))

                else:
                    raise Refusal(404, f"no route {path}", "not_found_error")
            except Refusal as refusal:
                if "rewrite-errors" in upstream.faults and refusal.status == 400:
                    refusal = Refusal(400, "Bad request to upstream provider", "gateway_error")
                if "hostile-text" in upstream.faults:
                    refusal = Refusal(
                        refusal.status, "\x1b[31mBad [bold]request[/bold]\u202e", "gateway_error"
                    )
                self._reply(refusal.status, _error(refusal.kind, refusal.message))

        def _reply(self, status: int, payload: Any) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


def _error(kind: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": message}}
