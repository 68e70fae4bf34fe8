"""``toolsearch probe URL`` (issue 30) against fake upstreams on loopback: the faithful one that
follows the documented rules and 400 texts, and one per gateway failure pattern in front of it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.fake_http import serving
from tests.fake_upstream import Upstream, handler_for
from toolsearch.app import app
from toolsearch.probe.checks import judge, verdict
from toolsearch.probe.reply import Reply
from toolsearch.probe.requests import BIG_TOOL, NAMESPACE, NAMESPACED_TOOL
from toolsearch.schemas import load_schema

KEY = "sk-probe-test-0123456789abcdef0123456789abcdef"
ENV = {"ANTHROPIC_API_KEY": KEY, "OPENAI_API_KEY": KEY}


@pytest.fixture(autouse=True)
def _no_real_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "MY_GATEWAY_KEY"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def faithful() -> Iterator[tuple[Upstream, str]]:
    upstream = Upstream()
    with serving(handler_for(upstream)) as url:
        yield upstream, url


def probe(
    runner: CliRunner, url: str, *args: str, env: dict[str, str] | None = None
) -> tuple[int, str, str]:
    result = runner.invoke(app, ["probe", url, *args], env=ENV if env is None else env)
    return result.exit_code, result.stdout, result.stderr


def statuses(out: str) -> dict[str, str]:
    return {check["id"]: check["status"] for check in json.loads(out)["checks"]}


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("toolsearch: error: ")
    return lines[0]


# --- the faithful upstream -------------------------------------------------------------------


def test_behind_a_faithful_messages_api_tool_search_works(
    runner: CliRunner, faithful: tuple[Upstream, str]
) -> None:
    upstream, url = faithful
    code, out, err = probe(runner, url)
    assert code == 0, err
    assert "verdict: tool search works behind this endpoint: ENABLE_TOOL_SEARCH=true is safe" in out
    assert out.count(" passed ") == 4
    assert "5. not answerable" in out and "no --beta given" in out
    assert "the reply searched and returned 1 tool reference: probe_inventory_report" in out
    assert "got the API's 400: Tool 'probe_inventory_report' cannot have both" in out
    assert "was answered 200 and loaded the tool:" in out
    # what the upstream received: seven requests, the key in x-api-key, the version header
    assert len(upstream.received) == 8
    headers = upstream.received[0]["headers"]
    assert headers["x-api-key"] == KEY and headers["anthropic-version"] == "2023-06-01"
    assert "anthropic-beta" not in headers
    assert headers["user-agent"].startswith("toolsearch/")
    assert all(r["path"] == "/v1/messages" for r in upstream.received)
    assert all(r["body"]["model"] == "claude-sonnet-4-5" for r in upstream.received)


def test_the_figures_shown_are_the_ones_the_endpoint_billed(
    runner: CliRunner, faithful: tuple[Upstream, str]
) -> None:
    _, url = faithful
    code, out, _ = probe(runner, url, "--format", "json")
    assert code == 0
    report = json.loads(out)
    tokens = {e["request"]: e["input_tokens"] for e in report["exchanges"]}
    assert tokens["deferred"] == tokens["without"] < tokens["loaded"]  # Messages: deferred costs 0
    deferral = next(c for c in report["checks"] if c["id"] == "deferral-kept")
    assert (
        f"{tokens['deferred']:,} input tokens deferred, {tokens['loaded']:,} loaded, "
        f"{tokens['without']:,} without it" in deferral["evidence"]
    )
    assert report["exchanges"][-1] == {
        "request": "cache-control",
        "status": 400,
        "input_tokens": None,
    }


def test_behind_a_faithful_responses_api_tool_search_works(
    runner: CliRunner, faithful: tuple[Upstream, str]
) -> None:
    upstream, url = faithful
    code, out, err = probe(runner, url, "--target", "openai", "--format", "json")
    assert code == 0, err
    report = json.loads(out)
    jsonschema.validate(report, load_schema("probe"))
    assert report["passed"] is True
    assert report["verdict"].startswith("tool search works behind this endpoint: deferred")
    assert statuses(out) == {
        "deferral-kept": "passed",
        "search-tool": "passed",
        "round-trip": "passed",
        "rewrites": "passed",
        "beta-header": "not answerable",
    }
    assert all(r["path"] == "/v1/responses" for r in upstream.received)
    assert report["model"] == "gpt-5.5"  # the openai host's default model, as budget assumes
    assert all(r["body"]["model"] == "gpt-5.5" for r in upstream.received)
    assert upstream.received[0]["headers"]["authorization"] == f"Bearer {KEY}"
    round_trip = upstream.named("round-trip")[0]["body"]
    call = next(i for i in round_trip["input"] if i.get("type") == "function_call")
    assert call["name"] == NAMESPACED_TOOL and call["namespace"] == NAMESPACE


def test_markdown_report(runner: CliRunner, faithful: tuple[Upstream, str]) -> None:
    _, url = faithful
    code, out, _ = probe(runner, url, "--format", "markdown")
    assert code == 0
    assert out.startswith("## toolsearch probe\n")
    assert "| # | check | result | evidence |" in out
    assert "| 1 | deferral kept" in out and "| passed |" in out
    assert "- **Verdict (passed)**: tool search works behind this endpoint" in out


# --- gateways' failure patterns (hosts-facts §2) ---------------------------------------------

PASS = "passed"
FAIL = "failed"
OPEN = "not answerable"
CASES = [
    # target, fault, extra args, expected statuses of checks 1-5, a piece of the verdict
    ("api", "drop-defer", (), (FAIL, FAIL, PASS, FAIL, OPEN), "deferral is dropped: every tool"),
    ("api", "drop-search", (), (PASS, FAIL, PASS, PASS, OPEN), "the search tool does not work"),
    ("api", "break-round-trip", (), (PASS, PASS, FAIL, PASS, OPEN), "the second turn breaks"),
    ("api", "empty-reference", (), (PASS, PASS, FAIL, PASS, OPEN), "loses the tool_reference"),
    (
        "api",
        "add-cache-control",
        (),
        (FAIL, FAIL, FAIL, OPEN, OPEN),
        "the endpoint adds cache_control to deferred tools",
    ),
    ("api", "rewrite-errors", (), (PASS, PASS, PASS, FAIL, OPEN), "rewrites requests or errors"),
    ("api", "defer-unasked", (), (OPEN, PASS, PASS, FAIL, OPEN), "defers tools that did not ask"),
    (
        "api",
        "reject-beta",
        ("--beta", "advanced-tool-use-2025-11-20"),
        (OPEN, OPEN, OPEN, OPEN, FAIL),
        "the endpoint rejects the beta header (anthropic-beta: advanced-tool-use-2025-11-20)",
    ),
    ("openai", "drop-defer", (), (FAIL, FAIL, FAIL, FAIL, OPEN), "requests with deferred tools"),
    ("openai", "drop-search", (), (FAIL, FAIL, FAIL, OPEN, OPEN), "requests with deferred tools"),
    ("openai", "break-round-trip", (), (PASS, PASS, FAIL, PASS, OPEN), "namespaced function_call"),
    ("openai", "rewrite-errors", (), (PASS, PASS, PASS, FAIL, OPEN), "rewrites requests or errors"),
    ("openai", "defer-unasked", (), (OPEN, PASS, PASS, FAIL, OPEN), "defers tools that did not"),
]


@pytest.mark.parametrize(
    ("target", "fault", "extra", "expected", "advice"),
    CASES,
    ids=[f"{c[0]}-{c[1]}" for c in CASES],
)
def test_each_failure_pattern_is_found_and_named(
    runner: CliRunner,
    target: str,
    fault: str,
    extra: tuple[str, ...],
    expected: tuple[str, ...],
    advice: str,
) -> None:
    upstream = Upstream(frozenset({fault}))
    with serving(handler_for(upstream)) as url:
        code, out, err = probe(runner, url, "--target", target, *extra, "--format", "json")
    report = json.loads(out)
    jsonschema.validate(report, load_schema("probe"))
    assert tuple(statuses(out).values()) == expected, json.dumps(report["checks"], indent=1)
    assert code == 1 and report["passed"] is False, err
    assert advice in report["verdict"]
    assert KEY not in out + err


def test_a_silent_drop_is_told_with_the_billed_figures(runner: CliRunner) -> None:
    upstream = Upstream(frozenset({"drop-defer"}))
    with serving(handler_for(upstream)) as url:
        code, out, _ = probe(runner, url)
    assert code == 1
    deferred = upstream.named("deferred")[0]["body"]
    big = next(t for t in deferred["tools"] if t.get("name") == BIG_TOOL)
    assert "defer_loading" not in big  # what the upstream received: the deferral was dropped
    verdict_line = out.splitlines()[-1]
    assert verdict_line.startswith("verdict: deferral is dropped: every tool is billed upfront (")
    assert "leave ENABLE_TOOL_SEARCH unset or false for Claude Code" in verdict_line
    assert "(2 more checks failed)" in verdict_line


def test_the_beta_header_is_sent_and_accepted(
    runner: CliRunner, faithful: tuple[Upstream, str]
) -> None:
    upstream, url = faithful
    code, out, _ = probe(
        runner, url, "--beta", "advanced-tool-use-2025-11-20", "--api-version", "2023-01-01"
    )
    assert code == 0
    assert "5. passed" in out and "every request carried anthropic-beta" in out
    headers = upstream.received[-1]["headers"]
    assert headers["anthropic-beta"] == "advanced-tool-use-2025-11-20"
    assert headers["anthropic-version"] == "2023-01-01"


def test_an_unknown_beta_is_the_apis_own_refusal(
    runner: CliRunner, faithful: tuple[Upstream, str]
) -> None:
    upstream, url = faithful
    code, out, _ = probe(runner, url, "--beta", "no-such-beta-2020-01-01")
    assert code == 1
    assert "Unexpected value(s) `no-such-beta-2020-01-01`" in out
    assert len(upstream.received) == 1  # every request would carry it: the rest are not sent


def test_openai_api_version_is_a_query_parameter(
    runner: CliRunner, faithful: tuple[Upstream, str]
) -> None:
    upstream, url = faithful
    code, _, _ = probe(runner, f"{url}/v1", "--target", "openai", "--api-version", "2026-03-01")
    assert code == 0
    assert all(r["path"] == "/v1/responses" for r in upstream.received)


# --- the key: read from the environment only, never shown ----------------------------------


def test_a_missing_key_names_the_variable(
    runner: CliRunner, faithful: tuple[Upstream, str]
) -> None:
    upstream, url = faithful
    code, out, err = probe(runner, url, env={})
    assert code == 2 and out == ""
    assert "probe needs an API key in $ANTHROPIC_API_KEY" in one_error_line(err)
    code, _, err = probe(runner, url, "--target", "openai", env={})
    assert code == 2 and "$OPENAI_API_KEY" in one_error_line(err)
    code, _, err = probe(runner, url, "--api-key-env", "MY_GATEWAY_KEY", env={})
    assert code == 2 and "$MY_GATEWAY_KEY" in one_error_line(err)
    assert upstream.received == []


def test_the_key_variable_can_be_named(runner: CliRunner, faithful: tuple[Upstream, str]) -> None:
    upstream, url = faithful
    code, out, _ = probe(
        runner, url, "--api-key-env", "MY_GATEWAY_KEY", env={"MY_GATEWAY_KEY": KEY}
    )
    assert code == 0
    assert "key from $MY_GATEWAY_KEY" in out
    assert upstream.received[0]["headers"]["x-api-key"] == KEY


def test_a_key_given_where_a_variable_name_goes_is_not_echoed(
    runner: CliRunner, in_tmp: Path
) -> None:
    code, out, err = probe(runner, "http://127.0.0.1:1", "--api-key-env", KEY)
    assert code == 2 and KEY not in out + err
    assert "--api-key-env takes the name of an environment variable" in one_error_line(err)
    (in_tmp / ".toolsearch.yaml").write_text(f"probe:\n  api-key-env: {KEY}\n")
    code, out, err = probe(runner, "http://127.0.0.1:1")
    assert code == 2 and KEY not in out + err
    assert "probe.api-key-env takes the name" in one_error_line(err)
    (in_tmp / ".toolsearch.yaml").unlink()
    code, out, err = probe(runner, f"http://user:{KEY}@127.0.0.1:1", "--dry-run")
    assert code == 2 and KEY not in out + err
    assert "the URL carries a user name or password" in one_error_line(err)


def test_a_busy_endpoint_leaves_checks_not_answerable() -> None:
    busy = Reply(529, {"type": "error"}, "Overloaded")
    replies = {"baseline": usage(10), "without": usage(100), "loaded": busy, "deferred": busy}
    replies |= {"search": busy, "round-trip": busy, "cache-control": busy}
    checks = judge("api", replies, ())
    assert [c.status for c in checks[:4]] == ["not answerable"] * 4
    assert (
        "answered 529: Overloaded (busy or rate-limited): run the probe again" in checks[0].evidence
    )
    assert verdict("api", checks).startswith("no check failed, but checks 1, 2, 3, 4 could not")


def test_bedrock_converse_refusing_the_beta_is_check_5() -> None:
    converse = Reply(
        400, None, "tool search is not currently supported on the Converse and ConverseStream APIs"
    )
    checks = judge("api", {"baseline": converse}, ("tool-search-tool-2025-10-19",))
    assert [c.status for c in checks] == ["not answerable"] * 4 + ["failed"]
    assert checks[4].advice.startswith("the endpoint rejects the beta header (anthropic-beta: ")


def test_an_echoed_key_is_redacted_in_the_error(runner: CliRunner) -> None:
    upstream = Upstream(frozenset({"echo-key"}))
    with serving(handler_for(upstream)) as url:
        code, out, err = probe(runner, url)
    assert code == 2 and out == ""
    line = one_error_line(err)
    assert "a plain request was answered 401: invalid key $ANTHROPIC_API_KEY" in line
    assert KEY not in err


@pytest.mark.parametrize("fmt", ["text", "json", "markdown"])
def test_the_key_is_in_no_output_nor_report_file(runner: CliRunner, in_tmp: Path, fmt: str) -> None:
    for fault in ("drop-defer", "rewrite-errors"):
        upstream = Upstream(frozenset({fault}))
        with serving(handler_for(upstream)) as url:
            code, out, err = probe(runner, url, "--format", fmt)
            file_code, _, _ = probe(runner, url, "--format", fmt, "-o", "report.out")
            dry_code, dry, _ = probe(runner, url, "--format", fmt, "--dry-run")
        assert code == file_code == 1 and dry_code == 0
        written = (in_tmp / "report.out").read_text()
        assert "ANTHROPIC_API_KEY" in dry.replace("\\_", "_")
        assert "verdict" in (out + written).lower()
        for text in (out, err, written, dry):
            assert KEY not in text


# --- dry run, errors -------------------------------------------------------------------------


def test_dry_run_prints_the_requests_and_sends_nothing(
    runner: CliRunner, faithful: tuple[Upstream, str]
) -> None:
    upstream, url = faithful
    code, out, err = probe(runner, url, "--dry-run", env={})
    assert code == 0, err
    assert "dry run: 8 requests would be sent; nothing was sent" in out
    assert out.count(f"POST {url}/v1/messages") == 8
    assert "x-api-key: $ANTHROPIC_API_KEY" in out
    assert '"defer_loading": true' in out and '"cache_control"' in out
    code, out, _ = probe(runner, url, "--dry-run", "--target", "openai", "-f", "json", env={})
    report = json.loads(out)
    jsonschema.validate(report, load_schema("probe"))
    assert report["dry_run"] is True and report["passed"] is None and report["checks"] == []
    assert [r["name"] for r in report["requests"]][-1] == "error-text"
    assert report["headers"]["authorization"] == "Bearer $OPENAI_API_KEY"
    assert upstream.received == []


def test_an_unreachable_endpoint_is_one_line_and_exit_2(runner: CliRunner) -> None:
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code, out, err = probe(runner, f"http://127.0.0.1:{port}")
    assert code == 2 and out == ""
    assert "cannot reach the endpoint: connection refused" in one_error_line(err)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("ftp://example.com", "is not an endpoint URL"),
        ("not a url", "is not an endpoint URL"),
        ("http://127.0.0.1:99999", "the port is not a number"),
    ],
)
def test_a_bad_url_is_a_usage_error(runner: CliRunner, url: str, expected: str) -> None:
    code, _, err = probe(runner, url)
    assert code == 2 and expected in one_error_line(err)


class NotAnApi(BaseHTTPRequestHandler):
    """A web page where an API was expected (a captive portal, a wrong path)."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        data = b"<html><body>Welcome</body></html>"
        self.send_response(200)
        self.send_header("content-type", "text/html")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def test_an_endpoint_that_answers_a_web_page_is_exit_2(runner: CliRunner) -> None:
    with serving(NotAnApi) as url:
        code, out, err = probe(runner, url)
    assert code == 2 and out == ""
    line = one_error_line(err)
    assert "answered 200 but not with a JSON object: is it an Anthropic Messages endpoint?" in line


