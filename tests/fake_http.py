"""Stand-in HTTP endpoints on loopback for tests: a JSON reply and a served handler."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any


def reply_json(handler: BaseHTTPRequestHandler, payload: Any) -> None:
    """Answer 200 with ``payload`` as JSON."""
    data = json.dumps(payload).encode()
    handler.send_response(200)
    handler.send_header("content-type", "application/json")
    handler.send_header("content-length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


@contextlib.contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """Serve ``handler`` on a free loopback port; yields the base URL."""
    server = HTTPServer(("127.0.0.1", 0), handler)
    # a short poll so that shutdown() returns at once instead of after up to 0.5 s
    thread = threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
