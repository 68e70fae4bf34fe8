"""A hand-written stdio JSON-RPC peer for answers the SDK's server API will not produce.

``--mode invalid`` lists a tool whose name is a number; ``--mode junk`` prints a line that is not
JSON-RPC and then never answers; ``--mode deep`` (a schema nested 300 levels) and ``--mode bignum``
(a 5000-digit number) answer tools/list with JSON the SDK's parser refuses; ``--mode nan`` lists a
schema holding NaN and infinities; ``--mode huge`` answers with one line of ``--mb`` megabytes;
``--mode pages`` answers every page with 500 tools of 10 KB and a new cursor, without end;
``--mode file --file PATH`` lists the tools of the ``{"tools": [...]}`` file at PATH.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    mode = sys.argv[sys.argv.index("--mode") + 1] if "--mode" in sys.argv else "invalid"
    if mode == "junk":
        print("Server listening... (this line is not JSON-RPC)", flush=True)
        sys.stdin.read()
        return
    for line in sys.stdin:
        message = json.loads(line)
        if "id" not in message:
            continue
        reply: dict[str, object] = {"jsonrpc": "2.0", "id": message["id"]}
        if message["method"] == "initialize":
            reply["result"] = {
                "protocolVersion": "2025-06-18",
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "raw", "version": "1"},
            }
        elif message["method"] == "tools/list" and mode in ("deep", "bignum"):
            schema = '{"a":' * 300 + "{}" + "}" * 300 if mode == "deep" else "9" * 5000
            tool = '{"name":"n","inputSchema":{"type":"object","x":' + schema + "}}"
            answer_id = json.dumps(message["id"])
            print('{"jsonrpc":"2.0","id":' + answer_id + ',"result":{"tools":[' + tool + "]}}")
            sys.stdout.flush()
            continue
        elif message["method"] == "tools/list" and mode == "huge":
            size = int(sys.argv[sys.argv.index("--mb") + 1]) if "--mb" in sys.argv else 100
            description = "x" * (size * 1024 * 1024)
            huge: dict[str, object] = {"name": "huge", "description": description}
            reply["result"] = {"tools": [huge]}
        elif message["method"] == "tools/list" and mode == "pages":
            cursor = int((message.get("params") or {}).get("cursor") or 0) + 1
            shape: dict[str, object] = {"type": "object"}
            tools: list[dict[str, object]] = [
                {"name": f"t{cursor}_{n}", "description": "y" * 10_000, "inputSchema": shape}
                for n in range(500)
            ]
            reply["result"] = {"tools": tools, "nextCursor": str(cursor)}
        elif message["method"] == "tools/list" and mode == "nan":
            number = {"type": "number", "maximum": float("nan"), "minimum": float("-inf")}
            input_schema = {"type": "object", "default": [1e999], "properties": {"x": number}}
            reply["result"] = {"tools": [{"name": "n", "inputSchema": input_schema}]}
        elif message["method"] == "tools/list" and mode == "file":
            path = sys.argv[sys.argv.index("--file") + 1]
            with open(path, encoding="utf-8") as listing:
                reply["result"] = json.load(listing)
        elif message["method"] == "tools/list":
            reply["result"] = {
                "tools": [{"name": "ok", "inputSchema": {"type": "object"}}, {"name": 3}]
            }
        else:
            reply["error"] = {"code": -32601, "message": "Method not found"}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
