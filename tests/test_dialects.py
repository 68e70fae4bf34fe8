"""Envelope recognition, scopes and effective deferral."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from toolsearch.catalog.claude_code_versions import ClaudeCode
from toolsearch.catalog.loader import read_source, resolve_sources
from toolsearch.catalog.model import Catalog
from toolsearch.errors import InputError
from toolsearch.hosts.scopes import load_catalog

DIALECTS = FIXTURES / "dialects"
EXAMPLE = FIXTURES / "example"


def catalog(
    *arguments: str, target: str = "api", skip: bool = False, version: str | None = None
) -> Catalog:
    docs = [read_source(s) for s in resolve_sources(list(arguments))]
    claude_code = ClaudeCode(version) if version else None
    return load_catalog(docs, target, skip, claude_code=claude_code)[0]


@pytest.mark.parametrize(
    ("name", "kind", "dialect", "names"),
    [
        ("anthropic-tools.json", "tools", "anthropic", ["get_weather", "get_forecast"]),
        ("tools.yaml", "tools", "anthropic", ["get_weather", "get_forecast"]),
        ("mcp-tools-list.json", "mcp", "mcp", ["get_weather", "get_forecast"]),
        ("mcp-tools-list.yaml", "mcp", "mcp", ["get_weather"]),
        ("jsonrpc.json", "mcp", "mcp", ["get_weather"]),
        ("inspector.json", "mcp", "mcp", ["get_weather"]),
        ("openai-chat.json", "tools", "openai-chat", ["get_weather", "ping"]),
        ("openai-chat-request.json", "request", "openai-chat", ["get_weather"]),
        ("openai-responses.json", "request", "openai-responses", ["get_weather", "get_forecast"]),
    ],
)
def test_every_dialect(name: str, kind: str, dialect: str, names: list[str]) -> None:
    cat = catalog(str(DIALECTS / name))
    (scope,) = cat.scopes
    assert scope.kind == kind
    assert [t.name for t in scope.tools] == names
    assert {t.dialect for t in scope.tools} == {dialect}
    assert all(t.source == Path(name).stem for t in scope.tools)
    assert all(t.location.line is None for t in scope.tools)  # found only when printed
    assert all(cat.resolve(t.location).line is not None for t in scope.tools)


def test_anthropic_deferral_and_search_tool() -> None:
    (scope,) = catalog(str(DIALECTS / "anthropic-tools.json")).scopes
    assert [t.deferred for t in scope.tools] == [False, True]
    assert [s.search_variant for s in scope.search_tools] == ["regex"]


def test_openai_missing_parameters_get_an_empty_schema() -> None:
    (scope,) = catalog(str(DIALECTS / "openai-chat.json")).scopes
    assert scope.tools[1].input_schema == {"type": "object", "properties": {}}


def test_responses_defer_loading() -> None:
    (scope,) = catalog(str(DIALECTS / "openai-responses.json")).scopes
    assert [t.deferred for t in scope.tools] == [False, True]


def test_mcp_alone_defers_nothing_under_api() -> None:
    (scope,) = catalog(str(DIALECTS / "mcp-tools-list.json")).scopes
    assert not any(t.deferred for t in scope.tools)
    assert scope.tools[0].always_load


def test_claude_code_target_defers_mcp_unless_always_load() -> None:
    cat = catalog(
        str(DIALECTS / "mcp-tools-list.json"), str(DIALECTS / "jsonrpc.json"), target="claude-code"
    )
    (scope,) = cat.scopes
    assert scope.name == "claude-code"
    assert scope.implicit_search == "ToolSearch"
    assert [(t.sent_name, t.deferred) for t in scope.tools] == [
        ("mcp__mcp-tools-list__get_weather", False),
        ("mcp__mcp-tools-list__get_forecast", True),
        ("mcp__jsonrpc__get_weather", True),
    ]
    assert scope.tools[0].name == "get_weather"


def test_claude_code_cuts_long_descriptions(in_tmp: Path) -> None:
    long = "x" * 3000
    (in_tmp / "s.json").write_text(
        json.dumps(
            {"tools": [{"name": "t", "description": long, "inputSchema": {"type": "object"}}]}
        )
    )
    (scope,) = catalog("s.json", target="claude-code", version="2.1.294").scopes
    assert scope.tools[0].sent_description == "x" * 2048 + "… [truncated]"
    assert scope.tools[0].description == long
    # from 2.1.295 a deferred tool is sent cut at 16,384 once loaded (driven)
    (in_tmp / "s.json").write_text(
        json.dumps(
            {"tools": [{"name": "t", "description": long * 6, "inputSchema": {"type": "object"}}]}
        )
    )
    (scope,) = catalog("s.json", target="claude-code", version="2.1.295").scopes
    assert scope.tools[0].sent_description == "x" * 16_384 + "… [truncated]"
    (scope,) = catalog("s.json", target="claude-code").scopes
    assert scope.tools[0].sent_description == "x" * 16_384 + "… [truncated]"


def test_request_with_toolset_and_supplied_catalog() -> None:
    cat = catalog(str(EXAMPLE / "request.json"), str(EXAMPLE / "github.json"))
    (scope,) = cat.scopes
    assert scope.kind == "request"
    assert scope.sources == ("request", "github")
    github = {t.name: t.deferred for t in scope.tools if t.source == "github"}
    assert github == {
        "search_issues": False,
        "create_issue": True,
        "get_pull_request": True,
        "create_pull_request_review": True,
    }  # delete_repository is enabled: false
    assert scope.toolsets[0].catalog_source == "github"
    assert [r.tool_name for r in scope.references] == ["jira_create_issue", "jira_search_issues"]
    assert scope.references[0].location.pointer == (
        "/messages/1/content/1/content/tool_references/0"
    )
    assert cat.resolve(scope.references[0].location).line is not None
    assert scope.model == "claude-sonnet-4-5-20250929"


def test_toolset_without_catalog_is_unknown() -> None:
    (scope,) = catalog(str(EXAMPLE / "request.json")).scopes
    assert [t.server_name for t in scope.unknown_toolsets] == ["github"]
    assert all(t.source == "request" for t in scope.tools)


def test_named_source_supplies_toolset(in_tmp: Path) -> None:
    data = json.loads((EXAMPLE / "github.json").read_text())
    (in_tmp / "gh-tools.json").write_text(json.dumps(data))
    cat = catalog(str(EXAMPLE / "request.json"), "github=gh-tools.json")
    assert len(cat.scopes) == 1
    assert "github" in cat.scopes[0].sources


def test_malformed_tools_are_kept_as_records() -> None:
    (scope,) = catalog(str(DIALECTS / "malformed.json")).scopes
    assert [t.name for t in scope.tools] == ["ok_tool"]
    assert [m.reason for m in scope.malformed] == [
        "tool has no name",
        "tool name is a number, not a string",
        "inputSchema of 'bad_schema' is a string, not an object",
        "tool entry is a string, not an object",
    ]
    assert [m.location.pointer for m in scope.malformed] == [
        "/tools/1",
        "/tools/2",
        "/tools/3",
        "/tools/4",
    ]


def test_not_a_catalog(in_tmp: Path) -> None:
    (in_tmp / "package.json").write_text('{"name": "x", "version": "1.0.0"}')
    with pytest.raises(InputError, match=r"package\.json: not a tool catalog"):
        catalog("package.json")
    assert catalog("package.json", skip=True).scopes == ()


def test_empty_tools_is_a_valid_catalog(in_tmp: Path) -> None:
    (in_tmp / "e.json").write_text('{"tools": []}')
    (scope,) = catalog("e.json").scopes
    assert scope.tools == ()
