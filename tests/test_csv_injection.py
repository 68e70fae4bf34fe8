"""Formula injection: every CSV toolsearch writes is safe to open in a spreadsheet, and
``recommend --usage`` reads the neutralised names back as they were."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from typer.testing import CliRunner

from tests.transcripts import Session, write_sessions
from toolsearch.app import app
from toolsearch.csv_cells import neutralised, restored

HOSTILE = ['=HYPERLINK("http://x")', "+1+cmd", "-delete_all", "@SUM(A1)", "\tlead", "\rret"]


def test_export_usage_neutralises_formulas_and_recommend_reads_them_back(
    runner: CliRunner, tmp_path: Path
) -> None:
    session = Session("c1b2c3d4-0000-4000-8000-00000000000c")
    for name in [*HOSTILE, "plain_tool"]:
        session.call(name)
    path = write_sessions(tmp_path / "projects", "-x", session)[0]
    table = tmp_path / "usage.csv"
    result = runner.invoke(app, ["sessions", "--export-usage", str(table), str(path)])
    assert result.exit_code == 0, result.output
    with table.open(newline="") as handle:
        rows = list(csv.reader(handle))
    names = [row[0] for row in rows[1:]]
    assert sorted(names) == sorted(["'" + n for n in HOSTILE] + ["plain_tool"])
    assert not any(n.startswith(("=", "+", "-", "@", "\t", "\r")) for n in names)
    catalog = tmp_path / "tools.json"
    tools = [{"name": n, "description": f"Tool {n}.", "input_schema": {"type": "object"}}
             for n in ("-delete_all", "plain_tool", "other_tool")]  # fmt: skip
    catalog.write_text(json.dumps(tools))
    result = runner.invoke(app, ["recommend", "-f", "json", str(catalog), "--usage", str(table)])
    assert result.exit_code == 0, result.output
    usage = json.loads(result.stdout)["usage"]
    assert usage["matched"] == 2  # -delete_all read back as itself, and plain_tool
    assert "'-delete_all" not in json.dumps(usage)


def test_cells_round_trip() -> None:
    for cell in [*HOSTILE, "plain", "'quoted", "", "'=x"]:
        assert restored(neutralised(cell)) == cell
    assert neutralised("=1+1") == "'=1+1" and neutralised("a=1") == "a=1"
