"""The small requests ``probe`` sends: pure builders, one set per host (Messages or Responses).

Every request names itself in its first user message (``toolsearch probe, request 'NAME'``), so
a reply, a log line or an upstream's record can be matched to the check it answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ANTHROPIC_VERSION = "2023-06-01"
SEARCH_TOOL = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
BIG_TOOL = "probe_inventory_report"
SMALL_TOOL = "get_time"
TINY_DEFERRED = "probe_ping"
CLIENT_SEARCH = "search_tools"
NAMESPACE = "probe_inventory"
NAMESPACED_TOOL = "inventory_report"
# Smallest output each reply needs: usage only (1; Responses refuses fewer than 16), or room for
# the model to write its search call before the server runs it.
MAX_TOKENS = {"api": 1, "openai": 16}
SEARCH_MAX_TOKENS = 200


@dataclass(frozen=True)
class ProbeRequest:
    """One request: which check it serves, where it goes and what it carries (no key)."""

    name: str
    purpose: str
    path: str
    body: dict[str, Any]


def marker(name: str) -> str:
    """The text that opens a request's first user message."""
    return f"toolsearch probe, request '{name}'."


def _fields(count: int) -> dict[str, Any]:
    """Documented parameters enough to make one tool cost well over a thousand tokens loaded."""
    topics = (
        "warehouse",
        "aisle",
        "supplier",
        "category",
        "season",
        "region",
        "currency",
        "carrier",
        "batch",
        "shelf",
    )
    properties: dict[str, Any] = {}
    for index in range(count):
        topic = topics[index % len(topics)]
        properties[f"{topic}_filter_{index}"] = {
            "type": "string",
            "description": (
                f"Only count stock whose {topic} matches this value (filter {index}); leave it "
                f"out to include every {topic}. Matching ignores case and surrounding spaces, "
                "and several values may be given separated by commas."
            ),
        }
    return properties


def big_schema() -> dict[str, Any]:
    """The large tool's input schema (the same in both hosts' shapes)."""
    return {"type": "object", "properties": _fields(24), "required": []}


BIG_DESCRIPTION = (
    "Write an inventory report of the stock on hand, filtered by many optional fields."
)
SMALL_SCHEMA = {"type": "object", "properties": {"zone": {"type": "string"}}, "required": []}
TINY_SCHEMA = {"type": "object", "properties": {}, "required": []}


# --- Anthropic Messages ------------------------------------------------------------------------


def _anthropic_tool(
    name: str, description: str, schema: dict[str, Any], **extra: Any
) -> dict[str, Any]:
    return {"name": name, "description": description, "input_schema": schema, **extra}


def _anthropic_tools(big: str | None) -> list[dict[str, Any]]:
    """Loaded small tool, the search tool, a tiny deferred tool and (maybe) the big tool, last
    (gateways that add ``cache_control`` put it on the last tool)."""
    tools = [
        _anthropic_tool(SMALL_TOOL, "Tell the current time in a time zone.", SMALL_SCHEMA),
        dict(SEARCH_TOOL),
        _anthropic_tool(TINY_DEFERRED, "Check that the service answers.", TINY_SCHEMA)
        | {"defer_loading": True},
    ]
    if big == "loaded":
        tools.append(_anthropic_tool(BIG_TOOL, BIG_DESCRIPTION, big_schema()))
    elif big == "deferred":
        tools.append(_anthropic_tool(BIG_TOOL, BIG_DESCRIPTION, big_schema(), defer_loading=True))
    elif big == "cached":
        tools.append(
            _anthropic_tool(
                BIG_TOOL,
                BIG_DESCRIPTION,
                big_schema(),
                defer_loading=True,
                cache_control={"type": "ephemeral"},
            )
        )
    return tools


def _user(name: str, text: str = "Reply with one word.") -> dict[str, Any]:
    return {"role": "user", "content": f"{marker(name)} {text}"}


def anthropic_requests(model: str) -> list[ProbeRequest]:
    """The Messages requests, in the order they are sent (the plain one first)."""
    path = "/messages"
    small = MAX_TOKENS["api"]

    def body(name: str, tools: list[dict[str, Any]]) -> dict[str, Any]:
        return {"model": model, "max_tokens": small, "messages": [_user(name)], "tools": tools}

    plain = body("baseline", [_anthropic_tool(SMALL_TOOL, "Tell the time.", SMALL_SCHEMA)])
    search = body("search", _anthropic_tools("deferred"))
    search["max_tokens"] = SEARCH_MAX_TOKENS
    search["messages"] = [
        _user(
            "search",
            "Use the tool search tool to find the tool that writes an inventory report. "
            "Do not answer before searching.",
        )
    ]
    return [
        ProbeRequest("baseline", "reach the endpoint with a plain request", path, plain),
        ProbeRequest(
            "without",
            "the cost without the large tool",
            path,
            body("without", _anthropic_tools(None)),
        ),
        ProbeRequest(
            "loaded",
            "the large tool loaded (no defer_loading)",
            path,
            body("loaded", _anthropic_tools("loaded")),
        ),
        ProbeRequest(
            "deferred",
            "the large tool deferred",
            path,
            body("deferred", _anthropic_tools("deferred")),
        ),
        ProbeRequest("search", "ask the model to search for the deferred tool", path, search),
        ProbeRequest(
            "round-trip",
            "a tool_reference in a tool_result, a turn later",
            path,
            _round_trip(model),
        ),
        ProbeRequest(
            "round-trip-text",
            "the same turn with a text result (what loading the referenced tool adds)",
            path,
            _round_trip(model, "round-trip-text", found=False),
        ),
        ProbeRequest(
            "cache-control",
            "a deferred tool with cache_control (the API answers 400)",
            path,
            body("cache-control", _anthropic_tools("cached")),
        ),
    ]


