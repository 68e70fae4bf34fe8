"""``toolsearch report``: the HTML page, as a user runs it and as its parts are made."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.catalog_gen import request as generated_request
from tests.catalogs import SHOP, tool
from tests.conftest import APP_ONLY, CATALOGS, FIXTURES, needs_shared, shared_catalogs
from toolsearch.app import app
from toolsearch.page_run import TOOLS_SHOWN
from toolsearch.report.html_page import KEPT_FOR_APPS
from toolsearch.report.treemap import Rect, squarified

EXAMPLE = FIXTURES / "example" / "request.json"
HOSTILE_DESCRIPTION = "Send mail. <script>window.pwned = 1</script> \u202eevil & 'quotes\""
HOSTILE_NAME = 'x"><img src=y>'


class Page(HTMLParser):
    """What the tests read from a page: tiles, element ids, scripts, links, text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tiles: list[dict[str, str]] = []
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.scripts: list[str] = []
        self.tags: set[str] = set()
        self.sources: list[str] = []  # src attributes: must be none
        self.csp = ""
        self.text: list[str] = []
        self._script: list[str] | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        self.tags.add(tag)
        if "id" in found:
            self.ids.add(found["id"])
        if "href" in found:
            self.hrefs.append(found["href"])
        if "src" in found:
            self.sources.append(found["src"])
        if tag == "a" and "tile" in found.get("class", "").split():
            self.tiles.append(found)
        if tag == "meta" and found.get("http-equiv") == "Content-Security-Policy":
            self.csp = found["content"]
        if tag == "script":
            self._script = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            self.scripts.append("".join(self._script))
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script.append(data)
        else:
            self.text.append(data)

    @property
    def all_text(self) -> str:
        return "".join(self.text)


def tile_box(tile: dict[str, str]) -> dict[str, float]:
    return {k: float(v) for k, v in re.findall(r"(left|top|width|height):([\d.]+)%", tile["style"])}


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def make_report(runner: CliRunner, *args: str) -> tuple[str, Page]:
    out = Path(args[args.index("-o") + 1])
    result = runner.invoke(app, ["report", *args])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    return result.output, Page(text)


