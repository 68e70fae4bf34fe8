"""The ranking, the heuristic and how many tools to keep, without the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.catalogs import SHOP, mcp_tools, request, shop_tools, write_json
from toolsearch.catalog.inputs import load_inputs
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.recommend.heuristic import read_only
from toolsearch.recommend.reach import reach
from toolsearch.recommend.recommend import (
    ConstraintError,
    Options,
    Ranked,
    Recommendation,
    default_count,
    recommend,
)
from toolsearch.recommend.usage import match_usage
from toolsearch.recommend.usage_read import read_usage


def run(paths: list[str], usage: list[str] | None = None, **options: Any) -> Recommendation:
    inputs = load_inputs(paths, Config())
    report = None
    if usage:
        report = match_usage(read_usage(usage), inputs.catalog.tools)
    return recommend(inputs.catalog, inputs.documents, Config(), Options(**options), report)


@pytest.fixture
def shop(tmp_path: Path) -> str:
    return str(write_json(tmp_path / "shop.json", request(shop_tools())))


def test_heuristic_without_usage(shop: str) -> None:
    result = run([shop])
    (choice,) = result.scopes
    ranked = {r.tool.name: r for r in choice.ranked}
    assert {r.tool.name for r in choice.kept} == {"list_customers", "search_orders", "get_invoice"}
    assert ranked["search_orders"].reasons[:2] == (
        "read-only by its name ('search')",
        "entry point ('search' finds what other tools act on)",
    )
    assert ranked["get_invoice"].reasons[0] == "read-only by its name ('get')"
    assert any(r.startswith("costs ") and "tokens (" in r for r in ranked["create_order"].reasons)
    # Points: read-only 2 + entry point 1 + cheapness 0-2 + reach 0-2; write tools earn only
    # cheapness and reach.
    assert ranked["search_orders"].score >= 3
    assert all(ranked[n].score <= 4 for n, _, _ in SHOP[3:])
    assert all(r.reasons[-1].endswith("of 12 typical intents") for r in choice.ranked)
    assert choice.deferral and choice.adds_search
    assert result.upfront_after < result.upfront_before


def test_annotations_win_over_the_name(tmp_path: Path) -> None:
    names = ["get_secret", "frobnicate", *[f"change_{i}" for i in range(10)]]
    catalog = mcp_tools(names, read_only=("frobnicate",))
    catalog["tools"][0]["annotations"]["readOnlyHint"] = False
    path = write_json(tmp_path / "repo.json", catalog)
    inputs = load_inputs([str(path)], Config())
    tools = {t.name: t for t in inputs.catalog.tools}
    assert read_only(tools["get_secret"]) is None
    signal = read_only(tools["frobnicate"])
    assert signal is not None and signal.reason == "read-only (annotations.readOnlyHint)"


def test_usage_comes_first(shop: str, tmp_path: Path) -> None:
    table = tmp_path / "counts.csv"
    table.write_text("name,count\nrefund_payment,14\nsend_invoice,3\n")
    lines = [
        json.dumps(
            {
                "type": "assistant",
                "sessionId": session,
                "uuid": f"u{i}",
                "message": {
                    "role": "assistant",
                    "content": [{"type": "tool_use", "id": f"t{i}", "name": "cancel_order"}],
                },
            }
        )
        for i, session in enumerate(["a", "a", "b"])
    ]
    transcript = tmp_path / "s.jsonl"
    transcript.write_text("\n".join(lines))
    result = run([shop], [str(table), str(transcript)])
    (choice,) = result.scopes
    order = [r.tool.name for r in choice.ranked]
    assert order[:3] == ["refund_payment", "cancel_order", "send_invoice"]
    ranked = {r.tool.name: r for r in choice.ranked}
    assert ranked["refund_payment"].reasons[0] == "called 14 times (usage table)"
    assert ranked["cancel_order"].reasons[0] == "called 3 times in 2 sessions"
    assert ranked["search_orders"].reasons[0] == "never called in the usage evidence"
    # score = calls + points / 10: calls decide, the heuristic orders equal calls
    assert 14 <= ranked["refund_payment"].score < 15
    assert ranked["search_orders"].score < 1
    assert {r.tool.name for r in choice.kept} == {"refund_payment", "cancel_order", "send_invoice"}


def test_tool_choice_and_messages(tmp_path: Path) -> None:
    body = request(
        shop_tools(),
        tool_choice={"type": "tool", "name": "export_report"},
        messages=[
            {"role": "user", "content": "refund it"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": "sync_inventory"}],
            },
        ],
    )
    path = write_json(tmp_path / "req.json", body)
    (choice,) = run([str(path)]).scopes
    ranked = {r.tool.name: r for r in choice.ranked}
    assert ranked["export_report"].kept
    assert ranked["export_report"].reasons[0] == "named by tool_choice: must stay loaded"
    assert "called in the request's messages (once)" in ranked["sync_inventory"].reasons


def test_keep_and_pin(shop: str) -> None:
    (choice,) = run([shop], keep=4, pins=("shop/export_report",)).scopes
    kept = [r.tool.name for r in choice.kept]
    assert len(kept) == 4 and "export_report" in kept
    assert {r.tool.name for r in choice.ranked if r.pinned} == {"export_report"}
    assert "pinned with --pin" in next(r for r in choice.ranked if r.pinned).reasons
    result = run([shop], keep=7)
    assert len(result.scopes[0].kept) == 7
    assert result.warnings and "--keep 7" in result.warnings[0]
    with pytest.raises(ConstraintError, match="2 tools must stay loaded"):
        run([shop], keep=1, pins=("export_report", "sync_inventory"))
    with pytest.raises(ConstraintError, match="has 12 tools; --keep 13 cannot be met"):
        run([shop], keep=13)
    with pytest.raises(UsageError, match="at least one tool stays loaded"):
        run([shop], keep=0)
    with pytest.raises(UsageError, match=r"unknown tool 'export_reprot'.*export_report"):
        run([shop], pins=("export_reprot",))


def test_ambiguous_pin(tmp_path: Path) -> None:
    a = write_json(tmp_path / "a.json", shop_tools())
    b = write_json(tmp_path / "b.json", shop_tools())
    with pytest.raises(UsageError, match="ambiguous"):
        run([str(a), str(b)], pins=("get_invoice",))
    result = run([str(a), str(b)], pins=("b/export_report",))
    assert "b/export_report" in result.keep_names
    assert "a/export_report" not in result.keep_names
    assert len(result.scopes) == 2
    assert result.upfront_before == sum(round(s.before.totals.upfront) for s in result.scopes)
    assert result.upfront_after == sum(round(s.after.totals.upfront) for s in result.scopes)
    # the same names kept in two sources are shown as source/name
    assert all("/" in name for name in result.keep_names)


def test_max_upfront(shop: str) -> None:
    free = run([shop]).scopes[0]
    assert len(free.kept) == 3
    one_tool = round(free.after.totals.upfront) - sum(r.tokens for r in free.kept[1:])
    result = run([shop], max_upfront=int(one_tool) + 5)
    (choice,) = result.scopes
    assert len(choice.kept) < 3
    assert round(choice.after.totals.upfront) <= one_tool + 5
    assert any("fewer than 3" in n for n in choice.notes)
    with pytest.raises(ConstraintError, match=r"over --max-upfront 900; raise --max-upfront"):
        run([shop], max_upfront=900)
    with pytest.raises(ConstraintError, match="keeping only the pinned tools"):
        run([shop], max_upfront=int(one_tool) - 60, pins=("export_report",))
    with pytest.raises(ConstraintError, match="lower --keep or raise --max-upfront"):
        run([shop], keep=5, max_upfront=int(one_tool) + 5)


def test_fewer_than_ten_tools(tmp_path: Path) -> None:
    path = write_json(tmp_path / "small.json", request(shop_tools(9)))
    (choice,) = run([str(path)]).scopes
    assert not choice.deferral
    assert all(r.kept for r in choice.ranked)
    assert choice.after.totals.upfront == choice.before.totals.upfront
    assert "9 tools: below 10, tool search does not pay" in choice.notes[0]


def test_deferral_that_does_not_pay(tmp_path: Path) -> None:
    tiny = [{"name": f"t{i}", "input_schema": {"type": "object"}} for i in range(12)]
    path = write_json(tmp_path / "tiny.json", tiny)
    (choice,) = run([str(path)]).scopes
    assert not choice.deferral
    assert "deferral does not pay here" in choice.notes[0]


def _ranked(name: str, points: float, tokens: float, rank: int, calls: int | None = None) -> Any:
    from toolsearch.catalog.model import Location, Tool

    tool = Tool(name, "s", "s", Location("f", ""), None, {}, {}, "anthropic", False, name, None)
    return Ranked(tool, rank, points, points, tokens, (), calls)


def test_how_many_beyond_three() -> None:
    # 4th as strong as the 3rd and at most the median cost: kept; 5th costlier: stops.
    ranked = [
        _ranked("a", 5, 100, 1),
        _ranked("b", 5, 100, 2),
        _ranked("c", 4, 100, 3),
        _ranked("d", 4, 100, 4),
        _ranked("e", 4, 900, 5),
        _ranked("f", 0, 900, 6),
        _ranked("g", 0, 900, 7),
    ]
    assert [r.tool.name for r in default_count([], ranked)] == ["a", "b", "c", "d"]
    weaker = [*ranked[:3], _ranked("d", 3, 50, 4), *ranked[4:]]
    assert len(default_count([], weaker)) == 3
    used = [
        _ranked("a", 0, 100, 1, calls=10),
        _ranked("b", 0, 100, 2, calls=9),
        _ranked("c", 0, 100, 3, calls=8),
        _ranked("d", 0, 100, 4, calls=4),
        _ranked("e", 0, 100, 5, calls=4),
        _ranked("f", 0, 100, 6, calls=1),
    ]
    assert len(default_count([], used)) == 5  # 4 calls is half of the 3rd's 8
    assert len(default_count([], [*used[:3], _ranked("d", 9, 10, 4, calls=3)])) == 3


def test_reach_counts_intents_that_bring_a_tool_up(shop: str) -> None:
    scope = load_inputs([shop], Config()).catalog.scopes[0]
    counts, ran = reach(scope, ["refund the payment to the card", "x" * 501])
    assert ran == 1  # a query over the API's 500 characters is no intent a user could send
    assert counts[("shop", "refund_payment")] == 1
    assert sum(counts.values()) == 1  # BM25 returns only tools that hold a query word
    own, ran = reach(scope)
    assert ran == 12
    assert sum(own.values()) <= 12 * 4  # each tool's own words never count for itself
    result = run([shop], intents=("refund the payment to the card",) * 3)
    ranked = {r.tool.name: r for r in result.scopes[0].ranked}
    assert "reached by 3 of 3 typical intents" in ranked["refund_payment"].reasons


def test_central_object_signal_prefers_what_the_server_is_built_around() -> None:
    from toolsearch.catalog.model import Location, Tool
    from toolsearch.recommend.heuristic import central_object, object_counts

    def tool(name: str) -> Tool:
        raw = {"name": name, "description": "d", "input_schema": {"type": "object"}}
        return Tool(
            name,
            "s",
            "s",
            Location("f", "/0"),
            "d",
            raw["input_schema"],
            raw,
            "anthropic",
            True,
            name,
            "d",
        )

    names = [
        "list_issues",
        "get_issue",
        "update_issue",
        "close_issue",
        "list_widgets",
        "svc_ping",
        "svc_status",
        "svc_health",
        "svc_version",
        "svc_info",
    ]
    tools = [tool(n) for n in names]
    counts = object_counts(tools)
    assert counts["issu"] == 4 and counts["widget"] == 1
    assert central_object(tools[0], counts) == ("issues", 4)
    assert central_object(tools[4], counts) == ("widgets", 1)
    assert "svc" in counts  # 5 of 10 names: under the 60% prefix cut
