"""mcpServers configs and server flags -> specs: formats, ${VAR} expansion, errors, --only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolsearch.errors import InputError, UsageError
from toolsearch.servers.live import LiveOptions, configured_servers
from toolsearch.servers.mcp_config import (
    ConfiguredServer,
    ServerSpec,
    command_server,
    default_command_name,
    expand,
    read_config,
    safe_url,
    select,
    url_server,
)


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=2))
    return path


def specs(path: Path) -> dict[str, ServerSpec]:
    found = {}
    for server in read_config(path):
        assert server.spec is not None, server.error
        found[server.name] = server.spec
    return found


def only_error(path: Path) -> str:
    (server,) = read_config(path)
    assert server.spec is None and server.error is not None
    return server.error


def test_claude_code_project_config(in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TS_TOKEN", "t0ken")
    monkeypatch.setenv("TS_EMPTY", "")
    monkeypatch.delenv("TS_UNSET", raising=False)
    config = write(
        in_tmp / ".mcp.json",
        {
            "mcpServers": {
                "github": {
                    "command": "npx",
                    "args": ["-y", "server-github", "--token=${TS_TOKEN}"],
                    "env": {"GITHUB_TOKEN": "${TS_TOKEN}", "MODE": "${TS_UNSET:-ro}"},
                    "alwaysLoad": True,
                },
                "api": {
                    "type": "http",
                    "url": "https://api.example.com/mcp?key=${TS_TOKEN}",
                    "headers": {"Authorization": "Bearer ${TS_TOKEN}", "X": "${TS_EMPTY:-dflt}"},
                },
                "legacy": {"type": "sse", "url": "http://127.0.0.1:9/sse"},
                "alias": {"type": "streamable-http", "url": "http://127.0.0.1:9/mcp"},
                "plain": {"type": "stdio", "command": "srv"},
                "copilot": {"command": "srv", "deferTools": "never"},
                "searched": {"command": "srv", "deferTools": "auto"},
            }
        },
    )
    found = specs(config)
    assert list(found) == ["github", "api", "legacy", "alias", "plain", "copilot", "searched"]
    # Copilot CLI's deferTools: "never" keeps the server loaded, as alwaysLoad does
    assert found["copilot"].always_load and not found["searched"].always_load
    github = found["github"]
    assert (github.transport, github.command) == ("stdio", "npx")
    assert github.args == ("-y", "server-github", "--token=t0ken")
    assert github.env == {"GITHUB_TOKEN": "t0ken", "MODE": "ro"}
    assert github.always_load is True
    # what is announced is the command as written: secrets stay unexpanded
    assert github.shown == "npx -y server-github '--token=${TS_TOKEN}'"
    api = found["api"]
    assert api.transport == "http" and api.url == "https://api.example.com/mcp?key=t0ken"
    assert api.headers == {"Authorization": "Bearer t0ken", "X": "dflt"}
    assert api.shown == "https://api.example.com/mcp" and not api.always_load
    assert found["legacy"].transport == "sse" and found["alias"].transport == "http"
    assert found["plain"].command == "srv" and found["plain"].args == ()


def test_unset_variable_names_file_line_pointer_and_variable(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TS_MISSING", raising=False)
    config = write(
        in_tmp / ".mcp.json",
        {"mcpServers": {"gh": {"command": "srv", "env": {"TOKEN": "${TS_MISSING}"}}}},
    )
    message = only_error(config)
    assert message.startswith(".mcp.json:6:18: /mcpServers/gh/env/TOKEN: MCP server 'gh'")
    assert "${TS_MISSING}, which is not set" in message
    assert "${TS_MISSING:-default}" in message


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({"url": "https://x.example/mcp"}, 'has a "url" but no "type"; add "type": "http"'),
        ({"type": "ws", "url": "wss://x.example"}, "WebSocket servers are not supported"),
        ({"type": "grpc", "url": "https://x"}, "unknown type 'grpc'"),
        ({"type": "http"}, 'has "type": "http" but no url'),
        ({"type": "http", "url": "ftp://x/y"}, "not an http(s) URL"),
        ({"args": ["x"]}, "has no command"),
        ({"command": "x", "args": "y"}, "args that is not an array"),
        ({"command": "x", "env": ["A=1"]}, "env that is not an object"),
        ({"command": "x", "env": {"A": 1}}, "value that is not a string"),
        ({"command": "x", "alwaysLoad": "yes"}, "alwaysLoad that is not true or false"),
        ({"command": "x", "deferTools": "always"}, 'deferTools that is not "auto" or "never"'),
        ("npx server", "must be an object"),
    ],
)
def test_bad_entries(in_tmp: Path, entry: Any, expected: str) -> None:
    config = write(in_tmp / "c.json", {"mcpServers": {"s": entry}})
    message = only_error(config)
    assert message.startswith("c.json:")
    assert "MCP server 's'" in message and expected in message


def test_unusable_files_are_input_errors(in_tmp: Path) -> None:
    (in_tmp / "bad.json").write_text("{")
    with pytest.raises(InputError, match=r"bad\.json:1:2: invalid JSON"):
        read_config(in_tmp / "bad.json")
    write(in_tmp / "pkg.json", {"name": "x"})
    with pytest.raises(InputError, match=r"pkg\.json: not an MCP config: no mcpServers"):
        read_config(in_tmp / "pkg.json")
    write(in_tmp / "list.json", {"mcpServers": ["a"]})
    with pytest.raises(InputError, match="mcpServers must be an object"):
        read_config(in_tmp / "list.json")
    with pytest.raises(InputError, match=r"absent\.json: no such MCP config file"):
        configured_servers(LiveOptions(configs=(in_tmp / "absent.json",)))


def test_claude_json_local_scope_overrides_user_scope(in_tmp: Path) -> None:
    here = str(in_tmp.resolve())
    config = write(
        in_tmp / ".claude.json",
        {
            "numStartups": 3,
            "mcpServers": {"shared": {"command": "user-srv"}, "mine": {"command": "mine"}},
            "projects": {
                here: {"mcpServers": {"shared": {"command": "local-srv"}}},
                "/elsewhere": {"mcpServers": {"other": {"command": "no"}}},
            },
        },
    )
    found = specs(config)
    assert list(found) == ["shared", "mine"]
    assert found["shared"].command == "local-srv"


def test_claude_desktop_and_cursor_configs(in_tmp: Path) -> None:
    desktop = write(
        in_tmp / "claude_desktop_config.json",
        {
            "mcpServers": {
                "filesystem": {
                    "command": "npx",
                    "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
                }
            }
        },
    )
    assert specs(desktop)["filesystem"].args[-1] == "/tmp"
    cursor = write(
        in_tmp / "mcp.json",
        {"mcpServers": {"remote": {"type": "http", "url": "http://127.0.0.1:1/mcp"}}},
    )
    assert specs(cursor)["remote"].transport == "http"


def test_disabled_servers_are_left_out_unless_named(in_tmp: Path) -> None:
    config = write(
        in_tmp / "c.json",
        {"mcpServers": {"on": {"command": "a"}, "off": {"command": "b", "disabled": True}}},
    )
    servers = read_config(config)
    chosen, notes = select(servers, ())
    assert [s.name for s in chosen] == ["on"]
    assert notes == ["MCP server 'off' is disabled in its config; not started"]
    chosen, notes = select(servers, ("off",))
    assert [s.name for s in chosen] == ["off"] and not notes


def test_only_unknown_name_suggests(in_tmp: Path) -> None:
    config = write(in_tmp / "c.json", {"mcpServers": {"github": {"command": "a"}}})
    with pytest.raises(UsageError, match=r"--only 'gihub': no such MCP server.*did you mean"):
        configured_servers(LiveOptions(configs=(config,), only=("gihub",)))
    with pytest.raises(UsageError, match="--only picks servers"):
        configured_servers(LiveOptions(only=("x",)))


def test_clashing_names_are_usage_errors(in_tmp: Path) -> None:
    one = write(in_tmp / "a.json", {"mcpServers": {"gh": {"command": "a"}}})
    two = write(in_tmp / "b.json", {"mcpServers": {"gh": {"command": "b"}}})
    with pytest.raises(UsageError, match=r"two MCP servers are named 'gh'"):
        configured_servers(LiveOptions(configs=(one, two)))
    with pytest.raises(UsageError, match=r"two MCP servers are named 'srv'"):
        configured_servers(LiveOptions(commands=("srv=a", "srv=b")))


def test_mcp_command_flag() -> None:
    spec = command_server("github=npx -y @modelcontextprotocol/server-github")
    assert (spec.name, spec.command, spec.args) == (
        "github",
        "npx",
        ("-y", "@modelcontextprotocol/server-github"),
    )
    assert command_server("npx -y @modelcontextprotocol/server-github").name == "server-github"
    spaced = command_server("python '/a b/my server.py' --port 3")
    assert spaced.args == ("/a b/my server.py", "--port", "3")
    assert spaced.shown == "python '/a b/my server.py' --port 3"
    with pytest.raises(UsageError, match="No closing quotation"):
        command_server("python 'unclosed")
    with pytest.raises(UsageError, match="needs a command"):
        command_server("   ")


@pytest.mark.parametrize(
    ("command", "name"),
    [
        ("python server.py --port 3", "server"),
        ("uvx mcp-server-fetch", "mcp-server-fetch"),
        ("docker run -i --rm ghcr.io/github/github-mcp-server", "github-mcp-server"),
        ("python -m mcp_server_time", "mcp_server_time"),
        ("npx -y pkg@latest", "pkg"),
        ("python -c 'import x'", "python"),
        ("/usr/local/bin/my-server", "my-server"),
    ],
)
def test_default_command_names(command: str, name: str) -> None:
    import shlex

    assert default_command_name(shlex.split(command)) == name


def test_mcp_url_flag() -> None:
    spec = url_server("docs=https://user:pw@docs.example.com/mcp?key=1")
    assert (spec.name, spec.transport, spec.url) == (
        "docs",
        "http",
        "https://user:pw@docs.example.com/mcp?key=1",
    )
    assert spec.shown == "https://docs.example.com/mcp"
    assert url_server("http://127.0.0.1:8123/mcp").name == "127-0-0-1"
    with pytest.raises(UsageError, match="expected an http:// or https:// URL"):
        url_server("docs=ftp://x")


def test_expand_and_safe_url() -> None:
    env = {"A": "1", "E": ""}
    assert expand("${A}-${B:-two}-${E:-empty}-$A-${A:-x}", env) == "1-two-empty-$A-1"
    with pytest.raises(KeyError, match="B"):
        expand("${B}", env)
    assert safe_url("https://u:p@h.example:8443/p/mcp?token=s#f") == "https://h.example:8443/p/mcp"


def test_configured_server_records_keep_errors_apart() -> None:
    servers = [ConfiguredServer("a", None, "boom"), ConfiguredServer("b", None, "bang")]
    chosen, _ = select(servers, ("b",))
    assert [s.error for s in chosen] == ["bang"]
