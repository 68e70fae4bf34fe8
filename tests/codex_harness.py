"""Drive the real Codex CLI offline and read what its ``tool_search`` returned.

Codex (pinned in ``.ci/codex/package-lock.json``; ``.ci/run`` installs it) runs inside a network
namespace that has only loopback (``unshare --net``), against a fake Responses API on 127.0.0.1
and a stdio MCP server per catalog. The fake answers Codex's first request with one
``tool_search_call`` per query (execution ``client``, arguments ``{"query": q, "limit": 8}``);
Codex runs its search and its next request carries one ``tool_search_output`` per call, which
the fake records and answers with a final message. One Codex session answers many searches.

``python -m tests.codex_harness inside SPEC OUT`` is the part that runs inside the namespace.
"""

from __future__ import annotations

import fcntl
import http.server
import itertools
import json
import os
import socket
import socketserver
import struct
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.namespaces import dump_when_asked, namespace_missing, run_headless

REPO = Path(__file__).resolve().parent.parent
CODEX_VERSION = "0.171.0"
PINNED_CODEX = REPO / ".ci" / "codex" / "node_modules" / ".bin" / "codex"
MODEL = "gpt-5.5"
# Minutes, not seconds: only there to stop a hang.
SESSION_TIMEOUT = 900
TRIES = 4  # sessions in which an MCP server was still starting when Codex's turn began
INCOMPLETE = "incomplete session"


def codex_binary() -> Path | None:
    """The pinned Codex CLI, from ``.ci/run``'s install or ``$TOOLSEARCH_CODEX``; None if absent."""
    named = os.environ.get("TOOLSEARCH_CODEX")
    candidate = Path(named) if named else PINNED_CODEX
    if not candidate.exists():
        return None
    version = subprocess.run(
        [str(candidate), "--version"], capture_output=True, text=True, timeout=120, check=False
    )
    return candidate if CODEX_VERSION in version.stdout else None


def missing_reason() -> str | None:
    """Why the harness cannot run here, or None when it can."""
    if codex_binary() is None:
        return f"Codex CLI {CODEX_VERSION} is not installed (bash .ci/run installs it)"
    return namespace_missing()


@dataclass(frozen=True)
class SearchOutput:
    """What Codex's ``tool_search`` returned for one query: (namespace, function) in order."""

    query: str
    tools: list[tuple[str, str]]
    raw: list[dict[str, Any]]


def run_searches(
    servers: dict[str, Path], queries: list[str], *, multi_agent: bool = True
) -> list[SearchOutput]:
    """Run one Codex session that searches every query; the outputs in query order."""
    codex = codex_binary()
    if codex is None:
        raise RuntimeError(f"Codex CLI {CODEX_VERSION} is not installed")
    with tempfile.TemporaryDirectory(prefix="codex-harness-") as folder:
        spec = Path(folder) / "spec.json"
        out = Path(folder) / "out.json"
        spec.write_text(
            json.dumps(
                {
                    "codex": str(codex),
                    "servers": {name: str(path) for name, path in servers.items()},
                    "queries": queries,
                    "multi_agent": multi_agent,
                }
            )
        )
        command = ["unshare", "--net", "--map-root-user", sys.executable, "-m"]
        command += ["tests.codex_harness", "inside", str(spec), str(out)]
        for _ in range(TRIES):
            run = subprocess.run(
                command,
                cwd=REPO,
                capture_output=True,
                text=True,
                timeout=SESSION_TIMEOUT,
                stdin=subprocess.DEVNULL,
                check=False,
            )
            if INCOMPLETE not in run.stderr:
                break
        if run.returncode != 0 or not out.exists():
            raise RuntimeError(
                f"the Codex session failed ({run.returncode}):\n{run.stderr[-4000:]}"
            )
        found = json.loads(out.read_text())
    return [
        SearchOutput(q, [tuple(t) for t in r["tools"]], r["raw"])
        for q, r in zip(queries, found, strict=True)
    ]


# ---- inside the namespace -------------------------------------------------------------------

SIOCGIFFLAGS = 0x8913
SIOCSIFFLAGS = 0x8914
IFF_UP = 0x1


