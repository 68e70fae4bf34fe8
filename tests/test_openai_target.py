"""``--target openai`` (issue 27): Responses loading, o200k_base offline, OpenAI's cost rules,
its lint rules through the CLI, query/eval's approximation line, recommend and --apply."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.conftest import CATALOGS, docs_text, env_without_cache
from toolsearch.app import app
from toolsearch.catalog.loader import read_source, resolve_sources
from toolsearch.catalog.model import Catalog, Target
from toolsearch.cost import o200k
from toolsearch.cost.budget import compute_budget
from toolsearch.cost.openai_models import resolve_openai, tool_search_support
from toolsearch.errors import ToolsearchError
from toolsearch.hosts.scopes import load_catalog
from toolsearch.schemas import load_schema

WEATHER = {
    "type": "function",
    "name": "get_weather",
    "description": "Current weather for a city: temperature, wind and rain.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
}
CRM = {
    "type": "namespace",
    "name": "crm",
    "description": "CRM tools for customer lookup and order management.",
    "tools": [
        {
            "type": "function",
            "name": "list_open_orders",
            "description": "List the open orders of a customer, newest first.",
            "defer_loading": True,
            "parameters": {"type": "object", "properties": {"customer": {"type": "string"}}},
        }
    ],
}


def catalog_of(data: Any, folder: Path, target: Target = "openai", name: str = "req") -> Catalog:
    path = write(folder, f"{name}.json", data)
    return load_catalog([read_source(s) for s in resolve_sources([str(path)])], target)[0]


def write(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def cli(runner: CliRunner, *args: str) -> Any:
    return runner.invoke(app, list(args))


# o200k_base ---------------------------------------------------------------------------------


def tiktoken_pinned_o200k() -> str:
    """The sha256 tiktoken's own source pins for o200k_base."""
    found_file = metadata.distribution("tiktoken").locate_file("tiktoken_ext/openai_public.py")
    source = Path(str(found_file))
    text = source.read_text(encoding="utf-8")
    block = text[text.index("def o200k_base") :]
    found = re.search(r'expected_hash="([0-9a-f]{64})"', block)
    assert found is not None
    return found.group(1)


def test_bundled_ranks_are_tiktokens_o200k_base() -> None:
    pinned = tiktoken_pinned_o200k()
    assert pinned == o200k.O200K_SHA256
    text = o200k.tiktoken_text(o200k.read_vocab(o200k.vocab_bytes()))
    assert hashlib.sha256(text).hexdigest() == pinned


def test_o200k_counts_known_ids() -> None:
    encoding = o200k.o200k_encoding()
    assert encoding.name == "o200k_base"
    assert encoding.encode_ordinary("hello world") == [24912, 2375]
    assert o200k.O200kCounter().count_many(["hello world", ""]) == [2, 0]


def test_a_damaged_vocab_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    data = o200k.vocab_bytes()
    monkeypatch.setattr(o200k, "vocab_bytes", lambda: data[:-3])
    o200k.o200k_encoding.cache_clear()
    try:
        with pytest.raises(ToolsearchError, match=r"damaged.*reinstall"):
            o200k.o200k_encoding()
        swapped = bytearray(data)
        swapped[7] ^= 1  # one byte of the first token
        monkeypatch.setattr(o200k, "vocab_bytes", lambda: bytes(swapped))
        with pytest.raises(ToolsearchError, match="sha256"):
            o200k.o200k_encoding()
    finally:
        o200k.o200k_encoding.cache_clear()


# loading ------------------------------------------------------------------------------------


def test_responses_request_is_read_whole(tmp_path: Path) -> None:
    data = {
        "model": "gpt-5.5",
        "tool_choice": "auto",
        "tools": [
            {"type": "tool_search", "execution": "client", "description": "Find tools."},
            WEATHER,
            CRM,
            {"type": "mcp", "server_label": "wiki", "defer_loading": True, "allowed_tools": ["a"]},
        ],
        "input": [
            {"type": "function_call", "name": "list_open_orders", "namespace": "crm"},
            {"type": "tool_search_call", "call_id": "t1", "execution": "client"},
            {"type": "tool_search_output", "call_id": "t1", "execution": "client", "tools": []},
            {"type": "message", "role": "user", "content": "hi"},
        ],
    }
    scope = catalog_of(data, tmp_path).scopes[0]
    assert [(t.name, t.namespace, t.deferred) for t in scope.tools] == [
        ("get_weather", None, False),
        ("list_open_orders", "crm", True),
    ]
    assert scope.tools[1].location.pointer == "/tools/2/tools/0"
    assert [(n.name, n.functions) for n in scope.namespaces] == [("crm", 1)]
    assert [t.type for t in scope.openai_search_tools] == ["tool_search"]
    mcp = [t for t in scope.server_tools if t.type == "mcp"]
    assert (mcp[0].name, mcp[0].deferred) == ("wiki", True)
    assert [(i.type, i.location.pointer) for i in scope.input_items] == [
        ("function_call", "/input/0"),
        ("tool_search_call", "/input/1"),
        ("tool_search_output", "/input/2"),
    ]
    assert scope.model == "gpt-5.5"


