"""``toolsearch recommend`` as a user runs it: output, --apply and --diff on every kind of file,
refusals, and what a failed write leaves behind."""

from __future__ import annotations

import difflib
import json
import os
import re
import stat
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from tests.catalogs import DETAIL, mcp_tools, request, shop_tools, write_json
from tests.conftest import CATALOGS, FIXTURES, needs_shared
from toolsearch.app import app
from toolsearch.schemas import load_schema

EXAMPLE = FIXTURES / "example"


def run(runner: CliRunner, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
    # Wide enough that no line of text is wrapped: these tests look for phrases.
    result = runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "10000"})
    return result.exit_code, result.stdout, result.stderr


def as_json(runner: CliRunner, *args: str) -> dict[str, Any]:
    code, out, err = run(runner, "recommend", "-f", "json", *args)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    jsonschema.validate(data, load_schema("recommend"))
    return data


def lint_errors(runner: CliRunner, *sources: str) -> Counter[tuple[str, str, str]]:
    """Lint errors by rule, source and tool, with whatever rules RULES holds."""
    code, out, err = run(runner, "lint", "-f", "json", "--fail-on", "error", *sources)
    assert code in (0, 1), err
    return Counter(
        (d["rule"], d["source"] or "", d["tool"] or "")
        for d in json.loads(out)["diagnostics"]
        if d["level"] == "error"
    )


def upfront(runner: CliRunner, *sources: str) -> int:
    code, out, err = run(runner, "budget", "-f", "json", *sources)
    assert code == 0, err
    return int(json.loads(out)["totals"]["upfront"])


def run_unchanged(runner: CliRunner, path: Path, *args: str) -> str:
    """Run recommend; it must succeed and leave ``path`` byte for byte as it was."""
    original = path.read_bytes()
    code, out, err = run(runner, "recommend", *args)
    assert code == 0, err
    assert path.read_bytes() == original
    return out


def test_text_report(runner: CliRunner) -> None:
    code, out, _ = run(
        runner, "recommend", str(EXAMPLE / "request.json"), f"github={EXAMPLE}/github.json"
    )
    assert code == 0
    assert out.startswith(
        "Scope request (request, 16 tools + tool search, model claude-sonnet-4-5-20250929): keep"
    )
    assert "rank  state  score  tokens  tool" in out
    assert "agents look far more often than they change" in out
    assert "Keep loaded: " in out
    assert "upfront 1,461 -> " in out and "Confidence: heuristic, no usage: estimate" in out
    assert out.count("1,461 -> ") == 1  # one scope: its before/after line is the only one


def test_json_matches_schema_and_budget(runner: CliRunner, in_tmp: Path) -> None:
    path = write_json(in_tmp / "shop.json", request(shop_tools()))
    data = as_json(runner, str(path))
    assert data["basis"] == "heuristic"
    assert data["upfront_before"] == upfront(runner, str(path))
    kept = [t for t in data["tools"] if t["kept"]]
    assert [t["name"] for t in kept] == data["keep"] and 3 <= len(kept) <= 5
    assert [t["rank"] for t in data["tools"]] == list(range(1, 13))
    assert all(
        t["scope"] == "shop" and t["source"] == "shop" and t["reasons"] for t in data["tools"]
    )
    assert data["scopes"][0]["adds_search_tool"] is True
    assert data["changes"] == [] and data["advice"] == []


