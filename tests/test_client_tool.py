"""The client-side search tool: its definition, its handler, and README's agent loop run as it
stands with the real ``anthropic`` SDK against a stand-in Messages API on loopback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

import toolsearch
from tests.conftest import FIXTURES, HANG_LIMIT, ROOT, docs_text
from tests.fake_http import reply_json, serving
from toolsearch.app import app
from toolsearch.retrieval.embedding import semantic_available

REQUEST = FIXTURES / "hybrid" / "request.json"
BODY = json.loads(REQUEST.read_text(encoding="utf-8"))
DEFERRED = {t["name"] for t in BODY["tools"] if t.get("defer_loading")}
MODE = "hybrid" if semantic_available() else "bm25"


def test_definition_is_a_plain_tool_that_is_not_deferred() -> None:
    tool = toolsearch.search_tool(BODY, mode="bm25")
    definition = tool.definition()
    assert definition["name"] == "tool_search" and "defer_loading" not in definition
    assert definition["input_schema"]["required"] == ["query"]


@pytest.mark.parametrize("mode", ["bm25", "claude-code", MODE])
def test_handler_returns_at_most_limit_references_to_deferred_tools(mode: str) -> None:
    tool = toolsearch.search_tool(BODY, mode=mode)
    block = {"type": "tool_use", "id": "toolu_1", "name": "tool_search"}
    for query, limit in [("read a text file", 1), ("send an email to someone", 3), ("tools", 10)]:
        result = tool.handle({**block, "input": {"query": query, "limit": limit}})
        assert result["tool_use_id"] == "toolu_1" and "is_error" not in result
        names = [c["tool_name"] for c in result["content"] if c["type"] == "tool_reference"]
        assert len(names) <= limit
        assert set(names) <= DEFERRED  # never tool_search itself, never a made-up name
    first = tool.handle({**block, "input": {"query": "send an email to someone", "limit": 1}})
    assert first["content"] == [{"type": "tool_reference", "tool_name": "send_email"}]


def test_bad_input_is_an_error_result_the_model_can_read() -> None:
    tool = toolsearch.search_tool(BODY, mode="bm25")
    for given in ({}, {"query": " "}, {"query": "x" * 501}, {"query": "a", "limit": 0}):
        result = tool.handle({"id": "toolu_9", "input": given})
        assert result["is_error"] is True and result["content"][0]["type"] == "text"
    huge = tool.handle({"id": "t", "input": {"query": "file email weather", "limit": 99}})
    assert len(huge["content"]) <= 10


def test_nothing_deferred_returns_no_reference() -> None:
    tools = [dict(t, defer_loading=False) for t in BODY["tools"]]
    result = toolsearch.search_tool(tools, mode="bm25").handle(
        {"id": "t", "input": {"query": "send email"}}
    )
    assert [c["type"] for c in result["content"]] == ["text"]


class FakeMessages(BaseHTTPRequestHandler):
    """The Messages API as a script: search, call the found tool, answer."""

    bodies: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        FakeMessages.bodies.append(body)
        turn = len(FakeMessages.bodies)
        if turn == 1:
            content = [
                {
                    "type": "tool_use",
                    "id": "toolu_1",
                    "name": "tool_search",
                    "input": {"query": "will it rain tomorrow", "limit": 3},
                }
            ]
            stop = "tool_use"
        elif turn == 2:
            content = [
                {
                    "type": "tool_use",
                    "id": "toolu_2",
                    "name": "get_weather",
                    "input": {"city": "Paris"},
                }
            ]
            stop = "tool_use"
        else:
            content, stop = [{"type": "text", "text": "Take an umbrella."}], "end_turn"
        reply_json(
            self,
            {
                "id": f"msg_{turn}",
                "type": "message",
                "role": "assistant",
                "model": body["model"],
                "content": content,
                "stop_reason": stop,
                "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 10},
            },
        )

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def messages_api() -> Iterator[str]:
    FakeMessages.bodies = []
    with serving(FakeMessages) as url:
        yield url


def readme_example() -> str:
    text = docs_text()
    section = text.split("# A client-side search tool for your agent\n", 1)[1]
    found = re.search(r"```python\n(.+?)```", section, re.S)
    assert found, "README.md has no python example under the client-side search tool"
    return found.group(1)


@pytest.mark.slow
def test_readme_agent_loop_runs_and_every_request_it_sends_lints_clean(
    messages_api: str, tmp_path: Path
) -> None:
    code = readme_example()
    if MODE != "hybrid":
        code = code.replace('mode="hybrid"', 'mode="bm25"')
    env = {**os.environ, "ANTHROPIC_BASE_URL": messages_api, "ANTHROPIC_API_KEY": "test-key"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG_LIMIT,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Take an umbrella."
    assert len(FakeMessages.bodies) == 3
    search_result = FakeMessages.bodies[1]["messages"][-1]["content"][0]
    assert search_result["tool_use_id"] == "toolu_1"
    names = [c["tool_name"] for c in search_result["content"]]
    assert 1 <= len(names) <= 3 and set(names) <= DEFERRED
    if MODE == "hybrid":
        assert names[0] == "get_weather"
    for index, body in enumerate(FakeMessages.bodies):
        path = tmp_path / f"request-{index}.json"
        path.write_text(json.dumps(body), encoding="utf-8")
        result = CliRunner().invoke(app, ["lint", str(path)])
        assert result.exit_code == 0, result.stdout
        assert "No problems found" in result.stdout