def test_a_bad_target_is_refused(runner: CliRunner) -> None:
    code, _, err = probe(runner, "http://127.0.0.1:1", "--target", "claude-code")
    assert code == 2 and "--target must be api or openai" in one_error_line(err)


def test_hostile_error_text_is_shown_escaped(runner: CliRunner) -> None:
    upstream = Upstream(frozenset({"hostile-text"}))
    with serving(handler_for(upstream)) as url:
        code, out, _ = probe(runner, url)
    assert code == 1
    assert "\x1b" not in out and "\u202e" not in out
    assert "\\u001b[31mBad [bold]request[/bold]\\u202e" in out


# --- config ----------------------------------------------------------------------------------


def test_config_keys(runner: CliRunner, in_tmp: Path, faithful: tuple[Upstream, str]) -> None:
    upstream, url = faithful
    (in_tmp / ".toolsearch.yaml").write_text(
        "probe:\n  target: openai\n  model: gpt-5.5\n  api-key-env: MY_GATEWAY_KEY\n"
        "  beta: [responses-beta-1]\n"
    )
    code, out, _ = probe(runner, url, "-f", "json", env={"MY_GATEWAY_KEY": KEY})
    assert code == 0
    report = json.loads(out)
    assert report["target"] == "openai" and report["model"] == "gpt-5.5"
    assert report["api_key_env"] == "MY_GATEWAY_KEY"
    assert upstream.received[0]["headers"]["openai-beta"] == "responses-beta-1"
    assert upstream.received[0]["body"]["model"] == "gpt-5.5"
    (in_tmp / ".toolsearch.yaml").write_text("probe:\n  key-env: X\n")
    code, _, err = probe(runner, url)
    assert code == 2 and 'unknown key "probe.key-env"' in one_error_line(err)
    (in_tmp / ".toolsearch.yaml").write_text("probe:\n  api-version: 2024-01-01\n")
    code, _, _ = probe(runner, url)
    assert code == 0
    assert upstream.received[-1]["headers"]["anthropic-version"] == "2024-01-01"