def test_usage_formats_through_the_cli(runner: CliRunner, in_tmp: Path) -> None:
    path = write_json(in_tmp / "shop.json", request(shop_tools()))
    logs = in_tmp / "logs"
    logs.mkdir()
    (logs / "one.jsonl").write_text(
        json.dumps(
            {
                "type": "assistant",
                "sessionId": "s1",
                "uuid": "u1",
                "message": {
                    "role": "assistant",
                    "content": [
                        {"type": "tool_use", "id": "a", "name": "refund_payment"},
                        {"type": "tool_use", "id": "b", "name": "ToolSearch"},
                        {"type": "tool_use", "id": "c", "name": "Read"},
                    ],
                },
            }
        )
    )
    (logs / "counts.csv").write_text("refund_payment,13\n")
    data = as_json(
        runner, str(path), "--usage", str(logs / "*.jsonl"), "--usage", str(logs / "counts.csv")
    )
    assert data["basis"] == "usage"
    first = data["tools"][0]
    assert (first["name"], first["calls"], first["sessions"]) == ("refund_payment", 14, 1)
    assert first["reasons"][0] == "called 14 times (1 session and a usage table)"
    usage = data["usage"]
    assert (usage["calls"], usage["matched"], usage["search_calls"]) == (16, 14, 1)
    assert usage["unknown"] == {"Read": 1}
    code, out, _ = run(runner, "recommend", str(path), "--usage", str(logs))
    assert code == 0
    assert (
        "Usage: 16 calls in 1 session and 1 usage table from 2 files; 14 to catalog tools; "
        "1 tool search call\n" in out
    )
    assert "Confidence: from usage: 14 calls in 1 session and 1 usage table\n" in out
    assert "unknown tools: Read (1)" in out


def test_usage_log_given_as_a_catalog(runner: CliRunner, in_tmp: Path) -> None:
    write_json(in_tmp / "shop.json", request(shop_tools()))
    (in_tmp / "b.jsonl").write_text("{}\n")
    code, _, err = run(runner, "recommend", "--usage", "a.jsonl", "shop.json", "b.jsonl")
    assert code == 2
    assert "b.jsonl: looks like a usage log, not a catalog; pass it with --usage" in err


def test_apply_on_a_request_adds_no_lint_error(runner: CliRunner, in_tmp: Path) -> None:
    for name in ("request.json", "github.json"):
        (in_tmp / name).write_text((EXAMPLE / name).read_text())
    sources = ("request.json", "github=github.json")
    errors_before = lint_errors(runner, *sources)
    predicted = as_json(runner, *sources)["upfront_after"]
    original = (in_tmp / "request.json").read_text()
    code, out, err = run(runner, "recommend", "--apply", *sources)
    assert code == 0, err
    assert "wrote request.json: " in out
    after = (in_tmp / "request.json").read_text()
    assert after != original
    assert set(lint_errors(runner, *sources)) <= set(errors_before)
    assert upfront(runner, *sources) == predicted
    # every tool is still there, in the same order, and only defer_loading changed (an
    # mcp_toolset's per-tool configs hold it too)
    old, new = json.loads(original), json.loads(after)
    assert [t.get("name") for t in old["tools"]] == [t.get("name") for t in new["tools"]]
    for a, b in zip(old["tools"], new["tools"], strict=True):
        assert {k: v for k, v in a.items() if k not in ("defer_loading", "configs")} == {
            k: v for k, v in b.items() if k not in ("defer_loading", "configs")
        }
        for name, config in b.get("configs", {}).items():
            before = a.get("configs", {}).get(name, {})
            assert {k: v for k, v in config.items() if k != "defer_loading"} == {
                k: v for k, v in before.items() if k != "defer_loading"
            }
    # a second run has nothing left to change
    code, out, _ = run(runner, "recommend", "--apply", *sources)
    assert code == 0 and "wrote" not in out


def test_apply_adds_the_search_tool_to_a_bare_array(runner: CliRunner, in_tmp: Path) -> None:
    tools = shop_tools()
    tools[0]["input_schema"]["required"] = ["query", "status"]
    path = in_tmp / "tools.json"
    text = json.dumps(tools, indent=4)
    inline = re.sub(r'\[\s+"query",\s+"status"\s+\]', '["query", "status"]', text, count=1)
    assert inline != text
    path.write_text(inline + "\n")
    errors_before = lint_errors(runner, "tools.json")
    code, out, err = run(runner, "recommend", "--apply", "--search", "regex", "tools.json")
    assert code == 0, err
    new = path.read_text()
    data = json.loads(new)
    assert data[-1] == {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}
    assert sum(1 for t in data if t.get("defer_loading") is True) == 9
    assert '"required": ["query", "status"]' in new  # the hand-written inline array stays
    assert '\n    {\n        "name": "search_orders",' in new  # 4-space indentation stays
    assert set(lint_errors(runner, "tools.json")) <= set(errors_before)
    assert "add tool_search_tool_regex" in out


