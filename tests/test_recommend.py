"""The ranking, the heuristic and how many tools to keep, without the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.catalogs import mcp_tools, request, shop_tools, write_json
from toolsearch.catalog.inputs import load_inputs
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.recommend.heuristic import action
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

REACHED = re.compile(r"reached by (\d+) of \d+ typical intents")


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
    kept = [r.tool.name for r in choice.kept]
    assert kept[:3] == ["search_orders", "create_order", "get_invoice"]
    assert ranked["search_orders"].reasons[0] == (
        "finds or opens ('search'): agents look far more often than they change"
    )
    assert ranked["create_order"].reasons[0] == "does the server's work ('create')"
    assert ranked["delete_order"].reasons[0] == "administration ('delete'): rarely called"
    # one per action: the second finding tool pays a point
    assert "after 1 other finding tool: -1" in ranked["list_customers"].reasons
    # cost is never a reason to keep
    assert not any("tokens" in r for r in ranked["search_orders"].reasons)
    assert all(
        r.reasons[-1].endswith("of 12 typical intents")
        or "after" in r.reasons[-1]
        or r.reasons[-1].startswith(("its action", "does", "administration"))
        for r in choice.ranked
    )
    assert choice.deferral and choice.adds_search
    assert result.upfront_after < result.upfront_before


def test_annotations_decide_an_unknown_verb(tmp_path: Path) -> None:
    names = ["get_secret", "frobnicate", *[f"change_{i}" for i in range(10)]]
    catalog = mcp_tools(names, read_only=("frobnicate",))
    catalog["tools"][1]["description"] = "Frobnicates the widgets."
    path = write_json(tmp_path / "repo.json", catalog)
    inputs = load_inputs([str(path)], Config())
    tools = {t.name: t for t in inputs.catalog.tools}
    signal = action(tools["frobnicate"])
    assert signal.reason.startswith("reads (read-only by annotations.readOnlyHint)")
    assert action(tools["get_secret"]).reason.startswith("reads ('get')")


def _mcp(tmp_path: Path, tools: list[dict[str, Any]]) -> list[Any]:
    path = write_json(tmp_path / "server.json", {"tools": tools})
    (choice,) = run([str(path)], keep=3).scopes
    return list(choice.ranked)


def _t(name: str, description: str, required: tuple[str, ...] = ("x",)) -> dict[str, Any]:
    schema = {"type": "object", "properties": {r: {"type": "string"} for r in required}}
    return {
        "name": name,
        "description": description,
        "inputSchema": {**schema, "required": list(required)},
    }


def test_principles_on_a_made_up_server(tmp_path: Path) -> None:
    """Variants, deprecation, entry points and listing order, on names no real server has."""
    tools = [
        _t("zorb_fetch", "Fetch a zorb. DEPRECATED: use zorb_fetch_full instead."),
        _t("zorb_fetch_full", "Fetch a zorb with all its fields."),
        _t("zorb_list", "List zorbs."),
        _t("zorb_list_with_sizes", "List zorbs with their sizes."),
        _t("zorb_open", "Open the workspace that every zorb tool acts on.", ("workspace",)),
        _t("zorb_write", "Write a zorb. Take its id from zorb_list."),
        _t("zorb_tag", "Tag a zorb; ids come from zorb_list."),
        _t("zorb_delete", "Delete a zorb; ids come from zorb_list."),
        _t("zorb_resize", "Resize a zorb."),
        _t("zorb_status", "Status of the server.", ()),
    ]
    ranked = {r.tool.name: r for r in _mcp(tmp_path, tools)}
    reasons = {n: "; ".join(r.reasons) for n, r in ranked.items()}
    assert "deprecated (its description says so)" in reasons["zorb_fetch"]
    assert "variant" not in reasons["zorb_fetch_full"]  # the named replacement
    assert "a variant of zorb_list: one per family" in reasons["zorb_list_with_sizes"]
    assert "named by 3 other tools: its results feed them" in reasons["zorb_list"]
    assert "a place to start (opens what other tools act on)" in reasons["zorb_open"]
    assert "listed early by its author (1 of 10)" in reasons["zorb_fetch"]
    assert ranked["zorb_fetch_full"].rank < ranked["zorb_fetch"].rank
    assert ranked["zorb_list"].rank < ranked["zorb_list_with_sizes"].rank
    top = [n for n, r in sorted(ranked.items(), key=lambda item: item[1].rank)][:3]
    assert set(top) == {"zorb_list", "zorb_fetch_full", "zorb_open"} or "zorb_write" in top
    assert ranked["zorb_delete"].rank > ranked["zorb_write"].rank


def test_http_method_names_take_the_action_after_the_method(tmp_path: Path) -> None:
    tools = [_t("API-post-search", "Notion | Search by title"), _t("API-post-page", "Create")]
    tools += [_t(f"API-patch-thing-{c}", "Notion | Update") for c in "abcdefghi"]
    ranked = {r.tool.name: r for r in _mcp(tmp_path, tools)}
    assert ranked["API-post-search"].reasons[0].startswith("finds or opens ('search')")
    assert ranked["API-post-page"].reasons[0] == "does the server's work ('post')"


def test_alphabetical_listing_says_nothing(tmp_path: Path) -> None:
    tools = [_t(f"{c}_thing", f"Frob the {c} thing.") for c in "abcdefghijk"]
    assert not any("listed early" in r for x in _mcp(tmp_path, tools) for r in x.reasons)


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
    assert order[:3] == ["refund_payment", "send_invoice", "cancel_order"]  # a tie: work first
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
    assert len(free.kept) >= 3
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
    refund = next(t for t in scope.tools if t.name == "refund_payment")
    assert counts[(refund.location.file, refund.location.pointer)] == 1
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


def test_tools_of_one_name_keep_their_own_figures(tmp_path: Path) -> None:
    """Twenty tools named alike are twenty tools: each its own cost and reach."""
    tools = [
        {
            "name": "same_name",
            "description": f"Do thing number {i} with a widget." + " More words." * i,
            "input_schema": {"type": "object"},
        }
        for i in range(20)
    ]
    path = tmp_path / "dup.json"
    path.write_text(json.dumps({"tools": tools}))
    result = run([str(path)])
    ranked = result.scopes[0].ranked
    assert len({r.tokens for r in ranked}) > 10  # not one figure for all
    reached = [int(m.group(1)) for r in ranked for why in r.reasons if (m := REACHED.search(why))]
    assert all(n <= 20 for n in reached)  # never "reached by 80 of 20"
