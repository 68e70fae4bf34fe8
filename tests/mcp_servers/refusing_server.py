"""A hand-written stdio JSON-RPC peer that answers one request with a JSON-RPC error and lives on.

``--refuse initialize`` or ``--refuse tools/list`` picks the request; with ``--page N`` the first
N-1 tools/list pages each list one tool and a ``nextCursor``, and page N is refused. ``--code`` and
``--message`` are the error's. ``--log PATH`` gets ``stdin closed`` once the client closes its
input, the clean way to stop a stdio server.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--refuse", choices=("initialize", "tools/list"), default="tools/list")
    parser.add_argument("--page", type=int, default=1)
    parser.add_argument("--code", type=int, default=-32000)
    parser.add_argument("--message", default="plain failure")
    parser.add_argument("--log", type=Path)
    return parser.parse_args()


def answer(
    message: dict[str, object], pages: int, options: argparse.Namespace
) -> dict[str, object]:
    """The reply's ``result`` or ``error`` member."""
    method = message["method"]
    refused = method == options.refuse and (method != "tools/list" or pages == options.page)
    if refused:
        return {"error": {"code": options.code, "message": options.message}}
    if method == "initialize":
        info = {"name": "refusing", "version": "1"}
        return {
            "result": {
                "protocolVersion": "2025-06-18",
                "capabilities": {"tools": {}},
                "serverInfo": info,
            }
        }
    if method == "tools/list":
        tool = {"name": f"page_{pages}", "inputSchema": {"type": "object"}}
        return {"result": {"tools": [tool], "nextCursor": str(pages)}}
    return {"error": {"code": -32601, "message": "Method not found"}}


def main() -> None:
    options = parse()
    pages = 0
    for line in sys.stdin:
        message = json.loads(line)
        if "id" not in message:
            continue
        pages += message["method"] == "tools/list"
        reply = {"jsonrpc": "2.0", "id": message["id"], **answer(message, pages, options)}
        print(json.dumps(reply), flush=True)
    if options.log:
        options.log.write_text("stdin closed\n")


if __name__ == "__main__":
    main()