def bring_loopback_up() -> None:
    """A new network namespace starts with ``lo`` down: bring it up (no iproute2 needed)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        request = struct.pack("16sH14s", b"lo", 0, b"\0" * 14)
        flags = struct.unpack("16sH14s", fcntl.ioctl(sock, SIOCGIFFLAGS, request))[1]
        fcntl.ioctl(sock, SIOCSIFFLAGS, struct.pack("16sH14s", b"lo", flags | IFF_UP, b"\0" * 14))


def sse(events: list[dict[str, Any]]) -> bytes:
    """Server-sent events as the Responses API streams them."""
    return b"".join(
        f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode() for event in events
    )


def response_events(number: int, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A streamed response that outputs ``items`` and completes."""
    response_id = f"resp_{number}"
    usage = {
        "input_tokens": 0,
        "input_tokens_details": None,
        "output_tokens": 0,
        "output_tokens_details": None,
        "total_tokens": 0,
    }
    events: list[dict[str, Any]] = [{"type": "response.created", "response": {"id": response_id}}]
    events += [{"type": "response.output_item.done", "item": item} for item in items]
    events.append({"type": "response.completed", "response": {"id": response_id, "usage": usage}})
    return events


def search_calls(queries: list[str]) -> list[dict[str, Any]]:
    return [
        {
            "type": "tool_search_call",
            "id": f"tsc_{index}",
            "call_id": f"search_{index}",
            "status": "completed",
            "execution": "client",
            "arguments": {"query": query, "limit": 8},
        }
        for index, query in enumerate(queries)
    ]


FINAL_MESSAGE = {
    "type": "message",
    "role": "assistant",
    "id": "msg_final",
    "status": "completed",
    "content": [{"type": "output_text", "text": "done", "annotations": []}],
}


class FakeResponses:
    """The fake Responses API's state: the queries to ask and the requests seen."""

    def __init__(self, queries: list[str], ready: Path, servers: int) -> None:
        self.queries = queries
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.ready, self.servers = ready, servers
        self.all_ready: bool | None = None  # every MCP server listed its tools before request 1

    def answer(self, body: dict[str, Any]) -> bytes:
        with self.lock:
            self.requests.append(body)
            number = len(self.requests)
            if number == 1:
                self.all_ready = len(list(self.ready.iterdir())) == self.servers
        asked = any(item.get("type") == "tool_search_output" for item in body.get("input", []))
        items = [FINAL_MESSAGE] if asked else search_calls(self.queries)
        return sse(response_events(number, items))