def _round_trip(model: str, name: str = "round-trip", found: bool = True) -> dict[str, Any]:
    """A client-side search's second turn, as Claude Code's ToolSearch sends it; ``found``
    false: the same turn with a plain text result (what the reference's loading costs)."""
    call_id = "toolu_probe_search_01"
    result: list[dict[str, Any]] = (
        [{"type": "tool_reference", "tool_name": BIG_TOOL}]
        if found
        else [{"type": "text", "text": "No tool matched."}]
    )
    return {
        "model": model,
        "max_tokens": MAX_TOKENS["api"],
        "tools": [
            _anthropic_tool(
                CLIENT_SEARCH,
                "Search the deferred tools by keywords.",
                {"type": "object", "properties": {"query": {"type": "string"}}, "required": []},
            ),
            _anthropic_tool(SMALL_TOOL, "Tell the current time in a time zone.", SMALL_SCHEMA),
            _anthropic_tool(BIG_TOOL, BIG_DESCRIPTION, big_schema(), defer_loading=True),
        ],
        "messages": [
            _user(name, "Find the inventory report tool."),
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "tool_use",
                        "id": call_id,
                        "name": CLIENT_SEARCH,
                        "input": {"query": "inventory report"},
                    }
                ],
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": call_id,
                        "content": result,
                    }
                ],
            },
        ],
    }


# --- OpenAI Responses --------------------------------------------------------------------------


def _openai_function(
    name: str, description: str, schema: dict[str, Any], **extra: Any
) -> dict[str, Any]:
    return {
        "type": "function",
        "name": name,
        "description": description,
        "parameters": schema,
        "strict": False,
        **extra,
    }


def _openai_tools(big: str | None) -> list[dict[str, Any]]:
    """As for Messages: a tiny deferred function too, since ``tool_search`` needs one."""
    tools = [
        _openai_function(SMALL_TOOL, "Tell the current time in a time zone.", SMALL_SCHEMA),
        {"type": "tool_search"},
        _openai_function(
            TINY_DEFERRED, "Check that the service answers.", TINY_SCHEMA, defer_loading=True
        ),
    ]
    if big == "loaded":
        tools.append(_openai_function(BIG_TOOL, BIG_DESCRIPTION, big_schema()))
    elif big == "deferred":
        tools.append(_openai_function(BIG_TOOL, BIG_DESCRIPTION, big_schema(), defer_loading=True))
    return tools


def _input(name: str, text: str = "Reply with one word.") -> list[dict[str, Any]]:
    return [{"role": "user", "content": f"{marker(name)} {text}"}]


def openai_requests(model: str) -> list[ProbeRequest]:
    """The Responses requests, in the order they are sent (the plain one first)."""
    path = "/responses"
    small = MAX_TOKENS["openai"]

    def body(name: str, tools: list[dict[str, Any]]) -> dict[str, Any]:
        return {"model": model, "max_output_tokens": small, "input": _input(name), "tools": tools}

    plain = body("baseline", [_openai_function(SMALL_TOOL, "Tell the time.", SMALL_SCHEMA)])
    search = body("search", _openai_tools("deferred"))
    search["max_output_tokens"] = SEARCH_MAX_TOKENS
    search["input"] = _input(
        "search",
        "Use tool search to find the tool that writes an inventory report. "
        "Do not answer before searching.",
    )
    return [
        ProbeRequest("baseline", "reach the endpoint with a plain request", path, plain),
        ProbeRequest(
            "without", "the cost without the large tool", path, body("without", _openai_tools(None))
        ),
        ProbeRequest(
            "loaded",
            "the large tool loaded (no defer_loading)",
            path,
            body("loaded", _openai_tools("loaded")),
        ),
        ProbeRequest(
            "deferred", "the large tool deferred", path, body("deferred", _openai_tools("deferred"))
        ),
        ProbeRequest("search", "ask the model to search for the deferred tool", path, search),
        ProbeRequest(
            "round-trip",
            "a namespaced function_call replayed with its namespace",
            path,
            _namespace_round_trip(model),
        ),
        ProbeRequest(
            "error-text",
            "a deferred function without tool_search (the API answers 400)",
            path,
            body(
                "error-text", [t for t in _openai_tools("deferred") if t["type"] != "tool_search"]
            ),
        ),
    ]


def _namespace_round_trip(model: str) -> dict[str, Any]:
    """A turn after a deferred namespaced function was called: the call replayed whole."""
    call_id = "call_probe_inventory_01"
    namespace = {
        "type": "namespace",
        "name": NAMESPACE,
        "description": "Inventory tools for stock reports.",
        "tools": [
            _openai_function(NAMESPACED_TOOL, BIG_DESCRIPTION, big_schema(), defer_loading=True)
        ],
    }
    return {
        "model": model,
        "max_output_tokens": MAX_TOKENS["openai"],
        "tools": [
            _openai_function(SMALL_TOOL, "Tell the current time in a time zone.", SMALL_SCHEMA),
            {"type": "tool_search"},
            namespace,
        ],
        "input": [
            *_input("round-trip", "Write the inventory report."),
            {
                "type": "function_call",
                "call_id": call_id,
                "name": NAMESPACED_TOOL,
                "namespace": NAMESPACE,
                "arguments": "{}",
            },
            {"type": "function_call_output", "call_id": call_id, "output": "Report written."},
        ],
    }


def requests_for(target: str, model: str) -> list[ProbeRequest]:
    """The requests of one host, in order."""
    return REQUESTS[target](model)


REQUESTS = {"api": anthropic_requests, "openai": openai_requests}
