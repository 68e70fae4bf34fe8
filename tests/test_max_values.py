"""``max-values``: a document holding more values than the limit is refused before it is built."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.transcripts import Session, write_sessions
from toolsearch.app import app

TOOL = {"name": "get_weather", "description": "Get the weather for a city.",
        "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}  # fmt: skip


def test_a_catalog_of_many_empty_objects_is_refused(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / ".toolsearch.yaml").write_text("max-values: 1000\n")
    (in_tmp / "many.json").write_text("[" + ",".join(["{}"] * 2000) + "]")
    result = runner.invoke(app, ["lint", "many.json"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "toolsearch: error: many.json: holds more than 1,000 values (max-values); "
        "raise it with --max-values or in the config"
    ]


def test_yaml_is_counted_too(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / ".toolsearch.yaml").write_text("max-values: 1000\n")
    (in_tmp / "many.yaml").write_text("".join("- {}\n" for _ in range(2000)))
    result = runner.invoke(app, ["lint", "many.yaml"])
    assert result.exit_code == 2
    assert "many.yaml: holds more than 1,000 values (max-values)" in result.stderr


def test_commas_inside_strings_are_not_values(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / ".toolsearch.yaml").write_text("max-values: 1000\n")
    tool = dict(TOOL, description="Get the weather, " + ",[{" * 3000 + " for a city.")
    (in_tmp / "commas.json").write_text(json.dumps([tool]))
    result = runner.invoke(app, ["lint", "commas.json"])
    assert "max-values" not in result.output + result.stderr
    assert result.exit_code in (0, 1)


def test_a_normal_catalog_is_unaffected(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "tools.json").write_text(json.dumps([TOOL]))
    result = runner.invoke(app, ["budget", "-f", "json", "tools.json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["tools"][0]["name"] == "get_weather"


def test_max_values_is_shown_and_checked(runner: CliRunner, in_tmp: Path) -> None:
    shown = runner.invoke(app, ["lint", "--show-settings"])
    assert "max-values" in shown.stdout and "one per 8 bytes" in shown.stdout
    (in_tmp / ".toolsearch.yaml").write_text("max-values: 0\n")
    (in_tmp / "tools.json").write_text(json.dumps([TOOL]))
    result = runner.invoke(app, ["lint", "tools.json"])
    assert result.exit_code == 2 and "max-values" in result.stderr


def test_a_transcript_line_over_the_limit_is_skipped_as_malformed(
    runner: CliRunner, in_tmp: Path
) -> None:
    session = Session("a1b2c3d4-0000-4000-8000-0000000000aa")
    session.call("mcp__github__create_issue")
    session.call("mcp__github__list_issues")
    path = write_sessions(in_tmp / "projects", "-x", session)[0]
    lines = path.read_text().splitlines()
    big = json.loads(lines[0])  # a third call whose input holds 2,000 empty objects
    big["uuid"] = "b1b2c3d4-0000-4000-8000-0000000000bb"
    big["message"]["id"] = "msg_huge"
    big["message"]["content"][0].update(id="toolu_huge", name="mcp__github__huge")
    big["message"]["content"][0]["input"] = {"items": [{}] * 2000}
    path.write_text("\n".join([*lines, json.dumps(big)]) + "\n")
    unlimited = json.loads(runner.invoke(app, ["sessions", "-f", "json", str(path)]).stdout)
    assert sum(t["calls"] for s in unlimited["servers"] for t in s["tools"]) == 3
    (in_tmp / ".toolsearch.yaml").write_text("max-values: 1000\n")
    result = runner.invoke(app, ["sessions", "-f", "json", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    where = f"{path.relative_to(in_tmp)}:{len(lines) + 1}"
    assert data["notes"] == [f"skipped 1 malformed line ({where})"]
    assert sum(t["calls"] for s in data["servers"] for t in s["tools"]) == 2