def test_mcp_sources_are_one_request_of_namespaces_under_openai(tmp_path: Path) -> None:
    listing = {
        "tools": [
            {"name": "a", "description": "A.", "inputSchema": {"type": "object"}},
            {
                "name": "b",
                "description": "B.",
                "inputSchema": {"type": "object"},
                "_meta": {"anthropic/alwaysLoad": True},
            },
        ]
    }
    other = {"tools": [{"name": "c", "description": "C.", "inputSchema": {"type": "object"}}]}
    paths = [write(tmp_path, "wiki.json", listing), write(tmp_path, "mail.json", other)]
    documents = [read_source(s) for s in resolve_sources([str(p) for p in paths])]
    catalog = load_catalog(documents, "openai")[0]
    assert [(s.name, s.kind) for s in catalog.scopes] == [("openai", "openai")]
    scope = catalog.scopes[0]
    assert scope.implicit_search == "tool_search" and scope.sources == ("wiki", "mail")
    assert [(t.name, t.namespace, t.deferred) for t in scope.tools] == [
        ("a", "wiki", True),
        ("b", "wiki", False),
        ("c", "mail", True),
    ]
    rows = compute_budget(catalog).scopes[0].rows
    namespaces = sorted((r.name, r.file, r.pointer) for r in rows if r.kind == "namespace")
    assert namespaces == [
        ("mail", str(paths[1]), "/tools"),
        ("wiki", str(paths[0]), "/tools"),
    ]
    assert not load_catalog(documents, "api")[0].scopes[0].deferred_tools


# cost ---------------------------------------------------------------------------------------


def test_upfront_follows_openais_rules(tmp_path: Path) -> None:
    deferred = {**WEATHER, "name": "get_forecast", "defer_loading": True}
    data = {"model": "gpt-5.5", "tools": [{"type": "tool_search"}, WEATHER, deferred, CRM]}
    catalog = catalog_of(data, tmp_path)
    budget = compute_budget(catalog)
    scope = budget.scopes[0]
    rows = {r.name: r for r in scope.rows}
    count = o200k.O200kCounter().count_many
    full = count([json.dumps(WEATHER, separators=(",", ":"))])[0]
    stub = count(
        [
            json.dumps(
                {"type": "function", "name": "get_forecast", "description": WEATHER["description"]},
                separators=(",", ":"),
            )
        ]
    )[0]
    namespace = count(
        [
            json.dumps(
                {"type": "namespace", "name": "crm", "description": CRM["description"]},
                separators=(",", ":"),
            )
        ]
    )[0]
    search = count(['{"type":"tool_search"}'])[0]
    assert rows["get_weather"].tokens == full and not rows["get_weather"].deferred
    assert rows["get_forecast"].upfront_when_deferred == stub
    assert rows["list_open_orders"].upfront_when_deferred == 0  # namespaced: only the namespace
    assert rows["crm"].kind == "namespace" and rows["crm"].tokens == namespace
    totals = scope.totals
    assert totals.system_prompt == 0
    assert totals.search_tool == search
    assert totals.upfront == full + stub + namespace + search
    assert totals.all_loaded == sum(r.tokens for r in scope.rows)
    assert scope.method.encoding == "o200k_base"
    assert "publishes no" in scope.method.describe() and "assumed 0" in scope.method.describe()


def test_openai_model_table() -> None:
    assert resolve_openai(None)[0].id == "gpt-5.5"
    assert resolve_openai("GPT-5.4")[0].id == "gpt-5.4"
    row, note = resolve_openai("gpt-6")
    assert note is not None and row.tool_search == "supported"
    assert [tool_search_support(m) for m in ("gpt-5.4-mini", "gpt-5.2", "gpt-4o", "o3", "x")] == [
        "supported",
        "unsupported",
        "unsupported",
        "unsupported",
        "uncertain",
    ]


