"""Live MCP servers as sources: real SDK servers over stdio and loopback HTTP, via the CLI."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import mcp_types as types
import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES, HANG_LIMIT, env_without_cache
from tests.live_helpers import (
    RAW_SERVER,
    REFUSING_SERVER,
    http_server,
    stdio_command,
    stdio_entry,
    write_config,
)
from toolsearch.app import app
from toolsearch.errors import ServerError
from toolsearch.schemas import load_schema
from toolsearch.servers.live import LiveOptions, load_live
from toolsearch.servers.mcp_client import stderr_summary
from toolsearch.servers.mcp_config import ServerSpec
from toolsearch.servers.mcp_watch import Exchange


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def run_process(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run toolsearch as a real process in ``cwd``."""
    return subprocess.run(
        [sys.executable, "-m", "toolsearch", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env_without_cache(),
        timeout=HANG_LIMIT,
    )


def live(**options: Any) -> tuple[Any, list[str]]:
    started: list[str] = []
    result = load_live(LiveOptions(**options), lambda spec: started.append(spec.name))
    return result, started


@pytest.fixture(scope="module")
def http_url() -> Iterator[str]:
    with http_server("--token", "s3cret") as url:
        yield url


@pytest.fixture(scope="module")
def sse_url() -> Iterator[str]:
    with http_server("--transport", "sse") as url:
        yield url


def test_pagination_reads_every_page_in_order() -> None:
    result, started = live(commands=(stdio_command("--tools", "7", "--page-size", "3"),))
    (server,) = result.servers
    assert started == ["stdio_server"]
    assert [t["name"] for t in server.data["tools"]] == [f"tool_{i}" for i in range(7)]
    assert set(server.data) == {"tools"}  # nextCursor and per-page fields are not kept
    assert server.document.display == "mcp:stdio_server"
    assert not result.failures


def test_env_and_args_expansion(in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TS_PROBE", "from-the-environment")
    monkeypatch.delenv("TS_ABSENT", raising=False)
    config = write_config(
        in_tmp / ".mcp.json",
        {
            "probe": stdio_entry(
                "--tools",
                "0",
                "--echo-env",
                "PROBE",
                "--echo-env",
                "OTHER",
                "--name",
                "${TS_ABSENT:-fallback-name}",
                env={"PROBE": "${TS_PROBE}", "OTHER": "${TS_ABSENT:-default-value}"},
            )
        },
    )
    result, _ = live(configs=(config,))
    (tool,) = result.servers[0].data["tools"]
    assert tool["description"] == (
        "PROBE=from-the-environment, OTHER=default-value; argv=--tools 0 --echo-env PROBE "
        "--echo-env OTHER --name fallback-name"
    )


def test_always_load_from_config_and_meta_under_claude_code(
    runner: CliRunner, in_tmp: Path
) -> None:
    config = write_config(
        in_tmp / ".mcp.json",
        {
            "pinned": stdio_entry("--plain", "--tools", "2", alwaysLoad=True),
            "store": stdio_entry("--plain", "--tools", "3", "--always-load", "tool_1"),
        },
    )
    code, out, err = run(
        runner, "budget", "-f", "json", "--target", "claude-code", "--mcp-config", str(config)
    )
    assert code == 0, err
    data = json.loads(out)
    jsonschema.validate(data, load_schema("budget"))
    deferred = {(t["source"], t["name"]): t["deferred"] for t in data["tools"]}
    assert deferred == {
        ("pinned", "tool_0"): False,
        ("pinned", "tool_1"): False,
        ("store", "tool_0"): True,
        ("store", "tool_1"): False,
        ("store", "tool_2"): True,
    }
    assert [s["scope"] for s in data["scopes"]] == ["claude-code"]
    assert {t["file"] for t in data["tools"]} == {"mcp:pinned", "mcp:store"}
    # under the api target neither alwaysLoad means anything: a bare tools/list defers nothing
    code, out, _ = run(runner, "budget", "-f", "json", "--mcp-config", str(config))
    assert code == 0 and not any(t["deferred"] for t in json.loads(out)["tools"])


@pytest.mark.parametrize(("version", "meta_wins"), [("2.1.299", True), ("2.1.300", False)])
def test_server_always_load_false_defers_every_tool_from_2_1_300(
    runner: CliRunner, in_tmp: Path, version: str, meta_wins: bool
) -> None:
    config = write_config(
        in_tmp / ".mcp.json",
        {
            "store": stdio_entry(
                "--plain", "--tools", "2", "--always-load", "tool_1", alwaysLoad=False
            )
        },
    )
    argv = ["--target", "claude-code", "--mcp-config", str(config)]
    argv += ["--claude-code-version", version]
    code, out, err = run(runner, "budget", "-f", "json", *argv)
    assert code == 0, err
    deferred = {t["name"]: t["deferred"] for t in json.loads(out)["tools"]}
    assert deferred == {"tool_0": True, "tool_1": not meta_wins}
    # ToolSearch searches what is deferred: the tool _meta keeps loaded is found from 2.1.300
    code, out, err = run(runner, "query", "store", "-f", "json", *argv)
    assert code == 0, err
    names = {r["sent_name"] for r in json.loads(out)["results"]}
    assert names == {"mcp__store__tool_0"} | (set() if meta_wins else {"mcp__store__tool_1"})
    # recommend's advice to keep a tool loaded says to drop the server's alwaysLoad: false
    code, out, err = run(runner, "recommend", "--keep", "1", "-f", "json", *argv)
    assert code == 0, err
    data = json.loads(out)
    jsonschema.validate(data, load_schema("recommend"))
    (advice,) = data["advice"]
    assert advice["claude_code_remove_server_always_load_false"] is not meta_wins


def test_missing_command_is_one_error_naming_the_server(runner: CliRunner) -> None:
    code, out, err = run(runner, "budget", "--mcp-command", "ghost=no-such-mcp-server-xyz --x")
    assert code == 2 and out == ""
    assert "toolsearch: starting MCP server 'ghost': no-such-mcp-server-xyz --x" in err
    assert (
        "toolsearch: error: MCP server 'ghost': cannot start 'no-such-mcp-server-xyz': "
        "command not found"
    ) in err
    assert "Traceback" not in err


def test_crashing_server_reports_its_stderr(runner: CliRunner) -> None:
    code, _, err = run(runner, "lint", "--mcp-command", stdio_command("--mode", "crash"))
    assert code == 2
    assert err.splitlines()[-1] == (
        "toolsearch: error: MCP server 'stdio_server': exited before it finished answering; "
        "stderr: 'test server: crashing on purpose'"
    )


def test_timeout_per_server(runner: CliRunner) -> None:
    code, _, err = run(
        runner,
        "budget",
        "--mcp-timeout",
        "1",
        "--mcp-command",
        stdio_command("--mode", "silent", name="mute"),
    )
    assert code == 2
    # the message proves the run stopped at the timeout (the server never answers)
    assert "toolsearch: error: MCP server 'mute': no answer within 1 s (--mcp-timeout)" in err


def test_endless_pagination_is_refused() -> None:
    with pytest.raises(ServerError, match="returned the same nextCursor 'again' twice"):
        live(commands=(stdio_command("--plain", "--mode", "loop", name="loop"),))


def test_server_without_tools_capability_has_no_tools() -> None:
    result, _ = live(commands=(stdio_command("--plain", "--mode", "no-tools", name="bare"),))
    assert result.servers[0].data == {"tools": []}
    assert result.notes == ("MCP server 'bare' declares no tools capability: no tools",)


def test_invalid_answer_names_the_place() -> None:
    command = f"raw={shlex.join([sys.executable, str(RAW_SERVER), '--mode', 'invalid'])}"
    with pytest.raises(ServerError) as caught:
        live(commands=(command,))
    assert str(caught.value) == (
        "MCP server 'raw': answered with a result that is not valid MCP: "
        "/tools/1/inputSchema: a required field is missing (and 1 more)"
    )


def test_non_mcp_output_is_quoted_in_the_timeout(runner: CliRunner) -> None:
    command = f"noisy={shlex.join([sys.executable, str(RAW_SERVER), '--mode', 'junk'])}"
    code, _, err = run(runner, "budget", "--mcp-timeout", "1", "--mcp-command", command)
    assert code == 2
    assert (
        "MCP server 'noisy': no answer within 1 s (--mcp-timeout); it wrote non-MCP output:" in err
    )
    assert "output: 'Server listening... (this line is not JSON-RPC)'" in err


def refusing(*options: str) -> str:
    """A ``--mcp-command`` starting the refusing server as ``refuser``."""
    return f"refuser={shlex.join([sys.executable, str(REFUSING_SERVER), *options])}"


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ((), "answered tools/list with error -32000: plain failure"),
        (
            ("--refuse", "initialize", "--code", "-32602", "--message", "Unsupported version"),
            "answered initialize with error -32602: Unsupported version",
        ),
        (
            ("--page", "3", "--code", "-32603", "--message", "backend down"),
            "answered tools/list (page 3) with error -32603: backend down",
        ),
        # the SDK's own code for a closed connection, but sent by a server that is still running
        (
            ("--message", "Connection closed"),
            "answered tools/list with error -32000: Connection closed",
        ),
    ],
)
def test_error_answer_is_quoted_and_the_server_stopped(
    runner: CliRunner, tmp_path: Path, options: tuple[str, ...], said: str
) -> None:
    log = tmp_path / "server.log"
    code, out, err = run(runner, "budget", "--mcp-command", refusing(*options, "--log", str(log)))
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == f"toolsearch: error: MCP server 'refuser': {said}"
    assert log.read_text() == "stdin closed\n"  # stopped by closing its input, not killed


