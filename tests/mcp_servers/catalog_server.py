"""A stdio MCP server that lists the tools of a catalog file (an MCP ``tools/list`` result).

``--catalog PATH`` names the file, ``--name`` the server name it reports, ``--ready FILE`` a file
it creates once it has answered ``tools/list`` (the harness checks that every server was ready
before Codex's first request). Calls to a tool answer with a short text; other methods get
``Method not found``. Used by the Codex harness.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def answer(message: dict[str, Any], tools: list[Any], name: str) -> dict[str, Any]:
    """The JSON-RPC reply to one request."""
    reply: dict[str, Any] = {"jsonrpc": "2.0", "id": message["id"]}
    method = message.get("method")
    if method == "initialize":
        version = (message.get("params") or {}).get("protocolVersion") or "2025-06-18"
        reply["result"] = {
            "protocolVersion": version,
            "capabilities": {"tools": {}},
            "serverInfo": {"name": name, "version": "1"},
        }
    elif method == "tools/list":
        reply["result"] = {"tools": tools}
    elif method == "tools/call":
        reply["result"] = {"content": [{"type": "text", "text": "ok"}]}
    elif method == "ping":
        reply["result"] = {}
    else:
        reply["error"] = {"code": -32601, "message": "Method not found"}
    return reply


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--catalog", required=True)
    parser.add_argument("--name", default="catalog")
    parser.add_argument("--ready")
    options = parser.parse_args()
    with open(options.catalog, encoding="utf-8") as handle:
        tools = json.load(handle)["tools"]
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if "id" not in message or "method" not in message:
            continue
        print(json.dumps(answer(message, tools, options.name)), flush=True)
        if options.ready and message.get("method") == "tools/list":
            with open(options.ready, "w", encoding="utf-8") as handle:
                handle.write("ready\n")


if __name__ == "__main__":
    main()
