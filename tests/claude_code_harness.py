"""Drive real Claude Code clients offline and read what their ToolSearch returned.

Each pinned client (``.ci/claude-code/package-lock.json``; ``.ci/run`` installs it) runs
headless (``claude -p``) inside a network namespace that has only loopback (``unshare --net``),
against a fake Anthropic Messages API on 127.0.0.1 and one stdio MCP server per catalog
(``tests/mcp_servers/catalog_server.py``). The fake answers the first request that offers
ToolSearch with one ToolSearch ``tool_use`` per query, all in one assistant turn; Claude Code
runs its searches and its next request carries one ``tool_result`` per call (``tool_reference``
blocks, in order), which the fake records and answers with a final text. One session answers
many searches. The first request is recorded too: which tools were sent, which deferred, and
the system-role message that lists the deferred tools' names.

``python -m tests.claude_code_harness inside SPEC OUT`` is the part that runs inside the
namespace.
"""

from __future__ import annotations

import http.server
import json
import os
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.codex_harness import bring_loopback_up
from tests.namespaces import dump_when_asked, namespace_missing, run_headless

REPO = Path(__file__).resolve().parent.parent
PINNED = REPO / ".ci" / "claude-code" / "node_modules"
SEARCH_TOOL = "ToolSearch"
NO_MATCH = "No matching deferred tools found"
DEFERRED_TAG = "<available-deferred-tools>"  # the listing's wrapper in older versions
# Minutes, not seconds: only there to stop a hang.
SESSION_TIMEOUT = 900
TRIES = 3  # sessions whose main request never came (a client that gave up early)
ENVIRONMENT = {
    "ANTHROPIC_API_KEY": "sk-ant-dummy",
    "ENABLE_TOOL_SEARCH": "true",
    "MCP_CONNECTION_NONBLOCKING": "0",
    "DISABLE_TELEMETRY": "1",
    "DISABLE_AUTOUPDATER": "1",
    "DISABLE_ERROR_REPORTING": "1",
    "DISABLE_BUG_COMMAND": "1",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1",
    "MCP_TIMEOUT": "120000",
    "MCP_TOOL_TIMEOUT": "120000",
}


def client_folder(version: str) -> Path:
    """Where pinned Claude Code ``version`` is installed (an npm alias ``cc-VERSION``)."""
    return Path(os.environ.get("TOOLSEARCH_CLAUDE_CODE_DIR") or PINNED) / f"cc-{version}"


def client_command(version: str) -> list[str] | None:
    """How to run pinned Claude Code ``version``: the native executable of the platform package,
    or ``node cli.js`` of the older packages; None when it is not installed."""
    root = client_folder(version)
    native = root / "claude"
    if native.exists():
        return [str(native)]
    script = root / "cli.js"
    node = shutil.which("node")
    if script.exists() and node is not None:
        return [node, str(script)]
    return None


def missing_reason(version: str) -> str | None:
    """Why the harness cannot drive ``version`` here, or None when it can."""
    if client_command(version) is None:
        if (client_folder(version) / "cli.js").exists():
            return f"node is not installed (Claude Code {version} is cli.js)"
        return f"Claude Code {version} is not installed (bash .ci/run installs .ci/claude-code)"
    return namespace_missing()


@dataclass(frozen=True)
class Search:
    """What one ToolSearch call returned: the tools referenced, in order, or its text."""

    query: str
    max_results: int | None
    tools: list[str]
    text: str