def shop_request(folder: Path, deferred_from: int = 3, **first: Any) -> Path:
    tools: list[dict[str, Any]] = [
        {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    ]
    for index, (name, description, args) in enumerate(SHOP):
        entry = tool(name, description, args)
        if index >= deferred_from:
            entry["defer_loading"] = True
        tools.append(entry)
    tools[1].update(first)
    body = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": tools}
    return write_json(folder / "request.json", body)


# --- the command -----------------------------------------------------------------------------


def test_subfolders_with_r_as_every_catalog_command(runner: CliRunner, in_tmp: Path) -> None:
    nested = in_tmp / "servers" / "team"
    nested.mkdir(parents=True)
    (nested / "github.json").write_text((FIXTURES / "example" / "github.json").read_text())
    refused = runner.invoke(app, ["report", "servers", "-o", "page.html"])
    assert refused.exit_code == 2 and "pass -r" in refused.stderr
    output, page = make_report(runner, "-r", "servers", "-o", "page.html")
    assert output.startswith("wrote page.html: 5 tools")
    assert len(page.tiles) == 5


def test_writes_one_page_and_says_so(runner: CliRunner, in_tmp: Path) -> None:
    output, page = make_report(runner, str(EXAMPLE), "-o", "page.html")
    budget = json.loads(runner.invoke(app, ["budget", str(EXAMPLE), "-f", "json"]).output)
    size = (in_tmp / "page.html").stat().st_size
    assert output == f"wrote page.html: {len(budget['tools'])} tools, {size / 1000:.0f} KB\n"
    assert len(page.tiles) == len(budget["tools"])
    for section in ("figures", "treemap", "tools", "recommendation", "findings", "findability"):
        assert section in page.ids
    assert "changes" not in page.ids  # no --baseline


def test_the_page_loads_nothing(runner: CliRunner, in_tmp: Path) -> None:
    _, page = make_report(runner, str(EXAMPLE), "-o", "page.html")
    text = (in_tmp / "page.html").read_text(encoding="utf-8")
    assert page.sources == []
    assert "link" not in page.tags and "iframe" not in page.tags and "img" not in page.tags
    assert "url(" not in text and "@import" not in text
    assert all(h.startswith("#") for h in page.hrefs)
    assert "default-src 'none'" in page.csp
    # the one script is allowed by its hash, and by nothing else
    (script,) = page.scripts
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    assert f"script-src 'sha256-{digest}';" in page.csp


def test_every_link_inside_the_page_has_its_target(runner: CliRunner, in_tmp: Path) -> None:
    path = shop_request(in_tmp, description="Hi.")
    _, page = make_report(runner, str(path), "-o", "page.html")
    targets = {h[1:] for h in page.hrefs}
    assert targets <= page.ids
    assert any(t.startswith("rule-") for t in targets)
    assert any(t.startswith("tile-") for t in targets)


def test_output_to_stdout(runner: CliRunner, in_tmp: Path) -> None:
    result = runner.invoke(app, ["report", str(EXAMPLE), "-o", "-"])
    assert result.exit_code == 0
    assert result.output.startswith("<!doctype html>")
    assert list(in_tmp.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "report needs -o/--output-file PATH (or -o - for stdout)"),
        (["-o", "."], "-o .: is a folder; give a file name, e.g. report.html"),
        (["-o", "missing/page.html"], "-o missing/page.html: the folder missing does not exist"),
        (["-f", "pdf", "-o", "p.html"], "--format must be one of html, not 'pdf'"),
        (
            ["-m", "regex", "-o", "p.html"],
            "--mode regex: the self-check searches each tool's own words",
        ),
        (
            ["-m", "bm26", "-o", "p.html"],
            "--mode must be one of bm25, claude-code, codex, not 'bm26' (did you mean \"bm25\"?)",
        ),
    ],
)
def test_bad_output_is_refused_before_reading(
    runner: CliRunner, in_tmp: Path, args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["report", "nothing-here.json", *args])
    assert result.exit_code == 2
    assert result.stderr == f"toolsearch: error: {message}\n"
    assert list(in_tmp.iterdir()) == []


def test_a_failed_write_is_one_line_and_exit_2(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "page.html").symlink_to(in_tmp / "gone" / "page.html")  # into a missing folder
    result = runner.invoke(app, ["report", str(EXAMPLE), "-o", "page.html"])
    assert result.exit_code == 2
    assert result.stderr == (
        "toolsearch: error: page.html: cannot write the report: No such file or directory\n"
    )


def test_an_existing_page_is_replaced_whole(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "page.html").write_text("old")
    make_report(runner, str(EXAMPLE), "-o", "page.html")
    assert (in_tmp / "page.html").read_text(encoding="utf-8").startswith("<!doctype html>")
    assert [p.name for p in in_tmp.iterdir()] == ["page.html"]  # no temporary file left


def test_bad_catalog_is_one_line_and_exit_2(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "bad.json").write_text("{", encoding="utf-8")
    result = runner.invoke(app, ["report", "bad.json", "-o", "page.html"])
    assert result.exit_code == 2
    assert result.stderr.startswith("toolsearch: error: bad.json")
    assert not (in_tmp / "page.html").exists()


def test_same_input_same_page(runner: CliRunner, in_tmp: Path) -> None:
    make_report(runner, str(EXAMPLE), "-o", "a.html")
    make_report(runner, str(EXAMPLE), "-o", "b.html")
    assert (in_tmp / "a.html").read_bytes() == (in_tmp / "b.html").read_bytes()


