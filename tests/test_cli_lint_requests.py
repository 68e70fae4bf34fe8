"""The four request errors the owner named, through the CLI: text, json, exit codes.

all-deferred, dangling-tool-reference, deferred-search-tool and examples-with-tool-search, each
from a request written here, linted with every rule for requests the API rejects: the report
must hold exactly the expected finding, and the fixed request must lint clean. (Advice rules,
such as those about short descriptions, are left out so these requests stay small.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.conftest import (
    HANG_LIMIT,
    ROOT,
    docs_text,
    env_without_cache,
    needs_shared,
    shared_catalogs,
)
from toolsearch.app import app
from toolsearch.schemas import load_schema

REQUEST_ERRORS = ",".join(
    (
        "all-deferred",
        "malformed-tool",
        "dangling-tool-reference",
        "reference-to-loaded-tool",
        "deferred-search-tool",
        "examples-with-tool-search",
        "deferred-with-cache-control",
        "duplicate-tool-name",
        "invalid-tool-name",
        "long-tool-name",
        "invalid-input-schema",
        "invalid-input-example",
        "too-many-deferred-tools",
        "invalid-search-tool",
        "unsupported-model",
        "uncertain-model-support",
        "mcp-server-mismatch",
        "unknown-tool-in-configs",
        "strict-mode-limits",
        "toolset-catalog-unknown",
    )
)
SEARCH = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}


def weather(**extra: Any) -> dict[str, Any]:
    tool = {
        "name": "get_weather",
        "description": "Current weather for a city, with temperature and conditions.",
        "input_schema": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "City name."}},
            "required": ["city"],
        },
    }
    tool.update(extra)
    return tool


def email() -> dict[str, Any]:
    return {
        "name": "send_email",
        "description": "Send an email to one recipient, with a subject and a plain-text body.",
        "input_schema": {
            "type": "object",
            "properties": {
                "to": {"type": "string", "description": "Recipient address."},
                "body": {"type": "string", "description": "Plain-text body."},
            },
            "required": ["to", "body"],
        },
    }


def request(tools: list[dict[str, Any]], references: tuple[str, ...] = ()) -> dict[str, Any]:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Weather in Paris?"}]
    if references:
        result = {
            "type": "tool_search_tool_result",
            "tool_use_id": "srvtoolu_1",
            "content": {
                "type": "tool_search_tool_search_result",
                "tool_references": [{"type": "tool_reference", "tool_name": r} for r in references],
            },
        }
        call = {
            "type": "server_tool_use",
            "id": "srvtoolu_1",
            "name": "tool_search_tool_bm25",
            "input": {"query": "weather"},
        }
        messages.append({"role": "assistant", "content": [call, result]})
    return {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": tools, "messages": messages}


# rule -> (bad request, expected pointer, words in the message, fixed request)
CASES: dict[str, tuple[dict[str, Any], str, tuple[str, ...], dict[str, Any]]] = {
    "all-deferred": (
        request([weather(defer_loading=True), {**email(), "defer_loading": True}]),
        "/tools",
        ("all 2 tools are deferred",),
        request([SEARCH, weather(defer_loading=True), email()]),
    ),
    "dangling-tool-reference": (
        request([SEARCH, weather(defer_loading=True), email()], ("get_wether",)),
        "/messages/1/content/1/content/tool_references/0",
        ('"get_wether", which is not in tools', 'did you mean "get_weather"'),
        request([SEARCH, weather(defer_loading=True), email()], ("get_weather",)),
    ),
    "deferred-search-tool": (
        request([{**SEARCH, "defer_loading": True}, weather(defer_loading=True), email()]),
        "/tools/0/defer_loading",
        ('the tool search tool "tool_search_tool_bm25" is deferred',),
        request([SEARCH, weather(defer_loading=True), email()]),
    ),
    "examples-with-tool-search": (
        request([SEARCH, weather(defer_loading=True, input_examples=[{"city": "Paris"}]), email()]),
        "/tools/1/input_examples",
        ('"get_weather" (deferred) has input_examples and this request has a tool search tool',),
        request([SEARCH, weather(defer_loading=True), email()]),
    ),
}


# What a finding's one-clause message leaves to its rule's page (issue 32)
EXPLAINED = {
    "all-deferred": "At least one tool must have defer_loading=false",
    "dangling-tool-reference": "not found in available tools",
    "deferred-search-tool": "must **never** be deferred",
    "examples-with-tool-search": "not compatible with tool use",
}


@pytest.mark.parametrize("rule", list(CASES))
def test_the_rule_page_explains_what_the_message_leaves_out(rule: str, runner: CliRunner) -> None:
    result = runner.invoke(app, ["rule", rule])
    assert result.exit_code == 0
    assert EXPLAINED[rule] in " ".join(result.stdout.split())


def write(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def line_of(path: Path, pointer: str) -> int:
    """The line the loader's locator gives for a pointer (checked against the text below)."""
    from toolsearch.catalog.locate import JsonLocator

    found = JsonLocator(path.read_text()).position(pointer)
    assert found is not None
    return found[0]


