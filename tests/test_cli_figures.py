"""Figures that tell the whole truth (issue 19): input_examples cost tokens, the newer
tokenizer's measured factor, rejected requests in ``budget``, and directories of servers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
from typer.testing import CliRunner

from toolsearch.app import app
from toolsearch.schemas import load_schema


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def budget_json(runner: CliRunner, *args: str) -> dict[str, Any]:
    code, out, err = run(runner, "budget", "-f", "json", *args)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def weather_tool(examples: int) -> dict[str, Any]:
    tool: dict[str, Any] = {
        "name": "get_weather",
        "description": "Get the current weather and the forecast for a city, by name.",
        "input_schema": {
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "The city, e.g. Paris"},
                "days": {"type": "integer", "description": "How many days of forecast"},
                "units": {"enum": ["metric", "imperial"]},
            },
            "required": ["city"],
        },
    }
    if examples:
        tool["input_examples"] = [
            {"city": f"Some long city name number {i} in a faraway country", "days": i}
            for i in range(examples)
        ]
    return tool


def tokens_of(runner: CliRunner, path: Path, *args: str) -> int:
    data = budget_json(runner, str(path), *args)
    (row,) = data["tools"]
    tokens: int = row["tokens"]
    return tokens


def test_input_examples_cost_tokens_per_tool(runner: CliRunner, in_tmp: Path) -> None:
    plain, rich = in_tmp / "plain.json", in_tmp / "rich.json"
    plain.write_text(json.dumps([weather_tool(0)]))
    rich.write_text(json.dumps([weather_tool(20)]))
    without = tokens_of(runner, plain)
    with_examples = tokens_of(runner, rich)
    # 20 examples of about 20 cl100k tokens each, at 1.32 per token: several hundred tokens
    assert with_examples - without > 20 * 20
    # the same on the newer tokenizer, and the method line says examples are counted
    assert tokens_of(runner, rich, "--model", "claude-opus-4-8") > tokens_of(
        runner, plain, "--model", "claude-opus-4-8"
    )
    code, out, _ = run(runner, "budget", str(rich))
    assert code == 0
    assert "compact JSON (name, description, input_schema, input_examples)" in out


def test_an_empty_examples_array_costs_nothing(runner: CliRunner, in_tmp: Path) -> None:
    plain, empty = in_tmp / "plain.json", in_tmp / "empty.json"
    plain.write_text(json.dumps([weather_tool(0)]))
    empty.write_text(json.dumps([{**weather_tool(0), "input_examples": []}]))
    assert tokens_of(runner, plain) == tokens_of(runner, empty)


def test_exact_counts_send_the_examples(in_tmp: Path) -> None:
    from toolsearch.catalog.loader import read_source, resolve_sources
    from toolsearch.cost.exact import tool_param
    from toolsearch.hosts.scopes import load_catalog

    (in_tmp / "tools.json").write_text(json.dumps([weather_tool(2)]))
    documents = [read_source(spec) for spec in resolve_sources(["tools.json"])]
    catalog, _ = load_catalog(documents, "api")
    (tool,) = catalog.scopes[0].tools
    assert tool_param(tool)["input_examples"] == weather_tool(2)["input_examples"]


def compact_cl100k(tool: dict[str, Any]) -> int:
    """cl100k tokens of the compact JSON the calibration applies to, counted here directly."""
    from toolsearch.cost.tokens import encoding

    text = json.dumps(tool, separators=(",", ":"), ensure_ascii=False)
    return len(encoding().encode_ordinary(text))


def test_newer_tokenizer_factor_is_the_measured_one(runner: CliRunner, in_tmp: Path) -> None:
    catalog = in_tmp / "tools.json"
    catalog.write_text(json.dumps([weather_tool(0)]))
    data = budget_json(runner, str(catalog), "--model", "claude-opus-4-8")
    method = data["scopes"][0]["method"]
    assert method["family"] == "claude-4.7+"
    assert method["confidence"] == "fair"
    assert "1.60" in method["estimator"]
    # x1.60 of the compact JSON's count (the two-part count may differ by a token)
    expected = 1.60 * compact_cl100k(weather_tool(0))
    assert abs(data["tools"][0]["tokens"] - expected) <= 2
    code, out, _ = run(runner, "budget", str(catalog), "--model", "claude-opus-4-8")
    assert code == 0
    assert "x1.60 calibration" in out and "fair confidence" in out


ALL_DEFERRED: dict[str, Any] = {
    "model": "claude-sonnet-4-5",
    "tools": [
        {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
        {**weather_tool(0), "defer_loading": True},
        {**weather_tool(0), "name": "get_forecast", "defer_loading": True},
    ],
}


def test_budget_says_when_the_api_would_reject_the_request(runner: CliRunner, in_tmp: Path) -> None:
    request = {
        **ALL_DEFERRED,
        "tools": [{**t, "defer_loading": True} for t in ALL_DEFERRED["tools"]],
    }
    (in_tmp / "request.json").write_text(json.dumps(request))
    code, out, _ = run(runner, "budget", "request.json")
    assert code == 0  # budget reports; lint gates
    assert "REJECTED: the API would reject this request (400): 2 errors" in out
    assert "(all-deferred, deferred-search-tool)" in out
    assert re.search(r"saved by deferral \([\d.]+%\) if the API accepted it\n", out)
    data = budget_json(runner, "request.json")
    jsonschema.validate(data, load_schema("budget"))
    assert [r["rule"] for r in data["scopes"][0]["rejected"]] == [
        "all-deferred",
        "deferred-search-tool",
    ]
    assert data["scopes"][0]["rejected"][0]["file"] == "request.json"
    code, out, _ = run(runner, "budget", "-f", "markdown", "request.json")
    assert "- **rejected**: scope request: the API would reject this request (400)" in out


def test_budget_of_a_valid_request_says_nothing_of_rejection(
    runner: CliRunner, in_tmp: Path
) -> None:
    (in_tmp / "request.json").write_text(json.dumps(ALL_DEFERRED))
    code, out, _ = run(runner, "budget", "request.json")
    assert code == 0
    assert "REJECTED" not in out and "if the API accepted it" not in out
    assert budget_json(runner, "request.json")["scopes"][0]["rejected"] == []


def test_rejection_follows_the_lint_config(runner: CliRunner, in_tmp: Path) -> None:
    request = {
        **ALL_DEFERRED,
        "tools": [{**t, "defer_loading": True} for t in ALL_DEFERRED["tools"]],
    }
    (in_tmp / "request.json").write_text(json.dumps(request))
    (in_tmp / ".toolsearch.yaml").write_text(
        "rules:\n  all-deferred: off\n  deferred-search-tool: warning\n"
    )
    code, out, _ = run(runner, "budget", "request.json")
    assert code == 0
    assert "REJECTED" not in out


def mcp_server(in_tmp: Path, name: str, tools: int) -> str:
    listing = {"tools": [{**weather_tool(0), "name": f"{name}_tool_{i}"} for i in range(tools)]}
    for tool in listing["tools"]:
        tool["inputSchema"] = tool.pop("input_schema")
    (in_tmp / "servers").mkdir(exist_ok=True)
    (in_tmp / "servers" / f"{name}.json").write_text(json.dumps(listing))
    return name


def test_a_directory_of_servers_is_a_sum_of_separate_requests(
    runner: CliRunner, in_tmp: Path
) -> None:
    for name, count in (("alpha", 2), ("beta", 1), ("gamma", 3)):
        mcp_server(in_tmp, name, count)
    code, out, _ = run(runner, "budget", "servers")
    assert code == 0
    total = re.search(
        r"All 3 scopes \(3 separate requests, summed; each pays its own "
        r"tool-use system prompt, ([\d,]+) together\): upfront",
        out,
    )
    assert total is not None and total.group(1) == "1,488"  # 3 x 496
    # the note every MCP scope carries is said once, first after the total
    assert out.count("nothing is deferred") == 1
    assert out.splitlines()[1].startswith("note (every scope): nothing is deferred")
    code, out, _ = run(runner, "budget", "--per-scope", "servers")
    assert out.count("nothing is deferred") == 1
    assert "note (3 scopes: alpha, beta, gamma): nothing is deferred" in out
    code, out, _ = run(runner, "budget", "-f", "markdown", "servers")
    assert out.count("nothing is deferred") == 1
    assert "- note (3 scopes: alpha, beta, gamma): nothing is deferred" in out
    assert "All 3 scopes (3 separate requests, summed;" in out


def test_a_note_of_one_scope_stays_with_it(runner: CliRunner, in_tmp: Path) -> None:
    mcp_server(in_tmp, "alpha", 1)
    (in_tmp / "request.json").write_text(json.dumps({**ALL_DEFERRED, "model": "gpt-4o"}))
    code, out, _ = run(runner, "budget", "servers/alpha.json", "request.json")
    assert code == 0
    assert "note (request): unknown model 'gpt-4o'" in out
    assert "note (alpha): nothing is deferred" in out  # one scope only: not collapsed
    assert "scopes:" not in out
    code, out, _ = run(runner, "budget", "--per-scope", "servers/alpha.json", "request.json")
    assert code == 0
    assert "note: unknown model 'gpt-4o'" in out
    assert "note: nothing is deferred" in out
    assert "scopes:" not in out
