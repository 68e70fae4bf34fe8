"""Ties in search results: each result carries its rank and the ranks it ties with; eval counts a
tie that straddles k as the expected value over the tie's orders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolsearch.app import app
from toolsearch.catalog.model import Location, Tool
from toolsearch.retrieval.bm25 import BM25Index
from toolsearch.retrieval.cases import Case
from toolsearch.retrieval.evaluation import Outcome, within
from toolsearch.retrieval.searchers import tie_spans, tie_spans_of
from toolsearch.retrieval.terms import terms

# Six tools whose descriptions are the same words: any query on them ties all six.
SAME = "Moves a record between two folders."
TOOLS = [
    {"name": "move_a", "description": "Send a chat message to a channel.", "inputSchema": {}},
    *(
        {"name": f"twin_{n}", "description": SAME, "inputSchema": {"type": "object"}}
        for n in range(6)
    ),
]


@pytest.fixture
def twins(in_tmp: Path) -> Path:
    path = in_tmp / "twins.json"
    path.write_text(json.dumps({"tools": TOOLS}))
    return path


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env={"NO_COLOR": "1", "COLUMNS": "200"})
    return result.exit_code, result.stdout


def test_tie_spans_group_equal_scores_in_a_ranking() -> None:
    assert tie_spans([3.0, 2.0, 2.0, 1.0]) == [None, (2, 3), (2, 3), None]
    assert tie_spans([None, None, 1.0]) == [None, None, None]  # select: has no scores
    assert tie_spans([1.0, 1.0, 1.0]) == [(1, 3)] * 3
    assert tie_spans_of([(7, 2.0), (4, 1.0), (9, 1.0)], [9, 7, 5]) == [(2, 3), None, None]


@pytest.mark.parametrize("vectorised", [False, True])
def test_the_index_finds_the_same_ties_as_the_full_ranking(vectorised: bool) -> None:
    tools = [
        Tool(
            name=str(t["name"]),
            source="s",
            scope="s",
            location=Location("twins.json", f"/tools/{n}"),
            description=str(t["description"]),
            input_schema={},
            raw=t,
            dialect="mcp",
            deferred=True,
            sent_name=str(t["name"]),
            sent_description=str(t["description"]),
        )
        for n, t in enumerate(TOOLS)
    ]
    index = BM25Index(tools)
    index.model.vectorised = vectorised
    query = terms("record folders")
    ranking = list(index.ranked(query, None))
    docs = list(range(len(tools)))
    assert index.tie_spans(query, docs) == tie_spans_of(ranking, docs)
    assert index.tie_spans(query, [1])[0] == (1, 6)


def test_query_marks_ties_and_says_when_one_goes_past_the_limit(twins: Path) -> None:
    code, out = run("query", "record folders", str(twins), "--limit", "4")
    assert code == 0
    assert "1=  twin_0" in out and "4=  twin_3" in out
    assert "= ranks 1-6 have equal scores; 2 more not shown: a host may return them" in out
    code, out = run("query", "record folders", str(twins), "--limit", "4", "--format", "json")
    results = json.loads(out)["results"]
    assert [r["tie"] for r in results] == [{"first": 1, "last": 6}] * 4
    assert [r["rank"] for r in results] == [1, 2, 3, 4]
    code, out = run("query", "chat", str(twins), "--format", "json")
    assert [r["tie"] for r in json.loads(out)["results"]] == [None]


def test_eval_counts_a_tie_straddling_k_as_the_expected_value(twins: Path, in_tmp: Path) -> None:
    cases = in_tmp / "cases.jsonl"
    cases.write_text(
        json.dumps({"query": "record folders", "expected": ["twin_5"]})
        + "\n"
        + json.dumps({"query": "chat message", "expected": ["move_a"]})
        + "\n"
    )
    code, out = run("eval", str(cases), str(twins), "--format", "json")
    assert code == 0
    document = json.loads(out)
    bm25 = document["modes"]["bm25"]
    # twin_5 ties with ranks 1-6: in the top k in k of 6 orders; move_a is first alone
    assert bm25["recall@1"] == pytest.approx((1 / 6 + 1) / 2, abs=1e-3)
    assert bm25["recall@3"] == pytest.approx((3 / 6 + 1) / 2, abs=1e-3)
    assert bm25["recall@5"] == pytest.approx((5 / 6 + 1) / 2, abs=1e-3)
    assert bm25["recall@10"] == 1.0
    assert "fractional hit" in document["method"]
    code, out = run("eval", str(cases), str(twins))
    assert "method: ties:" in out
    assert "twin_5 (rank 6, tied with ranks 1-6)" in out


def test_two_expected_tools_in_one_straddling_tie() -> None:
    case = Case("c", "q", ("a", "b"))
    outcome = Outcome(case, "bm25", (), (4, 5), (), ties=((4, 9), (4, 9)))
    # 6 tied tools, 2 of the top 5 places among them, 2 wanted: 1 - C(4,2)/C(6,2)
    assert outcome.hit(5) == pytest.approx(1 - 6 / 15)
    assert outcome.recall(5) == pytest.approx(2 / 6)
    assert outcome.hit(3) == 0.0 and outcome.hit(9) == 1.0
    assert within((4, 9), 5) == pytest.approx(2 / 6)
    untied = Outcome(case, "bm25", (), (2, None), ())
    assert untied.hit(1) == 0.0 and untied.hit(2) == 1.0 and untied.recall(2) == 0.5


@pytest.mark.parametrize("target", ["api", "claude-code"])
def test_the_method_line_names_the_hosts_default_model(target: str, twins: Path) -> None:
    code, out = run("budget", str(twins), "--target", target)
    assert code == 0
    assert f"no model named: --target {target}'s default model" in out
    code, out = run("budget", str(twins), "--target", target, "--model", "claude-opus-4-1")
    assert "default model" not in out
