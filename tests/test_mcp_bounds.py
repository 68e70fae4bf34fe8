"""Live MCP servers that flood: what is kept of their output is bounded, and the run still ends."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import HANG_LIMIT
from tests.live_helpers import FLOOD_SERVER, RAW_SERVER, http_server
from toolsearch.app import app
from toolsearch.servers import mcp_bounds, mcp_client
from toolsearch.servers.mcp_bounds import StderrKeeper


def flood(*options: str) -> str:
    return f"flood={shlex.join([sys.executable, str(FLOOD_SERVER), *options])}"


def run(runner: CliRunner, *args: str) -> tuple[int, str]:
    """Exit code and stderr of ``budget``; the last stderr line says what stopped the run."""
    result = runner.invoke(app, ["budget", *args])
    return result.exit_code, result.stderr


def test_stderr_keeper_keeps_a_bounded_head_and_tail() -> None:
    with StderrKeeper(keep=4096) as keeper:
        writer = subprocess.Popen(
            [sys.executable, str(FLOOD_SERVER), "--stderr", "50"],
            stdin=subprocess.DEVNULL,
            stderr=keeper.writer,
        )
        keeper.close_writer()
        writer.wait(HANG_LIMIT)
        text = keeper.text(wait=HANG_LIMIT)
    assert len(text.encode()) <= 4096
    assert text.endswith("FloodError: last words\n")
    assert text.startswith("x" * 1023 + "\n")
    assert all(line in ("x" * 1023, "FloodError: last words") for line in text.splitlines())


@pytest.mark.slow
def test_stderr_flood_is_cut_and_the_timeout_holds(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept: list[int] = []
    text = StderrKeeper.text

    def spy(self: StderrKeeper, wait: float = 1.0) -> str:
        kept.append(len(got := text(self, wait)))
        return got

    monkeypatch.setattr(mcp_bounds, "STDERR_KEEP", 8192)
    monkeypatch.setattr(StderrKeeper, "text", spy)
    code, err = run(runner, "--mcp-timeout", "3", "--mcp-command", flood("--stderr", "50"))
    assert code == 2
    assert err.splitlines()[-1] == (
        "toolsearch: error: MCP server 'flood': no answer within 3 s (--mcp-timeout); "
        "stderr: 'FloodError: last words'"
    )
    assert kept and kept[0] <= 8192


@pytest.mark.slow
def test_stdout_flood_keeps_one_excerpt(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mcp_client, "STRAY_KEEP", 12)
    # 5 MB: 5,120 non-MCP lines, eighty times a pipe's buffer (each line costs a parse attempt)
    code, err = run(runner, "--mcp-timeout", "3", "--mcp-command", flood("--stdout", "5"))
    assert code == 2
    assert err.splitlines()[-1] == (
        "toolsearch: error: MCP server 'flood': no answer within 3 s (--mcp-timeout); "
        "it wrote non-MCP output: 'xxxxxxxxxxxx'"
    )


@pytest.mark.parametrize("path", ["/chunked", "/huge"])
def test_http_body_over_max_file_size_stops_the_read(
    runner: CliRunner, in_tmp: Path, path: str
) -> None:
    (in_tmp / "small.yaml").write_text("max-file-size: 1000000\n")
    with http_server("--http", "--mb", "50", script=FLOOD_SERVER) as url:
        code, err = run(
            runner, "--config", "small.yaml", "--mcp-timeout", "300", "--mcp-url", url + path
        )
    assert code == 2
    assert err.splitlines()[-1] == (
        "toolsearch: error: MCP server '127-0-0-1': sent a response over the 1,000,000-byte "
        "limit (raise max-file-size in the config if it is a real catalog)"
    )


@pytest.mark.parametrize(
    ("mode", "why"),
    [
        ("deep", "recursion limit exceeded at line 1 column "),
        ("bignum", "number out of range at line 1 column "),
    ],
)
def test_an_answer_the_sdk_cannot_parse_is_reported_at_once(
    runner: CliRunner, mode: str, why: str
) -> None:
    command = f"raw={shlex.join([sys.executable, str(RAW_SERVER), '--mode', mode])}"
    code, err = run(runner, "--mcp-timeout", "300", "--mcp-command", command)
    assert code == 2
    assert err.splitlines()[-1].startswith(
        "toolsearch: error: MCP server 'raw': answered tools/list with a message the MCP SDK "
        f"cannot read: Invalid JSON: {why}"
    )


@pytest.mark.parametrize("mode", ["huge", "pages"])
def test_stdio_stdout_over_max_file_size_stops_the_read(
    runner: CliRunner, in_tmp: Path, mode: str
) -> None:
    (in_tmp / "small.yaml").write_text("max-file-size: 3000000\n")
    command = f"raw={shlex.join([sys.executable, str(RAW_SERVER), '--mode', mode, '--mb', '20'])}"
    code, err = run(
        runner, "--config", "small.yaml", "--mcp-timeout", "300", "--mcp-command", command
    )
    assert code == 2
    assert err.splitlines()[-1] == (
        "toolsearch: error: MCP server 'raw': wrote over the 3,000,000-byte limit on stdout (one "
        "message, or all pages together) (raise max-file-size in the config if it is a real "
        "catalog)"
    )