@dataclass(frozen=True)
class Session:
    """One client session: each search's result and the first request as sent."""

    version: str
    searches: list[Search]
    first: dict[str, Any]
    betas: list[str]
    after: list[dict[str, Any]]  # the tools sent with the search results (the loaded ones too)
    result: dict[str, Any] = field(default_factory=dict)

    @property
    def tools(self) -> list[dict[str, Any]]:
        return list(self.first.get("tools", []))

    @property
    def system_messages(self) -> list[str]:
        """The text of every ``role: "system"`` message inside the first request's messages."""
        return [
            text
            for message in self.first.get("messages", [])
            if message.get("role") == "system"
            for text in texts_of(message.get("content"))
        ]

    @property
    def facts(self) -> dict[str, Any]:
        """What this version showed of itself in its first request, for a person to read: its
        own tools (loaded, deferred, the placeholder), the deferred-tools message, the model."""
        own = [t for t in self.tools if not t["name"].startswith("mcp__")]
        carrier = self.listing_message
        listed = self.deferred_listing
        return {
            "version": self.version,
            "model": self.first.get("model"),
            "betas": self.betas,
            "loaded_own_tools": [t["name"] for t in own if not t.get("defer_loading")],
            "placeholders": [
                {"name": t["name"], "description": t.get("description")}
                for t in own
                if t.get("defer_loading")
            ],
            "deferred_own_tools": [n for n in listed if not n.startswith("mcp__")],
            "deferred_mcp_tools_listed": sum(n.startswith("mcp__") for n in listed),
            "listing_role": carrier[0] if carrier else None,
            "listing_lead": carrier[1] if carrier else None,
        }

    @property
    def listing_message(self) -> tuple[str, str] | None:
        """The role of the message that lists the deferred tools, and the line before them."""
        for message in self.first.get("messages", []):
            for text in texts_of(message.get("content")):
                for line in text.split("\n"):
                    if DEFERRED_TAG in line or "deferred tools are" in line:
                        return str(message.get("role")), line.strip()
        return None

    @property
    def deferred_listing(self) -> list[str]:
        """The names listed, one per line, after the "deferred tools" message's lead line; they
        may also come as a ``<system-reminder>`` inside a user message in older versions."""
        every = [
            text
            for message in self.first.get("messages", [])
            for text in texts_of(message.get("content"))
        ]
        for text in [*every, *texts_of(self.first.get("system"))]:
            if DEFERRED_TAG in text or ("deferred tools" in text and "available" in text):
                return deferred_names(text)
        return []


def texts_of(content: Any) -> list[str]:
    """The text of a message's (or system's) content, string or blocks."""
    if isinstance(content, str):
        return [content]
    if isinstance(content, list):
        return [b.get("text", "") for b in content if isinstance(b, dict) and "text" in b]
    return []


def deferred_names(text: str) -> list[str]:
    """The names after the lead line of a deferred-tools listing, up to the first blank line."""
    lines = text.split("\n")
    start = next(
        i for i, line in enumerate(lines) if "deferred tools" in line or DEFERRED_TAG in line
    )
    names: list[str] = []
    for line in lines[start + 1 :]:
        stripped = line.strip()
        if not stripped or stripped.startswith("<"):
            if names:
                break
            continue
        names.append(stripped)
    return names


def run_session(
    version: str,
    servers: dict[str, Path],
    queries: list[tuple[str, int | None]],
    *,
    environ: dict[str, str] | None = None,
    server_config: dict[str, dict[str, Any]] | None = None,
) -> Session:
    """One Claude Code session that searches every (query, max_results); outputs in order."""
    command = client_command(version)
    if command is None:
        raise RuntimeError(f"Claude Code {version} is not installed")
    with tempfile.TemporaryDirectory(prefix="cc-harness-") as folder:
        spec = Path(folder) / "spec.json"
        out = Path(folder) / "out.json"
        spec.write_text(
            json.dumps(
                {
                    "command": command,
                    "servers": {name: str(path) for name, path in servers.items()},
                    "server_config": server_config or {},
                    "queries": queries,
                    "environ": environ or {},
                }
            )
        )
        inner = [sys.executable, "-m", "tests.claude_code_harness", "inside", str(spec), str(out)]
        for _ in range(TRIES):
            run = subprocess.run(
                ["unshare", "--net", "--map-root-user", *inner],
                cwd=REPO,
                capture_output=True,
                text=True,
                timeout=SESSION_TIMEOUT,
                stdin=subprocess.DEVNULL,
                check=False,
            )
            if run.returncode == 0 and out.exists():
                break
        if run.returncode != 0 or not out.exists():
            raise RuntimeError(
                f"the Claude Code {version} session failed ({run.returncode}):\n"
                f"{run.stderr[-4000:]}"
            )
        found = json.loads(out.read_text())
    searches = [
        Search(query, limit, item["tools"], item["text"])
        for (query, limit), item in zip(queries, found["searches"], strict=True)
    ]
    betas = [b for b in found["betas"].split(",") if b]
    return Session(version, searches, found["first"], betas, found["after"], found["result"])