YAML_CATALOG = """\
# Back-office tools for the support agent.
model: claude-sonnet-4-5  # pinned for the evals
max_tokens: 1024
tools:
{tools}
# end of tools
"""


def _yaml_tools() -> str:
    lines = []
    for tool in shop_tools():
        lines.append(f"  # {tool['name']}")
        lines.append(f"  - name: {tool['name']}")
        lines.append(f"    description: {tool['description']}")
        lines.append("    input_schema:")
        lines.append("      type: object")
        props = ", ".join(f"{k}: {{type: string}}" for k in tool["input_schema"]["properties"])
        lines.append(f"      properties: {{{props}}}")
        if tool["name"] == "search_orders":
            lines.append("    defer_loading: true")
    return "\n".join(lines)


def test_apply_on_yaml_keeps_comments_and_order(runner: CliRunner, in_tmp: Path) -> None:
    path = in_tmp / "agent.yaml"
    original = YAML_CATALOG.format(tools=_yaml_tools())
    path.write_text(original)
    errors_before = lint_errors(runner, "agent.yaml")
    code, _, err = run(runner, "recommend", "--apply", "agent.yaml")
    assert code == 0, err
    new = path.read_text()
    comments = [line.strip() for line in original.splitlines() if "#" in line]
    assert [line.strip() for line in new.splitlines() if "#" in line] == comments
    old_data, new_data = yaml.safe_load(original), yaml.safe_load(new)
    assert list(new_data) == list(old_data)
    assert [t.get("name") for t in new_data["tools"]] == [
        *(t["name"] for t in old_data["tools"]),
        "tool_search_tool_bm25",
    ]
    kept = {t["name"] for t in new_data["tools"][:-1] if not t.get("defer_loading")}
    assert "search_orders" in kept and len(kept) == 3
    assert "  - name: create_order\n    description: Create an order" in new
    assert new.endswith("    name: tool_search_tool_bm25\n# end of tools\n")
    # only lines were added or removed: every other line is as it was
    changed = difflib.ndiff(original.splitlines(), new.splitlines())
    assert [line for line in changed if line.startswith("- ")] == ["-     defer_loading: true"]
    assert set(lint_errors(runner, "agent.yaml")) <= set(errors_before)


def test_apply_on_an_mcp_toolset(runner: CliRunner, in_tmp: Path) -> None:
    names = [f"tool_{i:02d}" for i in range(12)]
    write_json(in_tmp / "repo.json", mcp_tools(names, read_only=("tool_03", "tool_07", "tool_10")))
    body = request(
        [{"type": "mcp_toolset", "mcp_server_name": "repo"}],
        mcp_servers=[{"type": "url", "url": "https://mcp.example.com/repo", "name": "repo"}],
    )
    write_json(in_tmp / "req.json", body)
    sources = ("req.json", "repo.json")
    errors_before = lint_errors(runner, *sources)
    planned = as_json(runner, *sources)
    predicted, keep = planned["upfront_after"], planned["keep"]
    code, _, err = run(runner, "recommend", "--apply", *sources)
    assert code == 0, err
    new = json.loads((in_tmp / "req.json").read_text())
    toolset = new["tools"][0]
    assert toolset["default_config"] == {"defer_loading": True}
    assert toolset["configs"] == {n: {"defer_loading": False} for n in keep}
    assert {"tool_03", "tool_07", "tool_10"} & set(keep)  # read-only tools rank high
    assert new["tools"][1]["name"] == "tool_search_tool_bm25"
    assert upfront(runner, *sources) == predicted
    assert set(lint_errors(runner, *sources)) <= set(errors_before)
    assert (in_tmp / "repo.json").read_text() == json.dumps(
        mcp_tools(names, ("tool_03", "tool_07", "tool_10")), indent=2
    ) + "\n"