@pytest.mark.parametrize("rule", list(CASES))
def test_text_report_and_exit_codes(rule: str, runner: CliRunner, in_tmp: Path) -> None:
    bad, pointer, words, fixed = CASES[rule]
    path = write(in_tmp, "request.json", bad)
    result = runner.invoke(app, ["lint", "--select", REQUEST_ERRORS, "request.json"])
    assert result.exit_code == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "request.json"
    findings = [line for line in lines[1:] if line.startswith("  ")]
    assert len(findings) == 1, result.stdout  # nothing else fires on these requests
    (finding,) = findings
    line = line_of(path, pointer)
    assert finding.lstrip().startswith(f"{line}:")
    assert " error " in finding and finding.endswith(f"[{rule}]")
    for word in words:
        assert word in finding
    assert lines[-1].startswith("1 error, 0 warnings, 0 info in")

    write(in_tmp, "request.json", fixed)
    result = runner.invoke(app, ["lint", "--select", REQUEST_ERRORS, "request.json"])
    assert result.exit_code == 0, result.stdout
    assert "No problems found" in result.stdout


@pytest.mark.parametrize("rule", list(CASES))
def test_json_report(rule: str, runner: CliRunner, in_tmp: Path) -> None:
    bad, pointer, words, _ = CASES[rule]
    path = write(in_tmp, "request.json", bad)
    result = runner.invoke(
        app, ["lint", "--select", REQUEST_ERRORS, "--format", "json", "request.json"]
    )
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("lint"))
    (diagnostic,) = data["diagnostics"]
    assert diagnostic["rule"] == rule
    assert diagnostic["level"] == "error"
    assert diagnostic["pointer"] == pointer
    assert diagnostic["line"] == line_of(path, pointer)
    assert (diagnostic["file"], diagnostic["scope"], diagnostic["source"]) == (
        "request.json",
        "request",
        None if rule == "all-deferred" else "request",
    )
    assert all(word in diagnostic["message"] for word in words)
    assert data["summary"] == {"error": 1, "warning": 0, "info": 0}


def test_uncertain_rule_can_be_lowered_in_config(runner: CliRunner, in_tmp: Path) -> None:
    """The documented escape hatch for examples-with-tool-search (its facts are uncertain)."""
    bad = CASES["examples-with-tool-search"][0]
    write(in_tmp, "request.json", bad)
    (in_tmp / ".toolsearch.yaml").write_text("rules:\n  examples-with-tool-search: warning\n")
    result = runner.invoke(app, ["lint", "--select", REQUEST_ERRORS, "request.json"])
    assert result.exit_code == 0
    assert "warning" in result.stdout and "[examples-with-tool-search]" in result.stdout
    result = runner.invoke(
        app, ["lint", "--select", REQUEST_ERRORS, "--fail-on", "warning", "request.json"]
    )
    assert result.exit_code == 1


def test_all_four_in_one_request_through_a_real_process(tmp_path: Path) -> None:
    tools = [
        {**SEARCH, "defer_loading": True},
        weather(defer_loading=True, input_examples=[{"city": "Paris"}]),
        {**email(), "defer_loading": True},
    ]
    body = json.dumps(request(tools, ("get_wether",)))
    result = subprocess.run(
        [sys.executable, "-m", "toolsearch", "lint", "--select", REQUEST_ERRORS, "-f", "json", "-"],
        input=body,
        capture_output=True,
        text=True,
        env=env_without_cache(),
        cwd=tmp_path,
        timeout=HANG_LIMIT,
    )
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout)
    rules = sorted(d["rule"] for d in data["diagnostics"])
    assert rules == sorted(CASES)
    assert {d["file"] for d in data["diagnostics"]} == {"<stdin>"}
    assert all(d["line"] is not None for d in data["diagnostics"])


def test_over_ten_thousand_deferred_tools(runner: CliRunner, in_tmp: Path) -> None:
    tools = [SEARCH] + [
        {"name": f"tool_{i}", "description": f"Tool number {i}.", "defer_loading": True}
        | {"input_schema": {"type": "object"}}
        for i in range(10_001)
    ]
    write(in_tmp, "big.json", {"model": "claude-sonnet-4-5", "max_tokens": 1, "tools": tools})
    result = runner.invoke(app, ["lint", "--select", REQUEST_ERRORS, "-f", "json", "big.json"])
    assert result.exit_code == 1
    (diagnostic,) = json.loads(result.stdout)["diagnostics"]
    assert diagnostic["rule"] == "too-many-deferred-tools"
    assert diagnostic["message"].startswith("10,001 tools are deferred")
    assert diagnostic["message"].endswith("over tool search's 10,000")
    del tools[-1]
    write(in_tmp, "big.json", {"model": "claude-sonnet-4-5", "max_tokens": 1, "tools": tools})
    result = runner.invoke(app, ["lint", "--select", REQUEST_ERRORS, "big.json"])
    assert result.exit_code == 0, result.stdout


