"""``recommend --evaluate``: the shares of calls and runs the kept tools serve, against figures
computed by hand, and the evaluation usage kept out of the ranking."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.catalogs import mcp_tools, write_json
from tests.conftest import SHARED
from toolsearch.app import app
from toolsearch.schemas import load_schema

TOOLS = [f"tool_{n}" for n in "abcdefghij"]  # ten tools: recommend defers here

# The ranking's usage: a, b and c are called most, so --keep 3 keeps them.
RANK_CSV = "name,count\ntool_a,9\ntool_b,8\ntool_c,7\ntool_d,1\n"

# The evaluation usage, a table with runs. By hand, for the kept a, b, c:
#   runs:  kept 4 + 0 + 3 = 7; the 3 largest 5 + 4 + 3 = 12; all 4 + 3 + 5 + 2 = 14
#          share 7/14 = 0.5, best 12/14 = 0.8571, score 7/12 = 0.5833
#   calls: kept 10 + 0 + 6 = 16; the 3 largest 20 + 10 + 6 = 36; all 40
#          share 16/40 = 0.4, best 36/40 = 0.9, score 16/36 = 0.4444
EVAL_CSV = (
    "name,count,runs\ntool_a,10,4\ntool_b,0,0\ntool_c,6,3\ntool_d,20,5\ntool_e,4,2\n"
    "not_in_the_catalog,5,2\n"  # reported, never scored
)


def recommend_json(runner: CliRunner, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["recommend", "-f", "json", *args])
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("recommend"))
    return data


@pytest.fixture
def files(in_tmp: Path) -> Path:
    write_json(in_tmp / "server.json", mcp_tools(TOOLS))
    (in_tmp / "rank.csv").write_text(RANK_CSV)
    (in_tmp / "eval.csv").write_text(EVAL_CSV)
    return in_tmp


def test_hand_computed_figures(runner: CliRunner, files: Path) -> None:
    args = ("server.json", "--usage", "rank.csv", "--keep", "3", "--evaluate", "eval.csv")
    data = recommend_json(runner, *args)
    (scope,) = data["evaluation"]["scopes"]
    assert scope["k"] == 3
    assert scope["kept"] == ["tool_a", "tool_b", "tool_c"]
    assert scope["best"] == ["tool_d", "tool_a", "tool_c"]
    assert scope["runs"] == {
        "served": 7,
        "best": 12,
        "total": 14,
        "share": 0.5,
        "best_share": 0.8571,
        "score": 0.5833,
    }
    assert scope["calls"] == {
        "served": 16,
        "best": 36,
        "total": 40,
        "share": 0.4,
        "best_share": 0.9,
        "score": 0.4444,
    }
    assert not scope["whole_scope_kept"]
    assert data["evaluation"]["mean_score"] == {"calls": 0.4444, "runs": 0.5833}
    assert data["evaluation"]["unmatched"] == {"not_in_the_catalog": 5}
    text = runner.invoke(app, ["recommend", *args]).stdout
    assert "runs: kept serve 0.50 (7 of 14), best possible 0.86; score 0.58" in text
    assert "calls: kept serve 0.40 (16 of 40), best possible 0.90; score 0.44" in text
    assert "not scored (no single tool of the run has the name): not_in_the_catalog (5)" in text


def test_evaluation_usage_does_not_rank(runner: CliRunner, files: Path) -> None:
    """The same ranking with and without --evaluate: it measures, it does not choose."""
    for ranking in ((), ("--usage", "rank.csv")):
        plain = recommend_json(runner, "server.json", "--keep", "3", *ranking)
        scored = recommend_json(
            runner, "server.json", "--keep", "3", *ranking, "--evaluate", "eval.csv"
        )
        assert scored["tools"] == plain["tools"]
        assert plain["evaluation"] is None
        assert scored["evaluation"]["scopes"][0]["kept"] == plain["keep"]


def test_transcripts_give_runs_and_small_scopes_score_the_top_k(
    runner: CliRunner, files: Path
) -> None:
    """A session is a run; a scope of fewer than 10 tools keeps them all, its top K is scored;
    a table without runs leaves the runs score unknown."""
    write_json(files / "small.json", mcp_tools(TOOLS[:4]))

    def entry(session: str, name: str, block: str) -> str:
        content = [{"type": "tool_use", "id": block, "name": f"mcp__small__{name}", "input": {}}]
        message = {"role": "assistant", "content": content}
        return json.dumps({"sessionId": session, "uuid": block, "message": message})

    lines = [entry("s1", "tool_a", "1"), entry("s1", "tool_a", "2"), entry("s2", "tool_b", "3")]
    lines += [entry("s3", "tool_b", "4"), entry("s3", "tool_c", "5")]
    (files / "runs.jsonl").write_text("\n".join(lines) + "\n")
    data = recommend_json(
        runner, "small.json", "--usage", "rank.csv", "--keep", "1", "--evaluate", "runs.jsonl"
    )
    (scope,) = data["evaluation"]["scopes"]
    assert scope["whole_scope_kept"] and scope["kept"] == ["tool_a"]
    # runs: a 1 (s1), b 2 (s2, s3), c 1; calls: a 2, b 2, c 1
    assert (scope["runs"]["served"], scope["runs"]["best"], scope["runs"]["total"]) == (1, 2, 4)
    assert (scope["calls"]["served"], scope["calls"]["best"], scope["calls"]["total"]) == (2, 2, 5)
    (files / "no_runs.csv").write_text("tool_a,3\n")
    data = recommend_json(runner, "small.json", "--keep", "1", "--evaluate", "no_runs.csv")
    assert data["evaluation"]["scopes"][0]["runs"] is None
    text = runner.invoke(app, ["recommend", "small.json", "--evaluate", "no_runs.csv"]).stdout
    assert "runs: unknown (a usage table has no runs column)" in text


@pytest.mark.skipif(not (SHARED / "usage").is_dir(), reason="../shared/usage is absent")
def test_shared_usage_evaluates(runner: CliRunner) -> None:
    """Every shared server scores (the figures README shows come from this command)."""
    servers = ("filesystem", "playwright", "memory", "google-maps")
    catalogs = [str(SHARED / "catalogs" / f"{s}.json") for s in servers]
    data = recommend_json(runner, *catalogs, "--keep", "5", "--evaluate", str(SHARED / "usage"))
    scores = {e["scope"]: e["runs"]["score"] for e in data["evaluation"]["scopes"]}
    assert set(scores) == set(servers)
    assert all(0 <= s <= 1 for s in scores.values())
