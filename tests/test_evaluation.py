"""Eval core: cases files, metrics against hand-computed values, always-loaded tools, --self,
--held-out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from toolsearch.errors import InputError, UsageError
from toolsearch.retrieval.cases import Case, load_cases
from toolsearch.retrieval.evaluation import (
    KS,
    NO_DESCRIPTION,
    Evaluator,
    description_query,
    metrics,
    run_held_out,
    run_self,
    self_query,
)
from toolsearch.retrieval.library import as_catalog

SMALL = FIXTURES / "eval" / "small.json"
CASES = FIXTURES / "eval" / "small.jsonl"


def test_metrics_match_hand_computed_values() -> None:
    catalog = as_catalog(SMALL)
    evaluator = Evaluator(catalog)
    outcomes = [evaluator.run(case, "bm25") for case in load_cases(CASES)]
    # a: rank 2; b: rank 1; c: ranks 1 and none; d: none
    assert [o.ranks for o in outcomes] == [(2,), (1,), (1, None), (None,)]
    found = metrics(outcomes, KS)
    assert found.cases == 4
    assert found.recall[1] == pytest.approx((0 + 1 + 0.5 + 0) / 4)
    assert found.recall[3] == pytest.approx((1 + 1 + 0.5 + 0) / 4)
    assert found.recall[5] == found.recall[10] == pytest.approx(0.625)
    assert found.hit5 == pytest.approx(3 / 4)
    assert found.mrr == pytest.approx((1 / 2 + 1 + 1 + 0) / 4)


def test_cases_in_jsonl_json_and_yaml(tmp_path: Path) -> None:
    jsonl = load_cases(CASES)
    assert [c.id for c in jsonl] == ["a", "b", "c", "d"]
    assert jsonl[2].expected == ("weather_alerts", "small/stock_price")
    as_json = tmp_path / "cases.json"
    as_json.write_text(json.dumps([{"query": "q", "expected": ["t"], "id": 7}]))
    assert load_cases(as_json) == [Case("7", "q", ("t",), None, f"{as_json}: case 1")]
    yaml_cases = load_cases(FIXTURES / "eval" / "small-regex.yaml")
    assert [c.mode for c in yaml_cases] == ["regex"] * 3
    assert yaml_cases[2].id == "case-3"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"expected": "x"}\n{"query": "q", "expected": "x"}\n', "'query' must be a string"),
        ('{"query": "q", "expected": []}\n{"query": "q", "expected": "x"}\n', "'expected' must"),
        (
            '{"query": "q", "expected": "x", "mode": "fuzzy"}\n{"query": "q", "expected": "x"}\n',
            "'mode' must be bm25, regex, claude-code or hybrid",
        ),
        ('{"query": "q", "expected": "x"}\n{"query": \n', "cases.jsonl:2:"),
        ("", "file is empty"),
    ],
)
def test_bad_cases_name_the_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_text(text)
    with pytest.raises(InputError) as error:
        load_cases(path)
    assert message in str(error.value) and "cases.jsonl" in str(error.value)


def test_unknown_or_ambiguous_expected_tool_is_a_usage_error() -> None:
    evaluator = Evaluator(as_catalog(SMALL))
    with pytest.raises(UsageError) as error:
        evaluator.run(Case("x", "weather", ("weather_alert",), where="c.jsonl:1"), "bm25")
    assert "unknown tool" in str(error.value) and 'did you mean "weather_alerts"' in str(
        error.value
    )


def test_loaded_expected_tool_counts_at_rank_one_when_only_deferred_are_searched() -> None:
    request = {
        "model": "claude-sonnet-4-5",
        "tools": [
            {"name": "search_docs", "description": "Search docs.", "input_schema": {}},
            {
                "name": "get_weather",
                "description": "Weather.",
                "input_schema": {},
                "defer_loading": True,
            },
        ],
    }
    catalog = as_catalog(request)
    outcome = Evaluator(catalog).run(Case("x", "kubernetes", ("search_docs",)), "bm25")
    assert outcome.ranks == (1,) and [t.name for t in outcome.always_loaded] == ["search_docs"]
    # with --all every tool is ranked, so the loaded tool must be found by the search
    outcome = Evaluator(catalog, all_tools=True).run(
        Case("x", "kubernetes", ("search_docs",)), "bm25"
    )
    assert outcome.ranks == (None,) and outcome.always_loaded == ()


def test_regex_case_errors_are_misses() -> None:
    evaluator = Evaluator(as_catalog(SMALL))
    outcome = evaluator.run(Case("x", "weather_(", ("weather_alerts",)), "regex")
    assert outcome.ranks == (None,)
    assert outcome.error is not None and "invalid_tool_input" in outcome.error


def test_self_query_and_self_check() -> None:
    catalog = as_catalog(SMALL)
    scope = catalog.scopes[0]
    assert self_query(scope.tools[0]) == "weather forecast Weather forecast for a city."
    outcomes = run_self(Evaluator(catalog), scope)
    assert [o.ranks for o in outcomes] == [(1,), (1,), (1,)]
    long = as_catalog([{"name": "x_tool", "description": "word " * 200, "input_schema": {}}])
    assert len(self_query(long.scopes[0].tools[0])) <= 500


def test_held_out_searches_descriptions_among_names_and_arguments() -> None:
    catalog = as_catalog(
        [
            {"name": "get_weather", "description": "Forecast for a city.", "input_schema": {}},
            {
                "name": "forecast_tides",
                "description": "High and low water times.",
                "input_schema": {"properties": {"city": {"type": "string"}}},
            },
            {"name": "ping", "input_schema": {}},
        ]
    )
    scope = catalog.scopes[0]
    outcomes = run_held_out(scope)
    weather, tides, ping = outcomes
    # "Forecast for a city." meets only forecast_tides' name and argument: its own name holds
    # neither word, and no description is in the index
    assert weather.case.query == "Forecast for a city." and weather.ranks == (None,)
    assert weather.got == (scope.tools[1],)  # the catalog's own tool, description and all
    assert weather.expected == (scope.tools[0],)
    assert tides.ranks == (None,) and tides.got == ()
    assert ping.error == NO_DESCRIPTION and ping.ranks == (None,)
    assert [o.ranks for o in run_self(Evaluator(catalog), scope)] == [(1,), (1,), (1,)]
    long = as_catalog([{"name": "x", "description": "word " * 200, "input_schema": {}}])
    assert len(description_query(long.scopes[0].tools[0])) <= 500