# ---- inside the namespace -------------------------------------------------------------------


def sse(events: list[dict[str, Any]]) -> bytes:
    """Server-sent events as the Messages API streams them."""
    return b"".join(
        f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode() for event in events
    )


def message_events(number: int, model: str, blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A streamed assistant message holding ``blocks`` (text or tool_use)."""
    usage = {"input_tokens": 1, "output_tokens": 1}
    start: dict[str, Any] = {
        "id": f"msg_{number}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": usage,
    }
    events: list[dict[str, Any]] = [{"type": "message_start", "message": start}]
    for index, block in enumerate(blocks):
        if block["type"] == "tool_use":
            opened = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        else:
            opened = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        events.append({"type": "content_block_start", "index": index, "content_block": opened})
        events.append({"type": "content_block_delta", "index": index, "delta": delta})
        events.append({"type": "content_block_stop", "index": index})
    stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    events.append(
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop, "stop_sequence": None},
            "usage": {"output_tokens": 1},
        }
    )
    events.append({"type": "message_stop"})
    return events


def whole_message(number: int, model: str, blocks: list[dict[str, Any]]) -> dict[str, Any]:
    """The same message, not streamed."""
    stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    return {
        "id": f"msg_{number}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }


def search_calls(queries: list[tuple[str, int | None]]) -> list[dict[str, Any]]:
    calls = []
    for index, (query, limit) in enumerate(queries):
        arguments: dict[str, Any] = {"query": query}
        if limit is not None:
            arguments["max_results"] = limit
        calls.append(
            {
                "type": "tool_use",
                "id": f"toolu_{index:04d}",
                "name": SEARCH_TOOL,
                "input": arguments,
            }
        )
    return calls


def offers_search(body: dict[str, Any]) -> bool:
    return any(t.get("name") == SEARCH_TOOL for t in body.get("tools", []))


def tool_results(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every ``tool_result`` block of a request, by ``tool_use_id``."""
    found = {}
    for message in body.get("messages", []):
        content = message.get("content")
        if not isinstance(content, list):
            continue
        for block in content:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                found[block.get("tool_use_id", "")] = block
    return found


class FakeMessages:
    """The fake Messages API's state: the searches to ask and the requests seen."""

    def __init__(self, queries: list[tuple[str, int | None]]) -> None:
        self.queries = queries
        self.requests: list[dict[str, Any]] = []
        self.first: dict[str, Any] | None = None
        self.betas = ""  # the first request's anthropic-beta header
        self.after: list[dict[str, Any]] = []  # the tools sent beside the search results
        self.answered: dict[str, dict[str, Any]] = {}
        self.lock = threading.Lock()

    def reply(self, body: dict[str, Any], betas: str) -> list[dict[str, Any]]:
        """The content blocks to answer ``body`` with."""
        with self.lock:
            self.requests.append(body)
            results = tool_results(body)
            if offers_search(body) and results:
                self.answered.update(results)
                self.after = list(body.get("tools", []))
                return [{"type": "text", "text": "done"}]
            if offers_search(body) and self.first is None:
                self.first, self.betas = body, betas
                return search_calls(self.queries)
            return [{"type": "text", "text": "ok"}]


def handler_for(fake: FakeMessages) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass

        def send(self, status: int, payload: bytes, kind: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def do_HEAD(self) -> None:
            self.send(200, b"")

        def do_GET(self) -> None:
            self.send(200, json.dumps({"data": [], "has_more": False}).encode())

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            path = self.path.split("?")[0]
            if path.endswith("/count_tokens"):
                self.send(200, json.dumps({"input_tokens": 10}).encode())
                return
            if not path.endswith("/messages"):
                self.send(404, b"{}")
                return
            body = json.loads(raw)
            blocks = fake.reply(body, self.headers.get("anthropic-beta") or "")
            number, model = len(fake.requests), str(body.get("model", "model"))
            if body.get("stream"):
                self.send(200, sse(message_events(number, model, blocks)), "text/event-stream")
            else:
                self.send(200, json.dumps(whole_message(number, model, blocks)).encode())

    return Handler


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def mcp_config(servers: dict[str, str], extra: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The ``--mcp-config`` file: one stdio catalog server per catalog."""
    script = str(REPO / "tests" / "mcp_servers" / "catalog_server.py")
    return {
        "mcpServers": {
            name: {
                "type": "stdio",
                "command": sys.executable,
                "args": ["-S", script, "--catalog", catalog, "--name", name],
                **extra.get(name, {}),
            }
            for name, catalog in servers.items()
        }
    }


def search_result(block: dict[str, Any]) -> dict[str, Any]:
    """The referenced tool names of a ToolSearch ``tool_result``, and its text."""
    content = block.get("content")
    blocks = content if isinstance(content, list) else [{"type": "text", "text": content or ""}]
    tools = [b["tool_name"] for b in blocks if b.get("type") == "tool_reference"]
    text = "\n".join(b.get("text", "") for b in blocks if b.get("type") == "text")
    return {"tools": tools, "text": text}


def inside(spec_path: Path, out_path: Path) -> None:
    """Run one Claude Code session inside the namespace and write what it sent."""
    spec = json.loads(spec_path.read_text())
    bring_loopback_up()
    fake = FakeMessages([(q, n) for q, n in spec["queries"]])
    server = Server(("127.0.0.1", 0), handler_for(fake))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory(prefix="cc-home-") as home:
        config = Path(home, "mcp.json")
        config.write_text(json.dumps(mcp_config(spec["servers"], spec["server_config"])))
        workdir = Path(home, "work")
        workdir.mkdir()
        environment = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": home,
            "TMPDIR": home,
            "PYTHONPATH": str(REPO),
            "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{server.server_address[1]}",
            **ENVIRONMENT,
            **spec["environ"],
        }
        command = [*spec["command"], "-p", "Find the tools you need."]
        command += ["--mcp-config", str(config), "--strict-mcp-config", "--output-format", "json"]
        run = run_headless(command, workdir, environment, SESSION_TIMEOUT)
    server.shutdown()
    dump_when_asked("TOOLSEARCH_CLAUDE_CODE_DUMP", fake.requests, run, ".out")
    calls = search_calls(fake.queries)
    missing = [c["id"] for c in calls if c["id"] not in fake.answered]
    if fake.first is None or missing:
        sys.stderr.write(
            f"no first request or no tool_result for {missing[:5]} (of {len(calls)})\n"
            f"claude exit {run.returncode}\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}\n"
        )
        raise SystemExit(1)
    try:
        result = json.loads(run.stdout)
    except json.JSONDecodeError:
        result = {"stdout": run.stdout[-2000:]}
    searches = [search_result(fake.answered[c["id"]]) for c in calls]
    found = {"searches": searches, "first": fake.first, "betas": fake.betas, "after": fake.after}
    out_path.write_text(json.dumps({**found, "result": result}))


def print_facts(version: str) -> None:
    """One session over ``fixtures/claude-code-client``: what the client showed of itself."""
    servers = {p.stem: p for p in sorted((REPO / "fixtures" / "claude-code-client").glob("*.json"))}
    session = run_session(version, servers, [("select:create_issue", None)])
    print(json.dumps(session.facts, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "inside":
        inside(Path(sys.argv[2]), Path(sys.argv[3]))
    elif len(sys.argv) >= 3 and sys.argv[1] == "facts":
        for named in sys.argv[2:]:
            print_facts(named)
    else:
        sys.exit("usage: python -m tests.claude_code_harness inside SPEC OUT | facts VERSION...")