def test_the_config_schema_takes_the_probe_section() -> None:
    schema = load_schema("config")
    good = {"probe": {"target": "openai", "api-key-env": "GATEWAY_KEY", "beta": ["b1"]}}
    jsonschema.validate(good, schema)
    for bad in ({"probe": {"target": "codex"}}, {"probe": {"api-key-env": KEY}}):
        assert not jsonschema.Draft202012Validator(schema).is_valid(bad)


# --- the core: judging replies ----------------------------------------------------------------


def usage(tokens: int, **extra: int) -> Reply:
    return Reply(200, {"content": [], "usage": {"input_tokens": tokens, **extra}})


def test_billed_input_counts_cache_writes_and_reads() -> None:
    reply = usage(100, cache_creation_input_tokens=50, cache_read_input_tokens=25)
    assert reply.input_tokens == 175
    assert Reply(200, {"usage": {"output_tokens": 3}}).input_tokens is None
    assert Reply(200, None).input_tokens is None


def test_replies_without_usage_leave_deferral_not_answerable() -> None:
    replies = {name: Reply(200, {"content": []}) for name in ("baseline", "without", "loaded")}
    replies["deferred"] = Reply(200, {"content": []})
    checks = judge("api", replies, ())
    assert checks[0].status == "not answerable"
    assert "no usage.input_tokens" in checks[0].evidence
    assert [c.status for c in checks] == ["not answerable"] * 5
    assert verdict("api", checks) == (
        "no check failed, but checks 1, 2, 3, 4 could not be answered: tool search is not shown "
        "to work behind this endpoint"
    )