def test_budget_json_under_openai(runner: CliRunner, tmp_path: Path) -> None:
    path = write(
        tmp_path, "req.json", {"model": "gpt-5.5", "tools": [{"type": "tool_search"}, CRM]}
    )
    result = cli(runner, "budget", "--target", "openai", "-f", "json", str(path))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("budget"))
    assert data["model"] == "gpt-5.5"
    assert data["method"]["encoding"] == "o200k_base"
    assert data["totals"]["context_window"] is None and data["totals"]["context_share"] is None
    assert {t["kind"] for t in data["tools"]} == {"tool", "namespace"}
    windowed = cli(
        runner, "budget", "--target", "openai", "--context-window", "1000", str(path)
    ).stdout
    assert "of a 1,000-token context window taken upfront" in windowed


def test_budget_text_says_what_is_assumed(runner: CliRunner, tmp_path: Path) -> None:
    deferred = {**WEATHER, "defer_loading": True}
    path = write(tmp_path, "req.json", {"tools": [{"type": "tool_search"}, deferred]})
    result = cli(runner, "budget", "--target", "openai", str(path))
    assert result.exit_code == 0, result.stderr
    assert "model gpt-5.5" in result.stdout
    assert "deferred tools' names and descriptions" in result.stdout
    assert "OpenAI publishes no tool-use system prompt or per-tool overhead" in result.stdout
    assert "context window is not published" in result.stdout


# lint ---------------------------------------------------------------------------------------


def lint_json(runner: CliRunner, *args: str) -> dict[str, Any]:
    result = cli(runner, "lint", "-f", "json", "--fail-on", "info", "--target", "openai", *args)
    assert result.exit_code in (0, 1), result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("lint"))
    return data