def test_a_catalog_of_one_server_tool(runner: CliRunner, in_tmp: Path) -> None:
    search = {"type": "web_search_20250305", "name": "web_search"}
    path = write_json(in_tmp / "r.json", {"model": "claude-sonnet-4-5", "tools": [search]})
    output, page = make_report(runner, str(path), "-o", "page.html")
    assert output.startswith("wrote page.html: 1 tool, ")
    (tile,) = page.tiles
    assert tile["aria-label"].startswith("web_search (r): ")
    assert "Every searched tool is in the top 5" not in page.all_text  # nothing was searched
    assert "No tool to search: the sources hold no tool definitions." in page.all_text


# --- what the page says ------------------------------------------------------------------------


def test_catalog_text_shows_as_text(runner: CliRunner, in_tmp: Path) -> None:
    path = shop_request(in_tmp, name=HOSTILE_NAME, description=HOSTILE_DESCRIPTION)
    _, page = make_report(runner, str(path), "-o", "page.html")
    raw = (in_tmp / "page.html").read_text(encoding="utf-8")
    assert len(page.scripts) == 1 and "pwned" not in page.scripts[0]
    assert "<script>window.pwned" not in raw
    assert "&lt;script&gt;window.pwned = 1&lt;/script&gt;" in raw
    assert "<img" not in raw and "x&#34;&gt;&lt;img src=y&gt;" in raw
    assert "\u202e" not in raw and "\\u202eevil" in page.all_text  # visible, not reordering
    assert HOSTILE_NAME in page.all_text


def test_tiles_have_areas_proportional_to_tokens(runner: CliRunner, in_tmp: Path) -> None:
    path = shop_request(in_tmp)
    _, page = make_report(runner, str(path), "-o", "page.html")
    total = sum(int(t["data-tokens"]) for t in page.tiles)
    for tile in page.tiles:
        box = tile_box(tile)
        share = box["width"] * box["height"] / 10_000
        assert share == pytest.approx(int(tile["data-tokens"]) / total, rel=1e-3, abs=1e-6)
        assert box["left"] + box["width"] <= 100.001 and box["top"] + box["height"] <= 100.001


def test_deferred_tiles_are_told_apart_without_colour(runner: CliRunner, in_tmp: Path) -> None:
    path = shop_request(in_tmp)
    _, page = make_report(runner, str(path), "-o", "page.html")
    states = {t["class"].split()[1] for t in page.tiles}
    assert states == {"loaded", "deferred"}
    for tile in page.tiles:
        state = tile["class"].split()[1]
        assert f"tokens, {state}" in tile["aria-label"]
    assert "deferred: found by search when needed (striped)" in page.all_text


def test_findings_are_grouped_and_linked_to_tiles(runner: CliRunner, in_tmp: Path) -> None:
    path = shop_request(in_tmp, description="Hi.")
    _, page = make_report(runner, str(path), "-o", "page.html")
    raw = (in_tmp / "page.html").read_text(encoding="utf-8")
    lint = json.loads(runner.invoke(app, ["lint", str(path), "-f", "json"]).output)
    rules = {f["rule"] for f in lint["diagnostics"]}
    assert "short-description" in rules
    for rule in rules:
        assert f"rule-{rule}" in page.ids
    short = raw.split('id="rule-short-description"', 1)[1].split("</section>", 1)[0]
    tile = next(t for t in page.tiles if "search_orders" in t["aria-label"])
    assert f'href="#{tile["id"]}">request/search_orders</a>' in short
    assert "## What it does" not in short and "What it does" in short  # the rule's doc
    assert tile["aria-label"].endswith(" tokens, loaded, 1 finding")


def test_recommendation_shows_the_kept_tools_and_the_basis(runner: CliRunner, in_tmp: Path) -> None:
    path = shop_request(in_tmp)
    recommend = json.loads(runner.invoke(app, ["recommend", str(path), "-f", "json"]).output)
    _, page = make_report(runner, str(path), "-o", "page.html")
    text = page.all_text
    assert "Basis: heuristic, no usage: estimate." in text
    after = f"{recommend['upfront_before']:,} → {recommend['upfront_after']:,}"
    assert f"Upfront tokens {after}" in text
    kept = text.split("Recommendation: what to keep loaded", 1)[1].split("Lint findings", 1)[0]
    for name in recommend["keep"]:
        assert name in kept