def test_an_example_missing_18000_required_properties(runner: CliRunner, in_tmp: Path) -> None:
    """Listing all 18,000 problems once took 11 GB; the first is reported, the rest not counted."""
    names = [f"p{i}" for i in range(20_000)]
    schema = {"type": "object", "properties": {n: {"type": "string"} for n in names}}
    tool: dict[str, Any] = {"name": "wide_tool", "description": "A tool with many parameters."}
    tool |= {"input_schema": schema | {"required": names}}
    tool["input_examples"] = [{n: "a" * 30 for n in names[:2_000]}]
    write(in_tmp, "wide.json", [tool])
    args = ["lint", "--select", "invalid-input-example", "-f", "json", "wide.json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.stderr
    (diagnostic,) = json.loads(result.stdout)["diagnostics"]
    assert diagnostic["pointer"] == "/0/input_examples/0"
    assert diagnostic["message"] == (
        'input_examples[0] of "wide_tool" fails its input schema: "p2000" is a required property'
        " (others not counted)"
    )


def test_readme_example_is_real_output(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = docs_text()
    command = "$ toolsearch lint fixtures/example/rejected-request.json\n"
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["lint", "fixtures/example/rejected-request.json"])
    assert result.exit_code == 1
    assert result.stdout == shown


ODD_REQUEST = """\
model: claude-3-haiku
max_tokens: 5
mcp_servers:
  - {type: url, name: [1, 2], url: 5}
  - just a string
  - {type: url, name: docs, url: "https://docs.example.com/mcp"}
tools:
  - {type: tool_search_tool_regex_20251119, name: 7, defer_loading: true, input_examples: 3}
  - name: when
    strict: true
    defer_loading: true
    cache_control: {type: ephemeral}
    input_examples: [{day: 2024-01-01}, null, [1]]
    input_schema:
      type: object
      required: [{a: 1}, day]
      properties:
        day: {type: string, default: 2024-01-01, pattern: "(?<!x)y"}
        1: {type: integer}
  - type: mcp_toolset
    mcp_server_name: docs
    configs: {1: {enabled: false}, x: 5}
    default_config: 3
  - {type: mcp_toolset, mcp_server_name: {a: 1}}
messages:
  - role: user
    content:
      - {type: tool_reference, tool_name: {a: 1}}
      - {type: tool_reference, tool_name: [x]}
      - {type: tool_reference}
      - {type: tool_reference, tool_name: when}
"""


def test_odd_values_are_reported_not_crashed_on(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "odd.yaml").write_text(ODD_REQUEST)
    result = runner.invoke(app, ["lint", "--fail-on", "info", "-f", "json", "odd.yaml"])
    assert result.exit_code == 1, result.stderr
    diagnostics = json.loads(result.stdout)["diagnostics"]
    found = {(d["rule"], d["pointer"]) for d in diagnostics}
    assert ("unsupported-model", "/model") in found
    assert ("mcp-server-mismatch", "/mcp_servers/0/url") in found  # url: 5
    assert ("invalid-input-schema", "/tools/1/input_schema/required/0") in found  # {a: 1}
    assert ("dangling-tool-reference", "/messages/0/content/0") in found  # tool_name: {a: 1}
    examples = sorted(p for r, p in found if r == "invalid-input-example")
    # The YAML date in example 0 is checked as the string JSON would carry: it passes.
    assert examples == [
        "/tools/0/input_examples",
        "/tools/1/input_examples/1",
        "/tools/1/input_examples/2",
    ]
    assert all(d["line"] is not None for d in diagnostics)


@needs_shared
@pytest.mark.parametrize("target", ["api", "claude-code"])
def test_real_catalogs_have_no_request_errors(runner: CliRunner, target: str) -> None:
    """Every real catalog lints without a crash; their findings were read and judged: none."""
    catalogs = [str(p) for p in shared_catalogs()]
    result = runner.invoke(
        app,
        ["lint", "--select", REQUEST_ERRORS, "--target", target, "-f", "json", *catalogs],
    )
    assert result.exit_code == 0, result.stdout
    data = json.loads(result.stdout)
    assert data["diagnostics"] == []
    assert data["tools"] >= len(catalogs)