def test_deferred_function_gets_openais_advice_not_anthropics(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = write(
        tmp_path, "req.json", {"model": "gpt-5.5", "tools": [{**WEATHER, "defer_loading": True}]}
    )
    result = cli(runner, "lint", "-f", "json", "--target", "openai", str(path))
    assert result.exit_code == 1
    openai = json.loads(result.stdout)["diagnostics"]
    assert "openai-deferred-without-tool-search" in {d["rule"] for d in openai}
    assert "deferred-without-search" not in {d["rule"] for d in openai}
    assert "tool_search_tool_bm25" not in result.stdout
    assert "tool_search_tool_regex" not in result.stdout
    anthropic = cli(runner, "lint", "-f", "json", str(path))
    rules = {d["rule"] for d in json.loads(anthropic.stdout)["diagnostics"]}
    assert "deferred-without-search" in rules  # the api target's own rule
    assert "openai-deferred-without-tool-search" not in rules


def test_invalid_tool_name_quotes_openai(runner: CliRunner, tmp_path: Path) -> None:
    long = "a" * 65
    tools = [{**WEATHER, "name": "Google Search"}, {**WEATHER, "name": long}]
    data = lint_json(
        runner, "--select", "invalid-tool-name", str(write(tmp_path, "r.json", {"tools": tools}))
    )
    messages = [d["message"] for d in data["diagnostics"]]
    assert [d["level"] for d in data["diagnostics"]] == ["error", "error"]
    assert "'Google Search' does not match '^[a-zA-Z0-9_-]{1,64}$'" in messages[0]
    assert "Expected a string with maximum length 64" in messages[1]
    api = cli(
        runner,
        "lint",
        "-f",
        "json",
        "--select",
        "invalid-tool-name,long-tool-name",
        str(tmp_path / "r.json"),
    )
    levels = {d["rule"]: d["level"] for d in json.loads(api.stdout)["diagnostics"]}
    assert levels == {"invalid-tool-name": "error", "long-tool-name": "warning"}


def test_tool_choice_naming_a_namespace_or_a_deferred_function(
    runner: CliRunner, tmp_path: Path
) -> None:
    for name, said in (("crm", "is a namespace"), ("list_open_orders", "which is deferred")):
        request = {
            "tool_choice": {"type": "function", "name": name},
            "tools": [{"type": "tool_search"}, CRM],
        }
        data = lint_json(
            runner, "--select", "tool-choice-deferred", str(write(tmp_path, "r.json", request))
        )
        assert len(data["diagnostics"]) == 1 and said in data["diagnostics"][0]["message"]
        assert data["diagnostics"][0]["level"] == "warning"


def test_anthropic_rules_do_not_run_under_openai(runner: CliRunner, tmp_path: Path) -> None:
    every = {"tools": [{**WEATHER, "defer_loading": True}]}
    data = lint_json(runner, str(write(tmp_path, "r.json", every)))
    rules = {d["rule"] for d in data["diagnostics"]}
    assert "openai-deferred-without-tool-search" in rules
    assert not rules & {"all-deferred", "deferred-without-search", "invalid-search-tool"}
    api = cli(runner, "lint", "-f", "json", str(tmp_path / "r.json"))
    assert "deferred-without-search" in {d["rule"] for d in json.loads(api.stdout)["diagnostics"]}


def error_table() -> dict[str, str]:
    """The README's table of error-level findings under --target openai: rule -> 400 text."""
    text = docs_text()
    table = text[text.index("<!-- openai-errors -->") : text.index("<!-- /openai-errors -->")]
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| (.+?) \| (.+?) \|$", table, re.M)
    assert rows
    return {rule: said for rule, said, source in rows if source.strip()}


def test_every_error_rule_under_openai_is_in_the_table() -> None:
    from toolsearch.lint.rule_contract import rule_hosts
    from toolsearch.rules import RULES

    runs = [r for r in RULES if rule_hosts(r) is None or "openai" in (rule_hosts(r) or ())]
    errors = {r.ID for r in runs if r.LEVEL == "error"}
    assert errors == set(error_table())


@pytest.mark.skipif(not CATALOGS.is_dir(), reason="../shared/catalogs is absent")
def test_shared_catalogs_give_no_error_outside_the_table(runner: CliRunner) -> None:
    data = lint_json(runner, str(CATALOGS))
    assert data["diagnostics"], "the shared catalogs were not linted"
    errors = {d["rule"] for d in data["diagnostics"] if d["level"] == "error"}
    assert errors <= set(error_table())


# query, eval, recommend, report, config -------------------------------------------------------


def test_query_and_eval_open_with_the_approximation_line(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "req.json", {"tools": [{"type": "tool_search"}, WEATHER, CRM]})
    first = "OpenAI's hosted tool search is not published"
    query = cli(runner, "query", "--target", "openai", "open orders", str(path))
    assert query.exit_code == 0, query.stderr
    assert query.stdout.startswith(first) and "bm25 rankings, an approximation" in query.stdout
    assert "list_open_orders" in query.stdout
    regex = cli(runner, "query", "--target", "openai", "-m", "regex", "orders", str(path))
    assert regex.stdout.startswith(first) and "regex rankings" in regex.stdout
    explained = cli(
        runner, "query", "--target", "openai", "--explain", "list_open_orders", "orders", str(path)
    )
    assert explained.exit_code == 0, explained.stderr
    assert explained.stdout.startswith(first)
    evaluated = cli(runner, "eval", "--target", "openai", "--self", str(path))
    assert evaluated.exit_code == 0, evaluated.stderr
    assert evaluated.stdout.startswith(first)
    as_json = json.loads(
        cli(runner, "query", "--target", "openai", "-f", "json", "orders", str(path)).stdout
    )
    jsonschema.validate(as_json, load_schema("query"))
    assert as_json["notes"][0].startswith(first)
    api = cli(runner, "query", "orders", str(path))
    assert not api.stdout.startswith(first)


def functions(count: int) -> list[dict[str, Any]]:
    words = ["weather", "forecast", "alerts", "radar", "pollen", "stations", "cities", "tides"]
    return [
        {
            "type": "function",
            "name": f"get_{words[i % len(words)]}_{i}",
            "description": f"Read the {words[i % len(words)]} data number {i} for one city.",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
        }
        for i in range(count)
    ]


def test_recommend_apply_defers_functions_never_a_namespace(
    runner: CliRunner, tmp_path: Path
) -> None:
    namespace = {
        "type": "namespace",
        "name": "extras",
        "description": "Extra weather layers.",
        "tools": functions(3),
    }
    request = {"model": "gpt-5.5", "tools": [*functions(12)[3:], namespace]}
    path = write(tmp_path, "req.json", request)
    result = cli(runner, "recommend", "--target", "openai", "--apply", str(path))
    assert result.exit_code == 0, result.stderr
    said = " ".join(result.stdout.split())
    assert "wrote" in said and "defer 9 functions" in said
    after = json.loads(path.read_text(encoding="utf-8"))
    tools = after["tools"]
    assert tools[0] == {"type": "tool_search"}
    inside = tools[-1]
    assert inside["type"] == "namespace" and "defer_loading" not in inside
    flat = [t for t in tools if t.get("type") == "function"] + inside["tools"]
    assert sum(1 for t in flat if t.get("defer_loading") is True) == len(flat) - 3
    lint = cli(runner, "lint", "--target", "openai", "--fail-on", "error", str(path))
    assert lint.exit_code == 0, lint.stdout


def test_recommend_proposes_namespaces_of_fewer_than_ten(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "req.json", {"model": "gpt-5.5", "tools": functions(30)})
    result = cli(runner, "recommend", "--target", "openai", str(path))
    assert result.exit_code == 0, result.stderr
    sizes = [int(n) for n in re.findall(r"^  req_\w+ \((\d+)\): ", result.stdout, re.M)]
    assert sizes and max(sizes) < 10 and sum(sizes) == 27  # 30 functions, 3 kept loaded
    assert "never on the namespace" in " ".join(result.stdout.split())
    assert "mcp_toolset" not in result.stdout
    as_json = cli(runner, "recommend", "--target", "openai", "-f", "json", str(path))
    data = json.loads(as_json.stdout)
    jsonschema.validate(data, load_schema("recommend"))
    grouped = [name for n in data["namespaces"] for name in n["tools"]]
    assert sorted(grouped) == sorted(t["name"] for t in data["tools"] if not t["kept"])


def test_recommend_apply_refuses_a_model_without_tool_search(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = write(tmp_path, "req.json", {"model": "gpt-5.2", "tools": functions(12)})
    before = path.read_text(encoding="utf-8")
    result = cli(runner, "recommend", "--target", "openai", "--apply", str(path))
    assert result.exit_code == 2
    assert "does not support tool search" in result.stderr and "Traceback" not in result.stderr
    assert path.read_text(encoding="utf-8") == before


def test_config_target_openai_and_report(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".toolsearch.yaml").write_text("target: openai\n", encoding="utf-8")
    write(tmp_path, "req.json", {"tools": [{"type": "tool_search"}, WEATHER, CRM]})
    budget = cli(runner, "budget", "req.json")
    assert "model gpt-5.5" in budget.stdout and "o200k_base" in budget.stdout
    page = cli(runner, "report", "req.json", "-o", "page.html")
    assert page.exit_code == 0, page.stderr
    html = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert "o200k_base" in html and "context window not published" in html
    (tmp_path / ".toolsearch.yaml").write_text("target: opnai\n", encoding="utf-8")
    bad = cli(runner, "budget", "req.json")
    assert bad.exit_code == 2 and "openai" in bad.stderr


def test_budget_under_openai_as_a_real_process(tmp_path: Path) -> None:
    path = write(tmp_path, "req.json", {"tools": [{"type": "tool_search"}, CRM]})
    done = subprocess.run(
        [sys.executable, "-m", "toolsearch", "budget", "--target", "openai", str(path)],
        capture_output=True,
        text=True,
        env=env_without_cache(),
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "o200k_base" in done.stdout and "deferred" in done.stdout


def test_every_openai_rule_says_its_host() -> None:
    from toolsearch.rules import RULES

    ours = [r for r in RULES if getattr(r, "HOSTS", None) == ("openai",)]
    assert len(ours) == 12
    for rule in ours:
        assert "--target openai" in (rule.__doc__ or "")
        assert re.search(r"hosts-facts\.md\s+§1\.1", rule.__doc__ or "")


@pytest.mark.slow
def test_serve_under_openai_answers_a_real_client(tmp_path: Path) -> None:
    import anyio

    from tests.test_serve import payload, session

    listing = {
        "tools": [
            {
                "name": "send_email",
                "description": "Send an email.",
                "inputSchema": {"type": "object"},
            },
            {
                "name": "get_weather",
                "description": "Weather now.",
                "inputSchema": {"type": "object"},
            },
        ]
    }
    path = write(tmp_path, "mail.json", listing)
    calls: list[dict[str, Any]] = [{"query": "send an email to someone", "limit": 1}]
    tools, answers = anyio.run(session, ["--target", "openai", str(path)], calls)
    assert [t.name for t in tools] == ["search_tools"]
    found = payload(answers[0])
    assert found["mode"] == "bm25" and [t["name"] for t in found["tools"]] == ["send_email"]