def test_usage_evidence_is_the_basis_when_given(runner: CliRunner, in_tmp: Path) -> None:
    path = shop_request(in_tmp)
    (in_tmp / "counts.csv").write_text("refund_payment,13\n", encoding="utf-8")
    recommend = runner.invoke(app, ["recommend", str(path), "--usage", "counts.csv", "-f", "json"])
    chosen = json.loads(recommend.output)
    basis = chosen["confidence"]
    refund = next(t for t in chosen["tools"] if t["name"] == "refund_payment")
    assert "13 calls" in basis
    _, page = make_report(runner, str(path), "--usage", "counts.csv", "-o", "page.html")
    text = page.all_text
    assert f"Basis: {basis}." in text
    kept = text.split("Recommendation: what to keep loaded", 1)[1].split("Lint findings", 1)[0]
    row = f"{refund['rank']}refund_payment request{refund['tokens']:,}13called 13 times"
    assert row in kept.replace("\n", "")


def test_findability_says_why_a_tool_kept_for_apps_is_never_found(
    runner: CliRunner, in_tmp: Path
) -> None:
    """From 2.1.280 Claude Code neither lists nor searches an app-only tool: the page's
    self-check still counts it as missed, and says why, as eval --self's note does."""
    reason = (
        'app/fetch_labels: not found: kept for apps (_meta.ui.visibility without "model"): '
        "Claude Code neither lists nor searches it"
    )
    for version, hides in (("2.1.332", True), ("2.1.278", False)):
        args = ("--target", "claude-code", "--claude-code-version", version)
        _, page = make_report(runner, *args, str(APP_ONLY), "-o", f"{version}.html")
        misses = page.all_text.split("Not found in the top 5", 1)[-1]
        assert (reason in misses) == hides
        assert ("app/fetch_labels: not found" in misses) == hides
    _, page = make_report(runner, str(APP_ONLY), "-o", "api.html")  # the API searches it
    assert "kept for apps" not in page.all_text


def test_findability_lists_the_tools_search_misses(runner: CliRunner, in_tmp: Path) -> None:
    same: list[dict[str, Any]] = [
        {
            "name": n,
            "description": "Read a file.",
            "input_schema": {"type": "object"},
            "defer_loading": True,
        }
        for n in ("read_file", "readFile", "read-file", "file_read", "ReadFile", "read.file")
    ]
    others = [tool(name, description, args, defer_loading=True) for name, description, args in SHOP]
    search = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    body = {"model": "claude-sonnet-4-5", "max_tokens": 9, "tools": [search, *same, *others]}
    path = write_json(in_tmp / "request.json", body)
    evaluation = json.loads(runner.invoke(app, ["eval", "--self", str(path), "-f", "json"]).output)
    _, page = make_report(runner, str(path), "-o", "page.html")
    text = page.all_text
    searched = len(same) + len(others)
    missed = {m["expected"][0]: m["ranks"][0] for m in evaluation["misses"]}
    assert missed, "the fixture must have a tool its own words do not find"
    assert f"{searched - len(missed)} of {searched}" in text
    misses = text.split("Not found in the top 5", 1)[1].split("Made by toolsearch", 1)[0]
    shown = [line for line in misses.splitlines() if line.strip()]
    assert shown == [f"{key}: rank {rank}" for key, rank in missed.items()]