def handler_for(fake: FakeResponses) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            payload = json.dumps({"object": "list", "data": []}).encode()
            self.send_response(200 if self.path.endswith("/models") else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if not self.path.endswith("/responses"):
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            payload = fake.answer(json.loads(raw))
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    return Handler


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def toml_string(text: str) -> str:
    return json.dumps(text)


def codex_config(port: int, servers: dict[str, str], ready: Path) -> str:
    """CODEX_HOME/config.toml: the fake provider and one stdio MCP server per catalog."""
    lines = [
        f"model = {toml_string(MODEL)}",
        'model_provider = "fake"',
        "",
        "[model_providers.fake]",
        'name = "fake"',
        f'base_url = "http://127.0.0.1:{port}/v1"',
        'wire_api = "responses"',
        'env_key = "TOOLSEARCH_FAKE_KEY"',
        "request_max_retries = 0",
        "stream_max_retries = 0",
        "supports_websockets = false",
    ]
    server_script = str(REPO / "tests" / "mcp_servers" / "catalog_server.py")
    for name, catalog in servers.items():
        args = ["-S", server_script, "--catalog", catalog, "--name", name]
        args += ["--ready", str(ready / name)]
        lines += [
            "",
            f"[mcp_servers.{toml_string(name)}]",
            f"command = {toml_string(sys.executable)}",
            f"args = {json.dumps(args)}",
            "startup_timeout_sec = 120",
        ]
    return "\n".join(lines) + "\n"


def search_outputs(requests: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """Each call's ``tool_search_output`` from the request that carried them, in call order."""
    by_call: dict[str, dict[str, Any]] = {}
    for body in requests:
        for item in body.get("input", []):
            if item.get("type") == "tool_search_output":
                by_call[item.get("call_id", "")] = item
    found = []
    for index in range(count):
        item = by_call.get(f"search_{index}")
        if item is None:
            raise RuntimeError(f"Codex sent no tool_search_output for search_{index}")
        found.append(item)
    return found


def loaded_tools(output: dict[str, Any]) -> list[tuple[str, str]]:
    """(namespace, function name) of every tool an output loads, in its order."""
    tools: list[tuple[str, str]] = []
    for entry in output.get("tools", []):
        if entry.get("type") == "namespace":
            tools += [(entry["name"], member["name"]) for member in entry.get("tools", [])]
        else:
            tools.append(("", entry.get("name", "")))
    return tools


def inside(spec_path: Path, out_path: Path) -> None:
    """Run one Codex session inside the namespace and write each query's loaded tools."""
    spec = json.loads(spec_path.read_text())
    bring_loopback_up()
    with tempfile.TemporaryDirectory(prefix="codex-home-") as home:
        ready = Path(home, "ready")
        ready.mkdir()
        fake = FakeResponses(spec["queries"], ready, len(spec["servers"]))
        server = Server(("127.0.0.1", 0), handler_for(fake))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        Path(home, "config.toml").write_text(
            codex_config(server.server_address[1], spec["servers"], ready)
        )
        workdir = Path(home, "work")
        workdir.mkdir()
        command = [spec["codex"], "exec", "--skip-git-repo-check", "--ephemeral", "--json"]
        command += ["-s", "read-only"]
        if not spec["multi_agent"]:
            command += ["--disable", "multi_agent"]
        command.append("Find the tools you need.")
        environment = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": home,
            "CODEX_HOME": home,
            "TOOLSEARCH_FAKE_KEY": "dummy",
            "PYTHONPATH": str(REPO),
        }
        run = run_headless(command, workdir, environment, SESSION_TIMEOUT)
    server.shutdown()
    dump_when_asked("TOOLSEARCH_CODEX_DUMP", fake.requests, run, ".events")
    try:
        outputs = search_outputs(fake.requests, len(spec["queries"]))
    except RuntimeError as error:
        sys.stderr.write(
            f"{error}\ncodex exit {run.returncode}\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}\n"
        )
        raise SystemExit(1) from error
    if not fake.all_ready:
        # Codex starts its turn without waiting for a slow MCP server: that server's tools are
        # then missing from every search. Say so; run_searches runs the session again.
        sys.stderr.write(f"{INCOMPLETE}: not every MCP server had listed its tools\n")
        raise SystemExit(3)
    result = [{"tools": loaded_tools(item), "raw": item.get("tools", [])} for item in outputs]
    out_path.write_text(json.dumps(result))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "inside":
        inside(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        sys.exit("usage: python -m tests.codex_harness inside SPEC OUT")


def disagreement(
    ranking: list[tuple[tuple[str, str], float]], got: list[tuple[str, str]], limit: int = 8
) -> str | None:
    """Why Codex's output ``got`` differs from a full scored ``ranking`` of (namespace, name),
    or None when they agree. Codex groups its results by namespace and orders equal scores at
    random: the top ``limit`` must be the same up to ties at the cut, and within a namespace
    the scores must not rise."""
    top = ranking[:limit]
    if len(got) != len(top):
        return f"Codex returned {len(got)} tools, toolsearch {len(top)}"
    if not top:
        return None
    cutoff = top[-1][1]
    scores = dict(ranking)
    must = {tool for tool, score in ranking if score > cutoff}
    if not must <= set(got):
        return f"Codex left out {sorted(must - set(got))}"
    for tool in got:
        if scores.get(tool, -1.0) < cutoff:
            return f"Codex returned {tool}, below toolsearch's top {limit}"
    for namespace in dict.fromkeys(tool[0] for tool in got):
        own = [scores[tool] for tool in got if tool[0] == namespace]
        if any(a < b for a, b in itertools.pairwise(own)):
            return f"order within {namespace} differs: {own}"
    return None
