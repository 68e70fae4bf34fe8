"""``--platform`` on ``query``, ``eval`` and ``serve``: a search the platform cannot carry is
refused (exit 2, one line), one it may not carry is noted (issue 31)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import HANG_LIMIT
from toolsearch.app import app
from toolsearch.errors import UsageError
from toolsearch.hosts.platforms import PLATFORM_NAMES, platform_named
from toolsearch.retrieval.platform_search import (
    checked_platform_search,
    platform_note,
    platform_refusal,
)

TOOLS = [
    {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
    {"name": "get_weather", "description": "Current weather for a city.", "defer_loading": True,
     "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}},
    {"name": "get_time", "description": "The current time in a time zone.", "defer_loading": True,
     "input_schema": {"type": "object", "properties": {"zone": {"type": "string"}}}},
]  # fmt: skip
CONVERSE = (
    "toolsearch: error: Amazon Bedrock Converse (legacy) cannot carry tool search (platform "
    "bedrock-converse): it refuses deferred tools, so no search runs there; preview another "
    "platform"
)
NO_BM25 = (
    "toolsearch: error: Amazon Bedrock InvokeModel (legacy) serves only the regex variant of "
    "tool search, not bm25 (platform bedrock-invoke); search with --mode regex"
)
UNPUBLISHED = (
    "whether Claude in Amazon Bedrock (the Messages API endpoint) carries tool search is not "
    "published; this preview assumes it does"
)


@pytest.fixture
def request_file(in_tmp: Path) -> Path:
    path = in_tmp / "req.json"
    body = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": TOOLS}
    path.write_text(json.dumps(body))
    return path


@pytest.mark.parametrize("name", PLATFORM_NAMES)
def test_each_platform_says_what_it_runs(name: str) -> None:
    platform = platform_named(name)
    for mode in ("bm25", "regex", "hybrid"):
        refusal = platform_refusal(platform, mode)
        assert (refusal is not None) == (
            platform.tool_search == "no" or (mode == "bm25" and platform.bm25 == "no")
        )
        note = platform_note(platform, mode)
        unknown = platform.tool_search == "uncertain" or (
            mode == "bm25" and platform.bm25 == "uncertain"
        )
        assert (note is not None) == unknown


def test_only_the_claude_api_target_is_sent_to_a_platform() -> None:
    assert checked_platform_search("bedrock-converse", "claude-code", ["claude-code"]) == []
    assert checked_platform_search("bedrock-converse", "openai", ["bm25"]) == []
    with pytest.raises(UsageError):
        checked_platform_search("bedrock-converse", "api", ["regex"])
    assert checked_platform_search(None, "api", ["bm25", "regex"]) == []


def test_query_refuses_a_search_the_platform_cannot_carry(
    runner: CliRunner, request_file: Path
) -> None:
    result = runner.invoke(app, ["query", "weather", "--platform", "bedrock-converse", "req.json"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [CONVERSE]
    result = runner.invoke(app, ["query", "weather", "--platform", "bedrock-invoke", "req.json"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [NO_BM25]
    args = ["query", "-f", "json", "-m", "regex", "weather", "--platform", "bedrock-invoke"]
    result = runner.invoke(app, [*args, "req.json"])
    assert result.exit_code == 0, result.output
    assert [r["name"] for r in json.loads(result.stdout)["results"]] == ["get_weather"]


def test_the_config_platform_counts_and_the_flag_wins(
    runner: CliRunner, request_file: Path
) -> None:
    (request_file.parent / ".toolsearch.yaml").write_text("platform: foundry-azure\n")
    result = runner.invoke(app, ["query", "weather", "req.json"])
    assert result.exit_code == 2
    assert "Microsoft Foundry (Azure-hosted deployments) cannot carry tool search" in result.stderr
    result = runner.invoke(app, ["query", "weather", "--platform", "anthropic", "req.json"])
    assert result.exit_code == 0, result.output


def test_query_notes_what_is_not_published(runner: CliRunner, request_file: Path) -> None:
    args = ["query", "-f", "json", "weather", "--platform", "bedrock", "req.json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["notes"][0] == UNPUBLISHED
    result = runner.invoke(app, ["query", "weather", "--platform", "vertex", "req.json"])
    assert result.exit_code == 0
    assert "whether Google Vertex AI serves the bm25 variant of tool search is not published" in (
        result.stdout
    )


def test_query_explain_says_which_modes_the_platform_refuses(
    runner: CliRunner, request_file: Path
) -> None:
    args = ["query", "weather", "--explain", "get_weather", "--platform", "bedrock-invoke"]
    result = runner.invoke(app, [*args, "req.json"])
    assert result.exit_code == 0, result.output
    assert NO_BM25.removeprefix("toolsearch: error: ") in " ".join(result.stdout.split())


def test_eval_refuses_and_notes_alike(runner: CliRunner, request_file: Path) -> None:
    result = runner.invoke(app, ["eval", "--self", "--platform", "bedrock-converse", "req.json"])
    assert result.exit_code == 2 and result.stderr.splitlines() == [CONVERSE]
    result = runner.invoke(app, ["eval", "--self", "--platform", "bedrock-invoke", "req.json"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        NO_BM25.replace("search with --mode regex", "--self checks word search, which it lacks")
    ]
    cases = request_file.parent / "cases.jsonl"
    rows = [
        {"query": "weather", "expected": "get_weather", "mode": "regex"},
        {"query": "time in a zone", "expected": "get_time"},
    ]
    cases.write_text("".join(json.dumps(row) + "\n" for row in rows))
    result = runner.invoke(app, ["eval", "cases.jsonl", "req.json", "--platform", "bedrock-invoke"])
    assert result.exit_code == 2 and result.stderr.splitlines() == [NO_BM25]
    args = ["eval", "-f", "json", "-m", "regex", "cases.jsonl", "req.json"]
    result = runner.invoke(app, [*args, "--platform", "bedrock-invoke"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(
        app, ["eval", "-f", "json", "--self", "--platform", "bedrock", "req.json"]
    )
    assert result.exit_code == 0, result.output
    assert UNPUBLISHED in json.loads(result.stdout)["notes"]


def test_serve_refuses_before_it_starts(runner: CliRunner, request_file: Path) -> None:
    result = runner.invoke(app, ["serve", "--platform", "bedrock-converse", "req.json"])
    assert result.exit_code == 2 and result.stderr.splitlines() == [CONVERSE]
    result = runner.invoke(app, ["serve", "--platform", "bedrock-invoke", "req.json"])
    assert result.exit_code == 2 and result.stderr.splitlines() == [NO_BM25]


@pytest.mark.slow
def test_serve_notes_on_stderr_and_keeps_stdout_for_the_protocol(request_file: Path) -> None:
    pytest.importorskip("mcp")
    command = [sys.executable, "-m", "toolsearch", "serve", "--platform", "bedrock", "req.json"]
    done = subprocess.run(
        command,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=HANG_LIMIT,
        cwd=request_file.parent,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert done.stderr.splitlines() == [f"toolsearch: note: {UNPUBLISHED}"]