def test_diff_writes_nothing(runner: CliRunner, in_tmp: Path) -> None:
    path = write_json(in_tmp / "shop.json", request(shop_tools()))
    out = run_unchanged(runner, path, "--diff", "shop.json")
    assert "would change shop.json: defer 9 tools; add tool_search_tool_bm25" in out
    assert "--- a/shop.json\n+++ b/shop.json\n" in out
    assert out.count('+      "defer_loading": true') == 9
    data = as_json(runner, "--diff", "shop.json")
    (change,) = data["changes"]
    assert change["written"] is False and change["diff"].startswith("--- a/shop.json")


def test_cache_control_moves_to_a_kept_tool(runner: CliRunner, in_tmp: Path) -> None:
    tools = shop_tools(export_report={"cache_control": {"type": "ephemeral", "ttl": "1h"}})
    tools.insert(0, {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"})
    write_json(in_tmp / "req.json", request(tools))
    errors_before = lint_errors(runner, "req.json")
    code, out, err = run(runner, "recommend", "--apply", "req.json")
    assert code == 0, err
    new = json.loads((in_tmp / "req.json").read_text())["tools"]
    by_name = {t["name"]: t for t in new}
    assert "cache_control" not in by_name["export_report"]
    assert by_name["export_report"]["defer_loading"] is True
    holders = [t["name"] for t in new if "cache_control" in t]
    kept = [t["name"] for t in new[1:] if not t.get("defer_loading")]
    assert holders == [kept[-1]]
    assert by_name[kept[-1]]["cache_control"] == {"type": "ephemeral", "ttl": "1h"}
    assert f"move cache_control from export_report to {kept[-1]}" in out
    assert set(lint_errors(runner, "req.json")) <= set(errors_before)


def test_cache_control_goes_to_the_last_loaded_tool_not_an_added_search_tool(
    runner: CliRunner, in_tmp: Path
) -> None:
    tools = shop_tools(archive_order={"cache_control": {"type": "ephemeral"}})
    write_json(in_tmp / "req.json", request(tools))
    code, _, err = run(runner, "recommend", "--apply", "req.json")
    assert code == 0, err
    new = json.loads((in_tmp / "req.json").read_text())["tools"]
    assert new[-1] == {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    loaded = [t for t in new[:-1] if not t.get("defer_loading")]
    assert "cache_control" in loaded[-1]
    assert sum("cache_control" in t for t in new) == 1


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            request(shop_tools(get_invoice={"input_examples": [{"number": "A-1"}]})),
            "get_invoice has input_examples",
        ),
        (
            request(shop_tools(), model="claude-3-5-haiku-20241022"),
            "does not support tool search",
        ),
        (
            [
                {"type": "function", "function": {**t, "parameters": t.pop("input_schema")}}
                for t in shop_tools()
            ],
            "is an OpenAI tool",
        ),
    ],
    ids=["input-examples", "unsupported-model", "openai"],
)
def test_refusals_leave_the_file_alone(
    runner: CliRunner, in_tmp: Path, body: Any, message: str
) -> None:
    path = write_json(in_tmp / "req.json", body)
    original = path.read_bytes()
    for flag in ("--apply", "--diff"):
        code, out, err = run(runner, "recommend", flag, "req.json")
        assert code == 2, out
        assert "toolsearch: error: refusing to change the files: req.json" in err
        assert message in err
    assert path.read_bytes() == original


def test_refuses_stdin_and_yaml_aliases(runner: CliRunner, in_tmp: Path) -> None:
    text = json.dumps(request(shop_tools()))
    code, _, err = run(runner, "recommend", "--apply", "-", stdin=text)
    assert code == 2 and "cannot write back to standard input" in err
    code, out, _ = run(runner, "recommend", "--diff", "-", stdin=text)
    assert code == 0 and "--- a/<stdin>" in out
    anchored = "schema: &s {type: object}\ntools:\n" + "".join(
        f"  - {{name: t{i}, description: '{DETAIL * 2}', input_schema: *s}}\n" for i in range(12)
    )
    (in_tmp / "a.yaml").write_text(anchored)
    code, _, err = run(runner, "recommend", "--apply", "a.yaml")
    assert code == 2 and "a.yaml: cannot write it back faithfully: it uses YAML anchors" in err
    assert (in_tmp / "a.yaml").read_text() == anchored