def test_error_answer_text_is_sanitised_and_capped(runner: CliRunner) -> None:
    message = "bad \x1b[31mred\x1b]8;;http://evil/\x07link\x1b]8;;\x07\u202e\nnext " + "x" * 1000
    code, _, err = run(runner, "lint", "--mcp-command", refusing("--message", message))
    assert code == 2
    line = err.splitlines()[-1]
    assert line.startswith(
        "toolsearch: error: MCP server 'refuser': answered tools/list with error -32000: "
        "bad \\u001b[31mred\\u001b]8;;http://evil/\\u0007link\\u001b]8;;\\u0007\\u202e next xxx"
    )
    assert line.endswith("x…") and len(line) < 300
    assert "\x1b" not in err and "\x07" not in err and "\u202e" not in err


def test_error_answer_in_a_real_process_with_keep_going(tmp_path: Path) -> None:
    result = run_process(
        tmp_path,
        "budget",
        "--keep-going",
        "--mcp-command",
        stdio_command("--plain", "--tools", "1", name="good"),
        "--mcp-command",
        refusing("--page", "2"),
    )
    assert result.returncode == 2
    assert "tool_0" in result.stdout and "page_1" not in result.stdout
    assert (
        "toolsearch: error: MCP server 'refuser': answered tools/list (page 2) with error "
        "-32000: plain failure"
    ) in result.stderr.splitlines()