def test_a_partial_saving_is_a_drop() -> None:
    replies = {
        "baseline": usage(10),
        "without": usage(1_000),
        "loaded": usage(3_000),
        "deferred": usage(2_400),  # saved 600 of the 2,000 the tool costs: not deferred
    }
    first = judge("api", replies, ())[0]
    assert first.status == "failed"
    assert first.advice.startswith("deferral is dropped: every tool is billed upfront (2,400 vs")


# --- a real process, and start-up cost of the other commands ---------------------------------


def test_a_real_process(faithful: tuple[Upstream, str]) -> None:
    _, url = faithful
    done = subprocess.run(
        [sys.executable, "-m", "toolsearch", "probe", url, "--target", "openai"],
        capture_output=True,
        text=True,
        env={**os.environ, **ENV, "NO_COLOR": "1"},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "verdict: tool search works behind this endpoint" in done.stdout
    assert KEY not in done.stdout + done.stderr


def test_other_commands_do_not_import_the_probe() -> None:
    code = (
        "import sys, toolsearch.app;"
        "print(sorted(m for m in sys.modules if m.startswith(('toolsearch.probe', "
        "'toolsearch.commands.probe', 'toolsearch.report.probe', 'http.client'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True
    )
    assert done.stdout.strip() == "[]"
