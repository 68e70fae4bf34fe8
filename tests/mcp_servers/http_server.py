"""An MCP server over streamable HTTP or SSE on 127.0.0.1, built with the SDK's MCPServer.

It binds a free port itself and prints ``PORT <n>`` on stdout, so the test that starts it never
races for a port. With ``--token T`` every request without ``Authorization: Bearer T`` gets 401.
"""

from __future__ import annotations

import argparse
import socket
import sys
from typing import Any

import uvicorn
from mcp.server import MCPServer


def build(name: str) -> MCPServer:
    server = MCPServer(name)

    @server.tool(description="Search the HTTP test store for records matching a query.")
    def search_records(query: str, limit: int = 10) -> str:
        return f"{query}:{limit}"

    @server.tool(description="Return the test store's health.", meta={"anthropic/alwaysLoad": True})
    def health() -> str:
        return "ok"

    return server


def require_token(app: Any, token: str) -> Any:
    expected = f"Bearer {token}".encode()

    async def guarded(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and dict(scope["headers"]).get(b"authorization") != expected:
            await send({"type": "http.response.start", "status": 401, "headers": []})
            await send({"type": "http.response.body", "body": b"unauthorized"})
            return
        await app(scope, receive, send)

    return guarded


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--transport", choices=("http", "sse"), default="http")
    parser.add_argument("--token")
    parser.add_argument("--name", default="http-test-server")
    options = parser.parse_args()
    server = build(options.name)
    app: Any = server.streamable_http_app() if options.transport == "http" else server.sse_app()
    if options.token:
        app = require_token(app, options.token)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)  # connections wait in the backlog until uvicorn accepts them
    print(f"PORT {sock.getsockname()[1]}", flush=True)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])
    sys.exit(0)


if __name__ == "__main__":
    main()