def test_an_error_answer_to_an_earlier_request_is_not_the_reason() -> None:
    exchange = Exchange()
    exchange.sent["1"] = "server/discover"
    exchange.refused["1"] = types.ErrorData(code=-32000, message="Connection closed")
    assert exchange.refused_request(-32000, "Connection closed") == "server/discover"
    exchange.sent["2"] = "initialize"  # then the server exited without answering it
    assert exchange.refused_request(-32000, "Connection closed") is None
    exchange.refused["2"] = types.ErrorData(code=-32602, message="no")
    assert exchange.refused_request(-32000, "Connection closed") is None
    assert exchange.refused_request(-32602, "no") == "initialize"


def test_keep_going_reports_what_loaded_and_exits_2(runner: CliRunner, in_tmp: Path) -> None:
    config = write_config(
        in_tmp / ".mcp.json",
        {
            "good": stdio_entry("--plain", "--tools", "2"),
            "bad": stdio_entry("--mode", "crash"),
            "typo": {"url": "https://example.invalid/mcp"},
        },
    )
    code, out, err = run(runner, "budget", "--mcp-config", str(config))
    assert code == 2 and out == ""
    assert 'MCP server \'typo\' has a "url" but no "type"' in err
    assert "starting MCP server" not in err  # a bad entry stops the run before anything starts
    code, out, err = run(runner, "budget", "--keep-going", "--mcp-config", str(config))
    assert code == 2
    assert "tool_0" in out and "good" in out
    errors = [line for line in err.splitlines() if line.startswith("toolsearch: error:")]
    assert len(errors) == 2
    assert "'typo'" in errors[0] and "'bad': exited before it finished answering" in errors[1]
    code, out, err = run(
        runner, "budget", "--keep-going", "--mcp-config", str(config), "--only", "bad"
    )
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == "toolsearch: error: no MCP server answered; nothing to report"


