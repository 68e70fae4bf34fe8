"""A server that floods: megabytes of stderr or non-JSON stdout, or an HTTP body too large.

``--stderr MB`` / ``--stdout MB`` write that much (stderr then ends with
``FloodError: last words``), then wait for stdin to close without ever answering. ``--http``
serves on 127.0.0.1 (printing ``PORT <n>``): ``POST /chunked`` answers a chunked body of ``--mb``
megabytes of spaces, ``POST /huge`` declares a 10 GB ``Content-Length`` and sends ``--mb``
megabytes before closing.
"""

from __future__ import annotations

import argparse
import http.server
import socketserver
import sys

CHUNK = b" " * 65536


class Flood(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    megabytes = 1

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        chunks = self.megabytes * 16
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if self.path == "/huge":
            self.send_header("Content-Length", str(10**10))
        else:
            self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for _ in range(chunks):
                if self.path == "/huge":
                    self.wfile.write(CHUNK)
                else:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(CHUNK), CHUNK))
        except OSError:
            pass
        self.close_connection = True


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stderr", type=int, default=0)
    parser.add_argument("--stdout", type=int, default=0)
    parser.add_argument("--http", action="store_true")
    parser.add_argument("--mb", type=int, default=8)
    options = parser.parse_args()
    if options.http:
        Flood.megabytes = options.mb
        server = Server(("127.0.0.1", 0), Flood)
        print(f"PORT {server.server_address[1]}", flush=True)
        server.serve_forever()
        return
    line = "x" * 1023 + "\n"
    for _ in range(options.stdout * 1024):
        sys.stdout.write(line)
    sys.stdout.flush()
    if options.stderr:
        for _ in range(options.stderr * 1024):
            sys.stderr.write(line)
        sys.stderr.write("FloodError: last words\n")
        sys.stderr.flush()
    sys.stdin.read()


if __name__ == "__main__":
    main()