def test_a_large_scope_self_checks_an_even_sample_and_says_so(
    runner: CliRunner, in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past SELF_CHECK_SAMPLE searched tools the page checks an even sample (each searched among
    all, so its rank is the one eval --self gives it) and says so."""
    import toolsearch.page_run

    monkeypatch.setattr(toolsearch.page_run, "SELF_CHECK_SAMPLE", 4)
    path = shop_request(in_tmp, deferred_from=0)
    full = json.loads(runner.invoke(app, ["eval", "--self", str(path), "-f", "json"]).output)
    _, page = make_report(runner, str(path), "-o", "page.html")
    text = page.all_text
    searched = len(SHOP)
    assert f"of 4 (a sample of the {searched})" in text
    assert "checked on 4 of them, spread evenly" in text
    missed = {m["expected"][0] for m in full["misses"]}
    shown = text.split("Self-check per scope", 1)[1]
    checked = [searched * index // 4 for index in range(4)]
    names = [SHOP[index][0] for index in checked]
    found = sum(1 for name in names if f"request/{name}" not in missed)
    assert f"{found} of 4 (a sample" in shown


def test_evenly_keeps_the_order_and_spreads_the_choice() -> None:
    from toolsearch.retrieval.evaluation import evenly

    assert evenly(list(range(10)), 20) == list(range(10))
    assert evenly(list(range(10)), 5) == [0, 2, 4, 6, 8]
    assert evenly(list(range(7)), 3) == [0, 2, 4]
    assert len(evenly(list(range(10_000)), 1_000)) == 1_000


def test_baseline_shows_what_changed_per_tool(runner: CliRunner, in_tmp: Path) -> None:
    path = shop_request(in_tmp)
    saved = runner.invoke(app, ["budget", str(path), "-f", "json"]).output
    (in_tmp / "old.json").write_text(saved, encoding="utf-8")
    before = {t["name"]: t["tokens"] for t in json.loads(saved)["tools"]}
    shop_request(in_tmp, description="Search orders. " + "Much longer words here. " * 20)
    after = json.loads(runner.invoke(app, ["budget", str(path), "-f", "json"]).output)
    now = {t["name"]: t["tokens"] for t in after["tools"]}
    _, page = make_report(runner, str(path), "--baseline", "old.json", "-o", "page.html")
    assert "changes" in page.ids
    text = page.all_text.split("Changes since the baseline", 1)[1]
    change = now["search_orders"] - before["search_orders"]
    row = f"search_ordersrequestchanged{before['search_orders']:,}{now['search_orders']:,}"
    assert f"{row}+{change:,}loaded" in text.replace("\n", "")
    tile = next(t for t in page.tiles if t["aria-label"].startswith("search_orders "))
    changes = (in_tmp / "page.html").read_text(encoding="utf-8").split('id="changes"', 1)[1]
    assert f'<a href="#{tile["id"]}">search_orders</a>' in changes


def test_mode_chooses_the_self_checks_search(runner: CliRunner, in_tmp: Path) -> None:
    path = shop_request(in_tmp)
    _, default = make_report(runner, str(path), "-f", "html", "-o", "bm25.html")
    _, chosen = make_report(runner, str(path), "-m", "claude-code", "-o", "code.html")
    assert "requestdeferred toolsbm259 of 9" in default.all_text.replace("\n", "")
    assert "requestdeferred toolsclaude-code" in chosen.all_text.replace("\n", "")


def test_the_target_changes_what_is_deferred(runner: CliRunner, in_tmp: Path) -> None:
    server = {"tools": [_mcp(tool(n, d, a)) for n, d, a in SHOP]}
    path = write_json(in_tmp / "shop.json", server)
    _, api = make_report(runner, str(path), "-o", "api.html")
    _, code = make_report(runner, str(path), "--target", "claude-code", "-o", "code.html")
    assert {t["class"].split()[1] for t in api.tiles} == {"loaded"}
    assert {t["class"].split()[1] for t in code.tiles} == {"deferred"}


def _mcp(entry: dict[str, Any]) -> dict[str, Any]:
    """An Anthropic tool as an MCP tools/list entry."""
    return {
        "name": entry["name"],
        "description": entry["description"],
        "inputSchema": entry["input_schema"],
    }


def test_a_live_server_is_a_source(runner: CliRunner, in_tmp: Path) -> None:
    pytest.importorskip("mcp")
    from tests.live_helpers import stdio_command

    command = stdio_command("--plain", name="live")
    budget = runner.invoke(app, ["budget", "--mcp-command", command, "-f", "json"])
    assert budget.exit_code == 0, budget.stderr
    tools = json.loads(budget.stdout)["tools"]
    result = runner.invoke(app, ["report", "--mcp-command", command, "-o", "page.html"])
    assert result.exit_code == 0, result.stderr
    assert "toolsearch: starting MCP server 'live'" in result.stderr
    page = Page((in_tmp / "page.html").read_text(encoding="utf-8"))
    assert sorted(t["aria-label"].split(" (")[0] for t in page.tiles) == sorted(
        t["name"] for t in tools
    )


# --- sizes and real catalogs ---------------------------------------------------------------------


@needs_shared
@pytest.mark.slow
def test_all_shared_catalogs_in_one_page_under_1_mb(runner: CliRunner, in_tmp: Path) -> None:
    _, page = make_report(runner, str(CATALOGS), "-o", "page.html")
    budget = json.loads(runner.invoke(app, ["budget", str(CATALOGS), "-f", "json"]).output)
    assert len(page.tiles) == len(budget["tools"]) == 307
    assert (in_tmp / "page.html").stat().st_size < 1_000_000


@needs_shared
@pytest.mark.parametrize("path", shared_catalogs(), ids=lambda p: p.stem)
def test_each_shared_catalog_alone(runner: CliRunner, in_tmp: Path, path: Path) -> None:
    _, page = make_report(runner, str(path), "-o", "page.html")
    tools = json.loads(path.read_text(encoding="utf-8"))["tools"]
    assert len(page.tiles) == len(tools)


@needs_shared
@pytest.mark.slow
def test_findability_agrees_with_eval_self(runner: CliRunner, in_tmp: Path) -> None:
    # the two servers whose self-check misses a tool under Claude Code's search (all 19 agree
    # too, in four times the time)
    args = [str(CATALOGS / "git.json"), str(CATALOGS / "github.json"), "--target", "claude-code"]
    evaluation = json.loads(runner.invoke(app, ["eval", "--self", *args, "-f", "json"]).output)
    assert evaluation["misses"]  # the comparison below has something to compare
    missed = {m["expected"][0]: m["ranks"][0] for m in evaluation["misses"]}
    _, page = make_report(runner, *args, "-o", "page.html")
    text = page.all_text.split("Not found in the top 5", 1)[1].split("Notes", 1)[0]
    shown = [line for line in text.splitlines() if line.strip()]
    # a tool eval finds at no rank is "not found"; GitHub's ui_get, hidden from the model, says why
    expected = [f"{k}: rank {r}" if r is not None else f"{k}: not found" for k, r in missed.items()]
    expected = [f"{e}: {KEPT_FOR_APPS}" if e == "github/ui_get: not found" else e for e in expected]
    assert sorted(shown) == sorted(expected)
    checked = evaluation["modes"]["claude-code"]["cases"]
    assert f"{checked - len(missed)} of {checked}" in page.all_text


@pytest.mark.slow
def test_a_1000_tool_catalog_under_1_mb(runner: CliRunner, in_tmp: Path) -> None:
    path = write_json(in_tmp / "big.json", generated_request(1000))
    _, page = make_report(runner, str(path), "-o", "page.html")
    tools = [t for t in page.tiles if t["id"].startswith("tile-")]
    assert len(tools) >= TOOLS_SHOWN  # the costliest, and any tool kept loaded
    assert len(tools) < 1000 and any(t["id"].startswith("rest-tile-") for t in page.tiles)
    assert (in_tmp / "page.html").stat().st_size < 1_000_000


def _tokens(tiles: list[dict[str, str]]) -> int:
    return sum(int(t["data-tokens"]) for t in tiles)


def test_past_a_size_the_costliest_tools_are_shown_and_the_rest_summed(
    runner: CliRunner, in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past TOOLS_SHOWN tools the page shows the costliest one by one, sums the others per
    source (tile and row), says so, and keeps every count over all tools."""
    import toolsearch.page_run

    monkeypatch.setattr(toolsearch.page_run, "TOOLS_SHOWN", 10)
    path = write_json(in_tmp / "big.json", generated_request(60))
    budget = json.loads(runner.invoke(app, ["budget", str(path), "-f", "json"]).output)
    lint = json.loads(runner.invoke(app, ["lint", str(path), "-f", "json"]).output)
    _, page = make_report(runner, str(path), "-o", "page.html")
    text = " ".join(page.all_text.split())
    tools = [t for t in page.tiles if t["id"].startswith("tile-")]
    rests = [t for t in page.tiles if t["id"].startswith("rest-tile-")]
    shown = len(tools)
    assert 10 <= shown < 60 and rests
    assert f"Showing {shown} of 60 tools one by one" in text
    assert f"the other {60 - shown} are summed per source" in text
    costliest = sorted(budget["tools"], key=lambda row: -row["tokens"])[:10]
    labels = {t["aria-label"].split(" (", 1)[0] for t in tools}
    assert {row["name"] for row in costliest} <= labels
    # every tool's tokens are on the map: the shown tiles and the sums
    assert abs(_tokens(tools) + _tokens(rests) - sum(r["tokens"] for r in budget["tools"])) <= 60
    assert f"Findings ({len(lint['diagnostics'])})" in text
    assert {h[1:] for h in page.hrefs} <= page.ids  # every link has its target
    assert {t["href"][1:] for t in rests} <= {i for i in page.ids if i.startswith("rest-")}


def test_past_a_size_the_page_grows_no_more(
    runner: CliRunner, in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four times the tools, past TOOLS_SHOWN and LIST_SHOWN: the page is about the same size."""
    import toolsearch.page_run
    import toolsearch.report.html_page

    monkeypatch.setattr(toolsearch.page_run, "TOOLS_SHOWN", 10)
    monkeypatch.setattr(toolsearch.report.html_page, "LIST_SHOWN", 5)
    sizes = []
    for count in (50, 200):
        path = write_json(in_tmp / f"big-{count}.json", generated_request(count))
        make_report(runner, str(path), "-o", f"page-{count}.html")
        sizes.append((in_tmp / f"page-{count}.html").stat().st_size)
    assert sizes[1] < 1.1 * sizes[0]
    text = (in_tmp / "page-200.html").read_text(encoding="utf-8")
    assert "more (<code>toolsearch lint</code> lists them all)" in text


def test_other_commands_do_not_load_the_page_libraries() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "toolsearch", "budget", str(EXAMPLE)],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert "toolsearch.app" in loaded
    assert not loaded & {"jinja2", "squarify", "markupsafe", "toolsearch.report.html_page"}


# --- the treemap's geometry ----------------------------------------------------------------------


def test_squarified_areas_are_proportional_and_fill_the_box() -> None:
    weights = [500.0, 120.0, 120.0, 60.0, 7.0, 1.0, 0.0]
    box = Rect(10.0, 20.0, 160.0, 100.0)
    placed = squarified(weights, lambda w: w, box)
    assert [p.item for p in placed] == sorted(weights, reverse=True)
    total = sum(p.rect.area for p in placed)
    assert total == pytest.approx(box.area)
    for p in placed:
        assert p.rect.area == pytest.approx(box.area * p.item / sum(weights), abs=1e-3)
        assert box.x - 1e-6 <= p.rect.x and p.rect.x + p.rect.width <= box.x + box.width + 1e-6
        assert box.y - 1e-6 <= p.rect.y and p.rect.y + p.rect.height <= box.y + box.height + 1e-6


def test_squarified_nothing_to_lay_out() -> None:
    assert squarified([], lambda w: w, Rect(0, 0, 1, 1)) == []
