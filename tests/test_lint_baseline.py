"""``lint --baseline FILE`` and ``--update-baseline``: accept known findings, fail on new ones."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES
from toolsearch.app import app
from toolsearch.schemas import load_schema

ONLY = ("--select", "all-deferred,malformed-tool")
NAMELESS = {"description": "No name.", "input_schema": {"type": "object"}}


def lint(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["lint", *ONLY, *args])
    return result.exit_code, result.stdout, result.stderr


def lint_json(runner: CliRunner, *args: str) -> tuple[int, dict[str, Any]]:
    code, out, err = lint(runner, "-f", "json", *args)
    assert code in (0, 1), err
    data = json.loads(out)
    jsonschema.validate(data, load_schema("lint"))
    return code, data


@pytest.fixture
def project(in_tmp: Path) -> Path:
    shutil.copy(FIXTURES / "rules" / "malformed-tool" / "bad.json", in_tmp / "tools.json")
    shutil.copy(FIXTURES / "rules" / "all-deferred" / "bad.json", in_tmp / "request.json")
    return in_tmp


def edit_tools(path: Path, change: Any) -> None:
    tools = json.loads(path.read_text())
    path.write_text(json.dumps(change(tools), indent=2))


def test_round_trip_new_findings_fail_and_known_ones_pass(runner: CliRunner, project: Path) -> None:
    code, out, _ = lint(runner, "tools.json", "--baseline", "base.json", "--update-baseline")
    assert code == 0
    assert out == "wrote baseline base.json: 4 findings (4 added, 0 removed)\n"
    saved = json.loads(Path("base.json").read_text())
    jsonschema.validate(saved, load_schema("lint-baseline"))
    assert saved["identity"] == 3
    assert saved["findings"][0] == {
        "rule": "malformed-tool",
        "source": "tools",
        "tool": None,
        "subject": "/# name=bad_schema",
        "message": "input_schema of 'bad_schema' is an array, not an object",
        "count": 1,
    }
    code, out, _ = lint(runner, "tools.json", "--baseline", "base.json")
    assert code == 0
    assert "note: baseline base.json: 4 known findings not shown" in out
    assert "No problems found in 0 tools + 4 malformed tools in 1 file." in out

    # a new broken tool on top: every old finding moves down a few lines but stays known
    edit_tools(project / "tools.json", lambda t: [{"name": "x", "input_schema": "nope"}, *t])
    code, out, _ = lint(runner, "tools.json", "--baseline", "base.json")
    assert code == 1
    assert "input_schema of 'x' is a string, not an object" in out
    assert "no_schema" not in out
    assert "1 error, 0 warnings, 0 info" in out
    code, data = lint_json(runner, "tools.json", "--baseline", "base.json")
    assert [d["pointer"] for d in data["diagnostics"]] == ["/0"]
    assert data["baseline"] == {"file": "base.json", "known": 4, "new": 1, "stale": []}


def test_stale_entries_are_reported_and_update_drops_them(runner: CliRunner, project: Path) -> None:
    lint(runner, "tools.json", "--baseline", "base.json", "--update-baseline")
    edit_tools(project / "tools.json", lambda t: [t[0], t[1], t[3]])  # fix 'no_schema'
    code, out, _ = lint(runner, "tools.json", "--baseline", "base.json")
    assert code == 0
    assert (
        "note: baseline base.json: stale entry, no longer found: [malformed-tool] tools: "
        "tool 'no_schema' has no input_schema"
    ) in out
    assert "drop the 1 stale entry with --update-baseline" in out
    _, data = lint_json(runner, "tools.json", "--baseline", "base.json")
    assert [e["message"][:16] for e in data["baseline"]["stale"]] == ["tool 'no_schema'"]
    code, out, _ = lint(runner, "tools.json", "--baseline", "base.json", "--update-baseline")
    assert code == 0 and "3 findings (0 added, 1 removed)" in out
    assert sum(e["count"] for e in json.loads(Path("base.json").read_text())["findings"]) == 3
    _, out, _ = lint(runner, "tools.json", "--baseline", "base.json")
    assert "stale" not in out
    assert [p.name for p in project.iterdir() if p.name.startswith(".base")] == []


def test_findings_with_the_same_identity_are_counted(runner: CliRunner, in_tmp: Path) -> None:
    Path("tools.json").write_text(json.dumps([NAMELESS, NAMELESS]))
    lint(runner, "tools.json", "--baseline", "base.json", "--update-baseline")
    (entry,) = json.loads(Path("base.json").read_text())["findings"]
    assert entry["count"] == 2
    Path("tools.json").write_text(json.dumps([NAMELESS, NAMELESS, NAMELESS]))
    code, out, _ = lint(runner, "tools.json", "--baseline", "base.json")
    assert code == 1 and "1 error," in out and "2 known findings not shown" in out
    Path("tools.json").write_text(json.dumps([NAMELESS]))
    code, out, _ = lint(runner, "tools.json", "--baseline", "base.json")
    assert code == 0 and "stale entry, no longer found: [malformed-tool] tools: tool has no " in out
    assert "(x1)" not in out


def test_sources_not_linted_are_neither_stale_nor_dropped(runner: CliRunner, project: Path) -> None:
    code, out, _ = lint(
        runner, "tools.json", "request.json", "--baseline", "base.json", "--update-baseline"
    )
    assert "5 findings (5 added, 0 removed)" in out
    code, out, _ = lint(runner, "tools.json", "--baseline", "base.json")  # a pre-commit run
    assert code == 0 and "stale" not in out
    code, out, _ = lint(runner, "tools.json", "--baseline", "base.json", "--update-baseline")
    assert out.endswith(
        "4 findings (0 added, 0 removed); kept 1 of sources not linted in this run\n"
    )
    sources = {e["source"] for e in json.loads(Path("base.json").read_text())["findings"]}
    assert sources == {"tools", "request"}


def test_scope_level_findings_belong_to_their_scope(runner: CliRunner, project: Path) -> None:
    lint(runner, "request.json", "--baseline", "base.json", "--update-baseline")
    (entry,) = json.loads(Path("base.json").read_text())["findings"]
    assert (entry["rule"], entry["source"], entry["tool"]) == ("all-deferred", "request", None)


def test_fail_on_applies_to_new_findings(runner: CliRunner, project: Path) -> None:
    Path(".toolsearch.yaml").write_text("rules:\n  malformed-tool: warning\n")
    lint(runner, "tools.json", "--baseline", "base.json", "--update-baseline")
    edit_tools(project / "tools.json", lambda t: [NAMELESS, *t])
    code, _, _ = lint(runner, "tools.json", "--baseline", "base.json")
    assert code == 0
    code, _, _ = lint(runner, "tools.json", "--baseline", "base.json", "--fail-on", "warning")
    assert code == 1


def test_sarif_with_a_baseline_lists_new_results(runner: CliRunner, project: Path) -> None:
    lint(runner, "tools.json", "--baseline", "base.json", "--update-baseline")
    edit_tools(project / "tools.json", lambda t: [*t, {"name": "late", "input_schema": 1}])
    code, out, _ = lint(runner, "-f", "sarif", "tools.json", "--baseline", "base.json")
    assert code == 1
    run = json.loads(out)["runs"][0]
    assert [(r["baselineState"], r["message"]["text"][:28]) for r in run["results"]] == [
        ("new", "input_schema of 'late' is a ")
    ]
    notes = run["invocations"][0]["toolExecutionNotifications"]
    assert notes[0]["message"]["text"] == "baseline base.json: 4 known findings not shown"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "base.json: baseline not found; create it with: toolsearch lint --baseline"),
        ("{", "base.json:1:2: invalid JSON in the baseline"),
        ('{"schema_version": 1}', "base.json#/: not a toolsearch lint baseline: 'findings'"),
        ("[" * 100_000 + "]" * 100_000, "base.json: nesting is too deep (limit 200)"),
        (
            '{"schema_version": ' + "1" * 5000 + "}",
            "base.json:1:20: a number of 5,000 digits",
        ),
        ('{"schema_version": NaN}', "base.json:1:20: NaN is not a finite number"),
        (
            '{"schema_version": 1, "findings": [{"rule": "x", "source": "s"}]}',
            "base.json#/findings/0: not a toolsearch lint baseline: 'message' is a required",
        ),
    ],
)
def test_bad_baselines_exit_2(
    runner: CliRunner, project: Path, content: str | None, message: str
) -> None:
    if content is not None:
        Path("base.json").write_text(content)
    code, out, err = lint(runner, "tools.json", "--baseline", "base.json")
    assert code == 2 and out == ""
    assert err.startswith(f"toolsearch: error: {message}")
    assert len(err.splitlines()) == 1


def test_update_refuses_to_overwrite_another_file(runner: CliRunner, project: Path) -> None:
    before = Path("request.json").read_text()
    code, _, err = lint(runner, "tools.json", "--baseline", "request.json", "--update-baseline")
    assert code == 2
    assert "refusing to overwrite request.json" in err
    assert Path("request.json").read_text() == before


def test_update_needs_a_file_and_a_writable_place(runner: CliRunner, project: Path) -> None:
    code, _, err = lint(runner, "tools.json", "--update-baseline")
    assert code == 2 and "--update-baseline needs --baseline FILE" in err
    code, _, err = lint(
        runner, "tools.json", "--baseline", "no/such/dir/b.json", "--update-baseline"
    )
    assert code == 2 and "no/such/dir/b.json: cannot write the baseline" in err


def test_update_onto_a_symlink_loop_is_one_line(runner: CliRunner, project: Path) -> None:
    Path("loop.json").symlink_to("loop.json")
    code, out, err = lint(runner, "tools.json", "--baseline", "loop.json")
    assert code == 2 and out == ""
    assert err.startswith("toolsearch: error: loop.json: cannot read file: Too many levels")
    assert len(err.splitlines()) == 1
    code, out, err = lint(runner, "tools.json", "--baseline", "loop.json", "--update-baseline")
    assert code == 2
    assert err == (
        "toolsearch: error: loop.json: cannot write the baseline: "
        "Too many levels of symbolic links\n"
    )
