"""``toolsearch budget`` as a user runs it: formats, gates, baselines, bad input, --exact."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any, ClassVar

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES, needs_shared, shared_catalogs
from tests.fake_http import reply_json, serving
from toolsearch.app import app
from toolsearch.schemas import load_schema

EXAMPLE = FIXTURES / "example"
REQUEST = str(EXAMPLE / "request.json")
GITHUB = str(EXAMPLE / "github.json")


def run(runner: CliRunner, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def budget_json(runner: CliRunner, *args: str) -> dict:  # type: ignore[type-arg]
    code, out, err = run(runner, "budget", "-f", "json", *args)
    assert code == 0, err
    data = json.loads(out)
    jsonschema.validate(data, load_schema("budget"))
    return data  # type: ignore[no-any-return]


def test_text_report(runner: CliRunner) -> None:
    code, out, _ = run(runner, "budget", REQUEST, GITHUB)
    assert code == 0
    assert "Scope request (request, 16 tools + tool search, model claude-sonnet-4-5" in out
    assert "jira_create_issue" in out and "deferred" in out
    assert "upfront: system prompt 496 + search tool 500" in out
    assert "saved by deferral" in out
    assert "estimate: cl100k_base" in out
    assert "source   tools  loaded  deferred" in out


def test_json_report_matches_schema_and_totals(runner: CliRunner) -> None:
    data = budget_json(runner, REQUEST, GITHUB)
    assert data["model"] == "claude-sonnet-4-5-20250929"
    assert data["method"]["encoding"] == "cl100k_base"
    totals = data["totals"]
    loaded = sum(t["tokens"] for t in data["tools"] if not t["deferred"])
    assert abs(totals["upfront"] - (496 + 500 + loaded)) <= 4  # rounding of rows
    assert totals["saved"] == totals["all_loaded"] - totals["upfront"]
    assert {t["source"] for t in data["tools"]} == {"request", "github"}
    first = data["tools"][0]
    assert first["pointer"].startswith("/tools/") and first["line"] > 0
    assert data["scopes"][0]["scope"] == "request"


def test_markdown_report(runner: CliRunner) -> None:
    code, out, _ = run(runner, "budget", "-f", "markdown", REQUEST, GITHUB)
    assert code == 0
    assert out.startswith("## toolsearch budget")
    assert "| request | claude-sonnet-4-5-20250929 | 16 tools + tool search |" in out
    assert "\\_" in out  # names are escaped


def test_stdin(runner: CliRunner) -> None:
    text = (FIXTURES / "dialects" / "tools.yaml").read_text()
    code, out, err = run(runner, "budget", "-f", "json", "-", stdin=text)
    assert code == 0, err
    data = json.loads(out)
    assert {t["source"] for t in data["tools"]} == {"stdin"}
    assert data["tools"][0]["file"] == "<stdin>"


def test_directory_and_several_sources(runner: CliRunner) -> None:
    data = budget_json(runner, str(FIXTURES / "dialects"))
    names = {s["scope"] for s in data["scopes"]}
    assert {"anthropic-tools", "tools", "jsonrpc", "openai-chat"} <= names
    assert any("malformed.json#/tools/1: skipped: tool has no name" in s for s in data["skipped"])


def test_mcp_toolset_deferral_through_named_source(runner: CliRunner) -> None:
    data = budget_json(runner, REQUEST, f"github={GITHUB}")
    github = {t["name"]: t["deferred"] for t in data["tools"] if t["source"] == "github"}
    assert github["search_issues"] is False
    assert github["create_issue"] is True
    assert "delete_repository" not in github


def test_meta_always_load_under_claude_code(runner: CliRunner) -> None:
    data = budget_json(
        runner, "--target", "claude-code", str(FIXTURES / "dialects" / "mcp-tools-list.json")
    )
    tools = {t["name"]: t for t in data["tools"]}
    assert tools["get_weather"]["deferred"] is False
    assert tools["get_forecast"]["deferred"] is True
    assert tools["get_forecast"]["sent_name"] == "mcp__mcp-tools-list__get_forecast"
    assert data["scopes"][0]["scope"] == "claude-code"


def test_max_upfront_gate(runner: CliRunner) -> None:
    code, out, _ = run(runner, "budget", "--max-upfront", "1000", REQUEST, GITHUB)
    assert code == 1
    assert "FAIL: scope 'request': upfront" in out and "exceeds --max-upfront 1,000" in out
    code, _, _ = run(runner, "budget", "--max-upfront", "100000", REQUEST, GITHUB)
    assert code == 0


def test_baseline_from_saved_json_and_catalog(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "old.json"
    code, out, _ = run(runner, "budget", "-f", "json", REQUEST, GITHUB)
    saved.write_text(out)
    changed = json.loads((EXAMPLE / "request.json").read_text())
    tools = changed["tools"]
    tools[1]["description"] += " It also returns related pages and the authors of each page." * 3
    del tools[2]["input_schema"]["properties"]["email"]
    tools.append(
        {
            "name": "new_tool",
            "description": "A new loaded tool.",
            "input_schema": {"type": "object"},
        }
    )
    new = tmp_path / "request.json"
    new.write_text(json.dumps(changed))
    data = budget_json(runner, str(new), f"github={GITHUB}", "--baseline", str(saved))
    base = data["baseline"]
    statuses = {t["name"]: t["status"] for t in base["tools"]}
    assert statuses == {"search_docs": "changed", "get_customer": "changed", "new_tool": "added"}
    assert base["upfront_change"] == base["upfront_after"] - base["upfront_before"] > 0
    code, out, _ = run(
        runner,
        "budget",
        str(new),
        f"github={GITHUB}",
        "--baseline",
        str(saved),
        "--max-increase",
        "10",
    )
    assert code == 1 and "upfront grew by" in out
    # the same comparison from the old catalog files instead of saved output
    old_dir = tmp_path / "old"
    old_dir.mkdir()
    shutil.copy(EXAMPLE / "request.json", old_dir / "request.json")
    data2 = budget_json(runner, str(new), "--baseline", str(old_dir / "request.json"))
    assert {t["name"] for t in data2["baseline"]["tools"]} >= {"new_tool", "search_docs"}


def test_max_increase_needs_baseline(runner: CliRunner) -> None:
    code, _, err = run(runner, "budget", "--max-increase", "5", REQUEST)
    assert code == 2 and "needs --baseline" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "bad.json: file is empty"),
        ("{", "bad.json:1:2: invalid JSON"),
        ('{"name": "pkg", "version": "1"}', "bad.json: not a tool catalog"),
        ('[{"name": "x", "n": ' + "1" * 4400 + "}]", "bad.json:1:21: a number of 4,400 digits"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    runner: CliRunner, in_tmp: Path, content: str, message: str
) -> None:
    (in_tmp / "bad.json").write_text(content)
    code, out, err = run(runner, "budget", "bad.json")
    assert code == 2
    assert out == ""
    assert err.startswith(f"toolsearch: error: {message}")
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_missing_file_and_no_catalog(runner: CliRunner, in_tmp: Path) -> None:
    code, _, err = run(runner, "budget", "missing.json")
    assert code == 2 and "missing.json: no such file or directory" in err
    code, _, err = run(runner, "budget")
    assert code == 2 and "no catalog given" in err


def test_skip_non_catalogs_with_nothing_left_exits_0(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "package.json").write_text('{"name": "x"}')
    code, out, _ = run(runner, "budget", "--skip-non-catalogs", "package.json")
    assert code == 0
    assert "skipped package.json: not a tool catalog" in out


def test_config_catalog_and_model(runner: CliRunner, in_tmp: Path) -> None:
    shutil.copy(EXAMPLE / "request.json", in_tmp / "request.json")
    (in_tmp / ".toolsearch.yaml").write_text(
        "catalog: [request.json]\nmodel: claude-opus-4-5\nbudget: {max-upfront: 100}\n"
    )
    sub = in_tmp / "deep" / "er"
    sub.mkdir(parents=True)
    import os

    os.chdir(sub)
    code, out, _ = run(runner, "budget")
    assert code == 1  # the config's budget limit applies
    assert "model claude-sonnet-4-5-20250929" in out  # the request's model beats the config


def test_pyproject_config_and_unknown_key(runner: CliRunner, in_tmp: Path) -> None:
    shutil.copy(EXAMPLE / "github.json", in_tmp / "github.json")
    (in_tmp / "pyproject.toml").write_text(
        '[tool.toolsearch]\ncatalog = "github.json"\nmodle = "x"\n'
    )
    code, _, err = run(runner, "budget")
    assert code == 2
    assert 'unknown key "modle" (did you mean "model"?)' in err


def test_deep_pyproject_up_the_tree(runner: CliRunner, in_tmp: Path) -> None:
    deep = "a = " + "[" * 5000 + "]" * 5000 + "\n"
    (in_tmp / "pyproject.toml").write_text('[project]\nname = "x"\n[tool.other]\n' + deep)
    (in_tmp / "sub").mkdir()
    os.chdir(in_tmp / "sub")
    code, _, err = run(runner, "budget", GITHUB)
    assert code == 0, err  # not ours: passed over, as an invalid one is
    (in_tmp / "pyproject.toml").write_text('[tool.toolsearch]\nmodel = "x"\n' + deep)
    code, out, err = run(runner, "budget", GITHUB)
    assert code == 2 and out == ""
    assert err == (
        f"toolsearch: error: {in_tmp / 'pyproject.toml'}: nesting is too deep (limit 200)\n"
    )
    code, _, err = run(runner, "budget", "--config", str(in_tmp / "pyproject.toml"), GITHUB)
    assert code == 2 and "nesting is too deep" in err


def test_unknown_model_is_a_note(runner: CliRunner) -> None:
    code, out, _ = run(runner, "budget", "--model", "gpt-9", GITHUB)
    assert code == 0
    assert "unknown model 'gpt-9'" in out


def test_untrusted_text_is_escaped(runner: CliRunner, in_tmp: Path) -> None:
    tools = [
        {
            "name": "[bold red]evil\x1b[31m",
            "description": "x",
            "input_schema": {"type": "object"},
        }
    ]
    (in_tmp / "t.json").write_text(json.dumps(tools))
    code, out, _ = run(runner, "budget", "t.json")
    assert code == 0
    assert "[bold red]evil" in out
    assert "\x1b" not in out


class FakeCountTokens(BaseHTTPRequestHandler):
    """count_tokens = 7 + 3 per tool + len(tool JSON)//10, so differences are predictable."""

    calls: ClassVar[list[dict[str, Any]]] = []
    answer: ClassVar[object] = None  # when set, the input_tokens every reply carries

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        FakeCountTokens.calls.append(body)
        tools = body.get("tools", [])
        total = 7 + sum(3 + len(json.dumps(t)) // 10 for t in tools)
        answer = total if FakeCountTokens.answer is None else FakeCountTokens.answer
        reply_json(self, {"input_tokens": answer})

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def count_tokens_server() -> Iterator[str]:
    """One fake count_tokens endpoint on loopback for the whole run (per xdist worker)."""
    with serving(FakeCountTokens) as url:
        yield url


@pytest.fixture
def fake_endpoint(count_tokens_server: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", count_tokens_server)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    FakeCountTokens.calls = []  # each test counts only its own calls
    FakeCountTokens.answer = None
    return count_tokens_server


def test_exact_counts_are_differences(runner: CliRunner, fake_endpoint: str) -> None:
    data = budget_json(runner, "--exact", str(FIXTURES / "dialects" / "anthropic-tools.json"))
    calls = FakeCountTokens.calls
    assert len(calls) == 3
    assert [len(c.get("tools", [])) for c in calls] == [0, 2, 2]
    assert calls[1]["tools"][1]["type"] == "tool_search_tool_regex_20251119"
    expected = {tuple(t.get("name", "") for t in c.get("tools", [])) for c in calls}
    assert ("get_weather", "get_forecast") in expected
    per = [3 + len(json.dumps(t)) // 10 for t in calls[2]["tools"]]
    assert data["totals"]["all_loaded"] == sum(per)
    assert data["totals"]["upfront"] == sum(3 + len(json.dumps(t)) // 10 for t in calls[1]["tools"])
    assert data["scopes"][0]["method"]["confidence"] == "exact"


def test_exact_under_claude_code_keeps_the_listed_names_estimate(
    runner: CliRunner, fake_endpoint: str
) -> None:
    # count_tokens counts tools; Claude Code's list of deferred names is a message, estimated
    mcp = str(FIXTURES / "dialects" / "mcp-tools-list.json")
    data = budget_json(runner, "--exact", "--target", "claude-code", mcp)
    base, upfront_call = FakeCountTokens.calls[0], FakeCountTokens.calls[1]
    exact = 7 + sum(3 + len(json.dumps(t)) // 10 for t in upfront_call.get("tools", []))
    exact -= 7 + sum(3 + len(json.dumps(t)) // 10 for t in base.get("tools", []))
    listed = sum(t.get("upfront_when_deferred", 0) for t in data["tools"] if t["deferred"])
    assert listed > 0
    assert data["totals"]["upfront"] == exact + listed
    assert "listed names estimated" in data["scopes"][0]["method"]["estimator"]


def test_exact_per_tool(runner: CliRunner, fake_endpoint: str) -> None:
    data = budget_json(runner, "--exact-per-tool", str(FIXTURES / "dialects" / "openai-chat.json"))
    assert len(FakeCountTokens.calls) == 3 + 2
    tools = {t["name"]: t["tokens"] for t in data["tools"]}
    assert tools["ping"] == 3 + len(json.dumps(FakeCountTokens.calls[2]["tools"][1])) // 10


def test_exact_needs_a_key(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    code, _, err = run(runner, "budget", "--exact", GITHUB)
    assert code == 2 and "ANTHROPIC_API_KEY" in err


def test_console_script_and_module(tmp_path: Path) -> None:
    beside = Path(sys.executable).parent / "toolsearch"
    exe = str(beside) if beside.exists() else shutil.which("toolsearch")
    assert exe is not None
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("toolsearch ")
    mod = subprocess.run(
        [sys.executable, "-m", "toolsearch", "budget", "-f", "json", GITHUB],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(mod.stdout)["totals"]["upfront"] > 0
    helptext = subprocess.run([exe, "--help"], capture_output=True, text=True, check=True).stdout
    assert "budget" in helptext


@needs_shared
@pytest.mark.parametrize("path", shared_catalogs(), ids=lambda p: p.stem)
def test_every_shared_catalog(runner: CliRunner, path: Path) -> None:
    data = budget_json(runner, str(path))
    assert len(data["tools"]) == sum(1 for _ in json.loads(path.read_text())["tools"])
    assert data["totals"]["upfront"] > 0


def test_undeferred_mcp_catalog_gets_a_pointer_to_deferral(runner: CliRunner) -> None:
    code, out, _ = run(runner, "budget", GITHUB)
    assert code == 0
    assert "Scope github (mcp, 5 tools, model claude-sonnet-4-5)" in out
    assert "nothing is deferred: an MCP tools/list alone has no deferral under --target api" in out
    code, out, _ = run(runner, "budget", "--target", "claude-code", GITHUB)
    assert "nothing is deferred" not in out


def test_single_tool_is_singular(runner: CliRunner) -> None:
    _, out, _ = run(runner, "budget", str(FIXTURES / "dialects" / "jsonrpc.json"))
    assert "(mcp, 1 tool, model" in out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda text: text.replace('"tokens": ', '"tokens": Infinity, "was": ', 1),
            "a saved budget holds a figure that is not a token count from 0 to "
            "1,000,000,000,000,000 (cannot convert float infinity to integer)",
        ),
        (
            lambda text: text.replace('"tokens": ', '"tokens": 1' + "0" * 400 + ', "was": ', 1),
            "1,000,000,000,000,000 (10000000000000000000000… is out of range)",
        ),
        (
            lambda text: text.replace('"tokens": ', '"tokens": -5, "was": ', 1),
            "(-5 is out of range)",
        ),
        (lambda text: "[" * 100_000 + "]" * 100_000, "nesting is too deep (limit 200)"),
        (
            lambda text: text.replace('"tokens": ', '"tokens": ' + "7" * 5000 + ', "was": ', 1),
            "a number of 5,000 digits",
        ),
    ],
)
def test_hostile_saved_baselines_exit_2(
    runner: CliRunner, tmp_path: Path, change: Any, message: str
) -> None:
    saved = tmp_path / "old.json"
    code, out, _ = run(runner, "budget", "-f", "json", REQUEST, GITHUB)
    saved.write_text(change(out))
    for fmt in ("text", "json"):
        code, out, err = run(runner, "budget", "-f", fmt, REQUEST, GITHUB, "--baseline", str(saved))
        assert code == 2 and out == ""
        assert err.startswith(f"toolsearch: error: {saved}") and message in err
        assert len(err.splitlines()) == 1


@pytest.mark.parametrize("option", ["--max-increase", "--max-upfront"])
def test_negative_limits_are_refused(runner: CliRunner, option: str) -> None:
    request = str(EXAMPLE / "request.json")
    result = runner.invoke(app, ["budget", request, "--baseline", request, option, "-5"])
    assert result.exit_code == 2
    assert option in result.stderr


@pytest.mark.parametrize(
    "answer", ["lots", {"not": "a number"}, -3, 1.5], ids=["text", "object", "negative", "float"]
)
def test_an_exact_reply_without_a_token_count_is_one_line(
    runner: CliRunner, fake_endpoint: str, answer: object
) -> None:
    FakeCountTokens.answer = answer
    try:
        code, out, err = run(runner, "budget", "--exact", GITHUB)
    finally:
        FakeCountTokens.answer = None
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("toolsearch: error: count_tokens")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("root:$6$salt$hash:19000:0:99999:7:::: 1\n", "an object with 1 key)"),
        ('{"' + "k" * 5000 + '": 1, "name": 2}', "an object with name and 1 other key)"),
        ('{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6}', "a, b, c, d, e and 1 other key)"),
    ],
    ids=["password-line", "long-key", "many-keys"],
)
def test_a_file_that_is_not_a_catalog_is_not_echoed(
    runner: CliRunner, in_tmp: Path, text: str, shown: str
) -> None:
    name = "x.json" if text.startswith("{") else "x.yaml"
    (in_tmp / name).write_text(text)
    code, _, err = run(runner, "budget", name)
    assert code == 2 and len(err.splitlines()) == 1
    assert shown in err
    assert "$6$" not in err and "kkkkkkkk" not in err


@pytest.mark.parametrize("command", ["budget", "lint", "recommend", "query"])
@pytest.mark.parametrize("escape", ["\\ud800", "\\udc00", "\\uD83D"])
def test_a_lone_surrogate_is_one_line_naming_the_place(
    runner: CliRunner, in_tmp: Path, command: str, escape: str
) -> None:
    text = '{"tools": [\n {"name": "a' + escape + 'b", "input_schema": {"type": "object"}}]}'
    (in_tmp / "s.json").write_text(text)
    args = [command, "q", "s.json"] if command == "query" else [command, "s.json"]
    code, _, err = run(runner, *args)
    assert code == 2
    assert err == (
        f"toolsearch: error: s.json:2:13: {escape} is half of a surrogate pair, not a character; "
        "no UTF-8 text can hold it: remove it or write the character itself\n"
    )


def test_a_surrogate_pair_is_a_character(runner: CliRunner, in_tmp: Path) -> None:
    text = '{"tools": [{"name": "smile\\ud83d\\ude00", "input_schema": {"type": "object"}}]}'
    (in_tmp / "s.json").write_text(text)
    code, out, _ = run(runner, "budget", "s.json")
    assert code == 0 and "smile\U0001f600" in out
