"""``toolsearch serve``: a real MCP client session (the official SDK) with the server over stdio."""

from __future__ import annotations

import json
import sys
from typing import Any

import anyio
import pytest
from typer.testing import CliRunner

from tests.conftest import CATALOGS, FIXTURES, needs_shared
from toolsearch.app import app
from toolsearch.retrieval.embedding import semantic_available

REQUEST = str(FIXTURES / "hybrid" / "request.json")
SMALL = str(FIXTURES / "eval" / "small.json")


async def session(args: list[str], calls: list[dict[str, Any]]) -> tuple[list[Any], list[Any]]:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=sys.executable, args=["-m", "toolsearch", "serve", *args]
    )
    async with Client(stdio_client(params), cache=None) as client:
        listed = await client.list_tools()
        answers = [await client.call_tool("search_tools", call) for call in calls]
    return listed.tools, answers


def payload(answer: Any) -> dict[str, Any]:
    assert not answer.is_error, answer
    data: dict[str, Any] = json.loads(answer.content[0].text)
    return data


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["bm25", "hybrid"])
def test_one_search_tool_answers_a_real_client(mode: str) -> None:
    if mode == "hybrid" and not semantic_available():
        pytest.skip("the semantic extra is not installed")
    calls: list[dict[str, Any]] = [
        {"query": "send an email to someone", "limit": 2},
        {"query": "will it rain tomorrow in Paris"},
        {"query": "x" * 600},
        {"query": "send an email", "limit": 0},
    ]
    tools, answers = anyio.run(session, ["-m", mode, REQUEST], calls)
    assert [t.name for t in tools] == ["search_tools"]
    assert set(tools[0].input_schema["properties"]) == {"query", "limit"}
    first = payload(answers[0])
    assert first["mode"] == mode
    assert first["tools"][0]["name"] == "send_email"
    assert len(first["tools"]) <= 2
    names = [t["name"] for t in payload(answers[1])["tools"]]
    if mode == "hybrid":
        assert names[0] == "get_weather"  # no word in common: found by meaning
    else:
        assert names == []
    assert answers[2].is_error  # a query longer than the API allows, and the client says why
    assert "600 characters" in answers[2].content[0].text
    assert "500" in answers[2].content[0].text
    assert answers[3].is_error and "1 to 20" in answers[3].content[0].text  # never quietly 1


def test_serve_without_tools_or_with_a_bad_mode_exits_2(tmp_path: Any) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text('{"tools": []}', encoding="utf-8")
    result = CliRunner().invoke(app, ["serve", str(empty)])
    assert result.exit_code == 2 and "no tools" in result.stderr
    result = CliRunner().invoke(app, ["serve", "-m", "fuzzy", SMALL])
    assert result.exit_code == 2 and "--mode" in result.stderr


@needs_shared
def test_several_catalogs_are_ranked_as_one() -> None:
    from toolsearch.analysis import Analysis
    from toolsearch.catalog.inputs import load_inputs
    from toolsearch.config import Config
    from toolsearch.servers.mcp_serve import CatalogSearch

    # In Slack's own index of 8 tools "slack" is in every tool and weighs nothing; scores of
    # separate indexes are not comparable, so GitHub's commit-message tools came first
    sources = [str(CATALOGS / "slack.json"), str(CATALOGS / "github.json")]
    analysis = Analysis(load_inputs(sources, Config()).catalog, Config())
    search = CatalogSearch.build(analysis.catalog, "bm25", analysis)
    assert search.searched == 125
    first = search.answer("send a slack message", 3)["tools"][0]
    assert (first["source"], first["name"]) == ("slack", "slack_post_message")


async def server_info(args: list[str]) -> Any:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=sys.executable, args=["-m", "toolsearch", "serve", *args]
    )
    async with Client(stdio_client(params), cache=None) as client:
        return client.server_info


@pytest.mark.slow
def test_serve_passes_its_own_lint_and_names_its_version(tmp_path: Any) -> None:
    """A snapshot of serve's tool lints clean (each parameter described); the server says
    which toolsearch it is."""
    from toolsearch import __version__

    pytest.importorskip("mcp")
    runner = CliRunner()
    command = f"toolsearch={sys.executable} -m toolsearch serve {SMALL}"
    out = tmp_path / "snapshots"
    result = runner.invoke(app, ["snapshot", "--mcp-command", command, "--out", str(out)])
    assert result.exit_code == 0, result.output
    (tool,) = json.loads((out / "toolsearch.json").read_text())["tools"]
    for name, schema in tool["inputSchema"]["properties"].items():
        assert schema["description"], name
    result = runner.invoke(app, ["lint", "-f", "json", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["diagnostics"] == [], result.stdout
    info = anyio.run(server_info, [SMALL])
    assert (info.name, info.version) == ("toolsearch", __version__)