def test_streamable_http_with_header_from_env(
    runner: CliRunner, in_tmp: Path, http_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TS_HTTP_TOKEN", "s3cret")
    config = write_config(
        in_tmp / ".mcp.json",
        {
            "web": {
                "type": "http",
                "url": f"{http_url}/mcp",
                "headers": {"Authorization": "Bearer ${TS_HTTP_TOKEN}"},
            }
        },
    )
    code, out, err = run(runner, "lint", "-f", "json", "--mcp-config", str(config))
    assert code == 0, err
    data = json.loads(out)
    jsonschema.validate(data, load_schema("lint"))
    assert data["files"] == ["mcp:web"] and data["tools"] == 2
    assert f"connecting to MCP server 'web' (streamable HTTP): {http_url}/mcp" in err
    assert "s3cret" not in err


def test_http_auth_failure_says_so(runner: CliRunner, http_url: str) -> None:
    code, _, err = run(runner, "budget", "--mcp-url", f"web={http_url}/mcp?token=leak")
    assert code == 2
    assert f"MCP server 'web': answered HTTP 401 at {http_url}/mcp" in err
    assert "put a token in the entry's headers" in err and "leak" not in err


def test_sse_server(sse_url: str, in_tmp: Path) -> None:
    config = write_config(in_tmp / "c.json", {"legacy": {"type": "sse", "url": f"{sse_url}/sse"}})
    result, _ = live(configs=(config,))
    names = [t["name"] for t in result.servers[0].data["tools"]]
    assert names == ["search_records", "health"]
    health = result.servers[0].data["tools"][1]
    assert health["_meta"] == {"anthropic/alwaysLoad": True}


def test_unreachable_url(runner: CliRunner) -> None:
    with __import__("socket").socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code, _, err = run(runner, "budget", "--mcp-url", f"http://127.0.0.1:{port}/mcp")
    assert code == 2
    assert f"MCP server '127-0-0-1': cannot connect to http://127.0.0.1:{port}/mcp" in err


def test_budget_mcp_command_text(runner: CliRunner) -> None:
    code, out, err = run(
        runner, "budget", "--mcp-command", stdio_command("--plain", "--tools", "3", name="store")
    )
    assert code == 0, err
    assert out.startswith("Scope store (mcp, 3 tools, model claude-sonnet-4-5)")
    assert "tool_2" in out and "store" in out
    assert err.startswith("toolsearch: starting MCP server 'store': ")
    assert "stdio_server.py --plain --tools 3" in err


def test_files_and_servers_together(runner: CliRunner) -> None:
    request = str(FIXTURES / "example" / "request.json")
    code, out, _ = run(runner, "lint", "-f", "json", request)
    alone = json.loads(out)["tools"]
    code, out, err = run(
        runner,
        "lint",
        "-f",
        "json",
        request,
        "--mcp-command",
        stdio_command("--plain", "--tools", "1", name="store"),
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["tools"] == alone + 1
    assert (
        data["files"] == ["fixtures/example/request.json", "mcp:store"] or len(data["files"]) == 2
    )
    code, _, err = run(
        runner,
        "budget",
        request,
        "--mcp-command",
        stdio_command("--plain", "--tools", "1", name="request"),
    )
    assert code == 2
    assert "two sources are named 'request'" in err


def test_missing_sdk_names_the_extra(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mcp", None)
    code, _, err = run(runner, "budget", "--mcp-command", "x=some-server")
    assert code == 2
    assert 'pip install "toolsearch[mcp]" (from a checkout: pip install ".[mcp]")' in err
    assert "starting MCP server" not in err


def test_only_without_servers_is_a_usage_error(runner: CliRunner) -> None:
    code, _, err = run(runner, "budget", "--only", "github", str(FIXTURES / "example"))
    assert code == 2 and "--only picks servers" in err


def test_load_live_without_keep_going_raises() -> None:
    with pytest.raises(ServerError, match="MCP server 'stdio_server': exited before"):
        live(commands=(stdio_command("--mode", "crash"),))


def test_announce_receives_specs() -> None:
    seen: list[ServerSpec] = []
    load_live(LiveOptions(commands=(stdio_command("--plain", "--tools", "1"),)), seen.append)
    assert seen[0].transport == "stdio" and seen[0].origin == "--mcp-command"


def test_real_process_stdout_and_stderr(tmp_path: Path) -> None:
    result = run_process(
        tmp_path,
        "budget",
        "-f",
        "json",
        "--mcp-command",
        stdio_command("--tools", "4", "--page-size", "2", name="store"),
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [t["name"] for t in data["tools"]] == ["tool_0", "tool_1", "tool_2", "tool_3"]
    assert result.stderr.startswith("toolsearch: starting MCP server 'store': ")


@pytest.mark.parametrize(
    ("stderr", "summary"),
    [
        (
            'Traceback (most recent call last):\n  File "/x/s.py", line 1, in <module>\n'
            "    import anyio\nModuleNotFoundError: No module named 'anyio'\n",
            "ModuleNotFoundError: No module named 'anyio'",
        ),
        (
            "node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\n"
            "Error: Cannot find module '/x/index.js'\n    at Module._load (node:x:1:1) {\n"
            "  code: 'MODULE_NOT_FOUND'\n}\n\nNode.js v20.20.2\n",
            "Error: Cannot find module '/x/index.js'",
        ),
        (
            'npm warn Unknown user config "nodedir".\nnpm error code E404\n'
            "npm error 404 Not Found - GET https://registry.example/pkg\nnpm error 404\n"
            "npm error A complete log of this run can be found in: /root/.npm/_logs/x.log\n",
            "npm error code E404 | npm error 404 Not Found - GET https://registry.example/pkg",
        ),
        ("starting\n\x1b[31mlistening\x1b[0m on stdio\n", "starting | listening on stdio"),
        ("", ""),
    ],
)
def test_stderr_summary(stderr: str, summary: str) -> None:
    assert stderr_summary(stderr) == summary


def test_a_secret_in_a_variable_is_never_printed(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOOLSEARCH_TEST_SECRET", "sk-live-0123456789")
    config = tmp_path / "mcp.json"
    config.write_text('{"mcpServers": {"s": {"command": "${TOOLSEARCH_TEST_SECRET}"}}}')
    code, out, err = run(runner, "budget", "--mcp-config", str(config))
    assert code == 2
    assert "cannot start '${TOOLSEARCH_TEST_SECRET}': command not found" in err
    assert "sk-live" not in out + err
