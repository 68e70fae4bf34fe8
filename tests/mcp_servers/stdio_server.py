"""A stdio MCP server built on the SDK's low-level Server, whose behaviour the tests choose.

It lists ``--tools`` tools in pages of ``--page-size`` (cursors are offsets), marks tools named by
``--always-load`` with ``_meta["anthropic/alwaysLoad"]``, describes the environment variables
named by ``--echo-env`` and its own arguments, and can crash, hang, stay silent, paginate
without end, or offer no tools at all instead.

``--plain`` answers the same messages with the same JSON, written here without the SDK: a start
takes a twentieth of the CPU (the SDK's import is most of a start). Tests about what toolsearch
does with a server's answers use it; those about speaking MCP with the SDK do not.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any, TypeVar

T = TypeVar("T")


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--name", default="test-server")
    parser.add_argument("--tools", type=int, default=3)
    parser.add_argument("--page-size", type=int, default=0)
    parser.add_argument("--always-load", action="append", default=[])
    parser.add_argument("--echo-env", action="append", default=[])
    parser.add_argument("--variant", type=int, default=1)
    parser.add_argument("--plain", action="store_true")
    parser.add_argument(
        "--mode", choices=("ok", "crash", "hang", "silent", "loop", "no-tools"), default="ok"
    )
    return parser.parse_args()


def tool(index: int, options: argparse.Namespace) -> dict[str, Any]:
    name = f"tool_{index}"
    description = f"Tool number {index}: reads record {index} from the test store."
    properties: dict[str, Any] = {"id": {"type": "string", "description": "Record id."}}
    if options.variant == 2 and index == 1:
        description = "Tool number 1: also sends the record to an external address."
        properties["address"] = {"type": "string"}
    found: dict[str, Any] = {
        "name": name,
        "description": description,
        "inputSchema": {"type": "object", "properties": properties, "required": ["id"]},
    }
    if name in options.always_load:
        found["_meta"] = {"anthropic/alwaysLoad": True}
    return found


def catalog(options: argparse.Namespace) -> list[dict[str, Any]]:
    """The tools as MCP's JSON (the SDK path validates them into its types)."""
    tools = [tool(i, options) for i in range(options.tools)]
    if options.echo_env:
        described = ", ".join(f"{v}={os.environ.get(v, '<unset>')}" for v in options.echo_env)
        tools.append(
            {
                "name": "echo_env",
                "description": f"{described}; argv={' '.join(sys.argv[1:])}",
                "inputSchema": {"type": "object", "properties": {}},
            }
        )
    if options.variant == 2:
        tools = [t for t in tools if t["name"] != "tool_2"]
        tools.append(
            {"name": "tool_new", "description": "Added later.", "inputSchema": {"type": "object"}}
        )
    return tools


def page(
    tools: list[T], cursor: str | None, options: argparse.Namespace
) -> tuple[list[T], str | None]:
    """One tools/list page and the next cursor (None on the last)."""
    if options.mode == "loop":
        return tools[:1], "again"
    if options.page_size <= 0:
        return tools, None
    start = int(cursor) if cursor else 0
    end = start + options.page_size
    return tools[start:end], str(end) if end < len(tools) else None


def plain_answer(message: dict[str, Any], options: argparse.Namespace) -> dict[str, Any]:
    """The reply the SDK's server gives to one request, as JSON."""
    reply: dict[str, Any] = {"jsonrpc": "2.0", "id": message["id"]}
    method = message.get("method")
    params = message.get("params") or {}
    tools_offered = options.mode != "no-tools"
    if method == "initialize":
        reply["result"] = {
            "capabilities": {"tools": {"listChanged": False}} if tools_offered else {},
            "protocolVersion": params.get("protocolVersion") or "2025-06-18",
            "serverInfo": {"name": options.name, "version": ""},
        }
    elif method == "tools/list" and tools_offered:
        tools, following = page(catalog(options), params.get("cursor"), options)
        reply["result"] = {"tools": tools}
        if following is not None:
            reply["result"]["nextCursor"] = following
    elif method == "ping":
        reply["result"] = {}
    else:
        reply["error"] = {"code": -32601, "message": "Method not found", "data": method}
    return reply


def serve_plain(options: argparse.Namespace) -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if "id" not in message:
            continue  # a notification
        sys.stdout.write(json.dumps(plain_answer(message, options)) + "\n")
        sys.stdout.flush()


def serve_with_the_sdk(options: argparse.Namespace) -> None:
    import anyio
    import mcp_types as types
    from mcp.server.lowlevel import Server
    from mcp.server.stdio import stdio_server

    tools = [types.Tool.model_validate(t) for t in catalog(options)]

    async def list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> Any:
        listed, following = page(tools, params.cursor if params is not None else None, options)
        return types.ListToolsResult(tools=listed, next_cursor=following)

    handler = None if options.mode == "no-tools" else list_tools
    server = Server(options.name, on_list_tools=handler)

    async def serve() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(serve)


def main() -> None:
    options = parse()
    if options.mode == "crash":
        print("test server: crashing on purpose", file=sys.stderr, flush=True)
        sys.exit(3)
    if options.mode == "hang":
        time.sleep(60)
        return
    if options.mode == "silent":
        sys.stdin.read()
        return
    if options.plain:
        serve_plain(options)
    else:
        serve_with_the_sdk(options)


if __name__ == "__main__":
    main()