def test_fewer_than_ten_tools_changes_nothing(runner: CliRunner, in_tmp: Path) -> None:
    tools = shop_tools(9, get_invoice={"defer_loading": True})
    tools.append({"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"})
    path = write_json(in_tmp / "small.json", request(tools))
    out = run_unchanged(runner, path, "--apply", "small.json")
    assert "keep every tool loaded" in out and "9 tools: below 10" in out
    assert "wrote" not in out


def test_failed_write_leaves_the_original(
    runner: CliRunner, in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_json(in_tmp / "shop.json", request(shop_tools()))
    original = path.read_bytes()

    def fail(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    code, _, err = run(runner, "recommend", "--apply", "shop.json")
    assert code == 2
    assert "shop.json: cannot write it (No space left on device); the file is unchanged" in err
    assert path.read_bytes() == original
    assert sorted(p.name for p in in_tmp.iterdir()) == ["shop.json"]  # no temporary file left


def test_apply_keeps_mode_and_byte_order_mark(runner: CliRunner, in_tmp: Path) -> None:
    path = in_tmp / "shop.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(request(shop_tools()), indent=2).encode())
    path.chmod(0o640)
    code, _, err = run(runner, "recommend", "--apply", "shop.json")
    assert code == 0, err
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert path.read_bytes().startswith(b"\xef\xbb\xbf{\n")


def test_mcp_sources_get_advice_not_edits(runner: CliRunner, in_tmp: Path) -> None:
    names = [f"tool_{i:02d}" for i in range(12)]
    path = write_json(in_tmp / "repo.json", mcp_tools(names, read_only=("tool_05",)))
    out = run_unchanged(runner, path, "--apply", "repo.json")
    assert "wrote nothing to repo.json: an MCP tools/list file has no deferral field" in out
    assert '"mcp_server_name": "repo",' in out and '"tool_05": {' in out
    assert "alwaysLoad" not in out  # the API does not read it: Claude Code advice is not shown
    data = as_json(runner, "--target", "claude-code", "repo.json")
    (advice,) = data["advice"]
    assert advice["scope"] == "claude-code"
    assert advice["mcp_toolset"]["configs"] == {k: {"defer_loading": False} for k in advice["keep"]}
    assert advice["claude_code_always_load"][0] == {
        "name": advice["keep"][0],
        "_meta": {"anthropic/alwaysLoad": True},
    }
    assert data["tools"][0]["sent_name"].startswith("mcp__repo__")


def test_constraints_it_cannot_meet_exit_2(runner: CliRunner, in_tmp: Path) -> None:
    write_json(in_tmp / "shop.json", request(shop_tools()))
    code, _, err = run(runner, "recommend", "shop.json", "--max-upfront", "500")
    assert code == 2 and "over --max-upfront 500" in err
    code, _, err = run(
        runner,
        "recommend",
        "shop.json",
        "--keep",
        "1",
        "--pin",
        "get_invoice",
        "--pin",
        "cancel_order",
    )
    assert code == 2 and "2 tools must stay loaded (get_invoice, cancel_order)" in err
    code, out, err = run(runner, "recommend", "shop.json", "--keep", "6")
    assert code == 0 and "warning: --keep 6" in out


@needs_shared
def test_real_github_catalog(runner: CliRunner) -> None:
    data = as_json(runner, str(CATALOGS / "github.json"))
    (scope,) = data["scopes"]
    assert scope["tools"] == 117 and 3 <= len(data["keep"]) <= 5
    assert data["upfront_after"] < data["upfront_before"] / 5
    assert data["advice"][0]["mcp_toolset"]["configs"].keys() == set(data["keep"])


def test_subprocess_run(in_tmp: Path) -> None:
    write_json(in_tmp / "shop.json", request(shop_tools()))
    done = subprocess.run(
        [sys.executable, "-m", "toolsearch", "recommend", "-f", "json", "shop.json"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["schema_version"] == 1


def test_intents_from_eval_cases(runner: CliRunner, in_tmp: Path) -> None:
    write_json(in_tmp / "shop.json", request(shop_tools()))
    cases = in_tmp / "cases.jsonl"
    cases.write_text(
        "\n".join(
            json.dumps({"query": q, "expected": "refund_payment"})
            for q in ("refund the payment to the card", "refund part of a payment")
        )
    )
    data = as_json(runner, "shop.json", "--intents", str(cases))
    refund = next(t for t in data["tools"] if t["name"] == "refund_payment")
    assert "reached by 2 of 2 typical intents" in refund["reasons"]
    code, _, err = run(runner, "recommend", "shop.json", "--intents", "missing.jsonl")
    assert code == 2 and "missing.jsonl" in err


def test_a_yaml_request_with_dates_sets_and_binary_values_can_be_diffed(
    runner: CliRunner, in_tmp: Path
) -> None:
    lines = [
        "model: claude-sonnet-4-5",
        "max_tokens: 100",
        "metadata: {created: 2024-01-02, tags: !!set {a, b}, blob: !!binary aGVsbG8=}",
        "tools:",
    ]
    words = "Do a thing with the widget service, its records and their owners. " * 20
    for i in range(12):
        lines += [
            f"  - name: tool_{i}",
            f"    description: {words}",
            "    input_schema: {type: object, properties: {a: {type: string}}}",
        ]
    (in_tmp / "req.yaml").write_text("\n".join(lines) + "\n")
    code, out, err = run(runner, "recommend", "req.yaml", "--diff")
    assert code == 0, err
    assert "+++ b/req.yaml" in out and "defer_loading: true" in out


@pytest.mark.parametrize("case", ["read-only", "hard-link"])
def test_apply_refuses_a_read_only_or_hard_linked_file(
    case: str, runner: CliRunner, in_tmp: Path
) -> None:
    path = in_tmp / "tools.json"
    path.write_text(json.dumps(shop_tools(), indent=2))
    original = path.read_bytes()
    if case == "read-only":
        path.chmod(0o444)
    else:
        os.link(path, in_tmp / "copy.json")
    code, _, err = run(runner, "recommend", "--apply", "tools.json")
    assert code == 2 and len(err.splitlines()) == 1, err
    reason = "read-only" if case == "read-only" else "2 hard links"
    assert err.startswith("toolsearch: error: tools.json: cannot write it (")
    assert reason in err and err.rstrip().endswith("the file is unchanged")
    assert path.read_bytes() == original


def test_claude_code_small_server_is_not_told_to_load_everything(runner: CliRunner) -> None:
    # Claude Code's ToolSearch stays whatever the server does (it defers built-ins too), so
    # "too few tools for a search tool to pay" does not apply: loading every tool would cost
    # ToolSearch plus every definition, more than any choice
    github = str(EXAMPLE / "github.json")
    scope = as_json(runner, "--target", "claude-code", github)["scopes"][0]
    budget = run(runner, "budget", "-f", "json", "--target", "claude-code", github)
    rows = json.loads(budget[1])["tools"]
    tokens = {row["name"]: row["tokens"] for row in rows}
    assert scope["deferral"] is True and 3 <= len(scope["keep"]) < len(tokens)
    kept = sum(tokens[name] for name in scope["keep"])
    # a kept tool is no longer listed by name among the deferred ones (Claude Code's list)
    listed = {row["name"]: row.get("upfront_when_deferred", 0) for row in rows}
    unlisted = sum(listed[name] for name in scope["keep"])
    assert unlisted > 0
    assert scope["upfront_after"] == scope["upfront_before"] + round(kept) - unlisted
    assert scope["upfront_after"] < scope["upfront_before"] + round(sum(tokens.values()))
