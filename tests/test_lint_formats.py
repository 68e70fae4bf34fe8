"""``lint --format sarif|github|markdown|gitlab`` as CI services read them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.conftest import CATALOGS, FIXTURES, ROOT, needs_shared
from toolsearch.app import app
from toolsearch.catalog.counts import ToolCount
from toolsearch.catalog.model import Location
from toolsearch.lint.findings import Diagnostic, Severity
from toolsearch.report import lint_sarif
from toolsearch.report.workflow import command, escape_data, escape_property
from toolsearch.rules import RULES

SARIF_SCHEMA = ROOT / "tests" / "vendor" / "sarif" / "sarif-2.1.0-rtm.5.json"
ALL_DEFERRED = FIXTURES / "rules" / "all-deferred" / "bad.json"
MALFORMED = FIXTURES / "rules" / "malformed-tool" / "bad.json"
ONLY = ("--select", "all-deferred,malformed-tool")


def lint(runner: CliRunner, *args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["lint", *ONLY, *args], env=env)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def catalogs(in_tmp: Path) -> Path:
    """The two rule fixtures as ``deferred.json`` and ``malformed.json`` in the current folder."""
    shutil.copy(ALL_DEFERRED, in_tmp / "deferred.json")
    shutil.copy(MALFORMED, in_tmp / "malformed.json")
    return in_tmp


def sarif_validator() -> jsonschema.Draft4Validator:
    schema = json.loads(SARIF_SCHEMA.read_text("utf-8"))
    return jsonschema.Draft4Validator(schema)


def fingerprints_of(log: dict[str, Any]) -> list[str]:
    return [r["partialFingerprints"]["toolsearchIdentity/v3"] for r in log["runs"][0]["results"]]


# --- SARIF ------------------------------------------------------------------------------------


def test_sarif_validates_against_the_official_schema(runner: CliRunner, catalogs: Path) -> None:
    code, out, err = lint(runner, "-f", "sarif", "deferred.json", "malformed.json")
    assert code == 1, err
    log = json.loads(out)
    errors = list(sarif_validator().iter_errors(log))
    assert errors == []
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    results = run["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [("all-deferred", "error")] + [
        ("malformed-tool", "error")
    ] * 4
    first = results[0]["locations"][0]["physicalLocation"]
    assert first["artifactLocation"] == {"uri": "deferred.json", "uriBaseId": "%SRCROOT%"}
    assert first["region"] == {"startLine": 4, "startColumn": 12}
    lines = [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in results[1:]]
    assert lines == [2, 8, 16, 20]
    assert results[1]["properties"] == {
        "pointer": "/0",
        "scope": "malformed",
        "source": "malformed",
        "tool": None,
    }


def test_a_broken_sarif_log_fails_the_schema(runner: CliRunner, catalogs: Path) -> None:
    """The vendored schema really checks: the same log with a bad level is rejected."""
    _, out, _ = lint(runner, "-f", "sarif", "deferred.json")
    log = json.loads(out)
    log["runs"][0]["results"][0]["level"] = "fatal"
    del log["runs"][0]["tool"]["driver"]["name"]
    assert len(list(sarif_validator().iter_errors(log))) == 2


def test_sarif_has_one_descriptor_per_rule_with_its_documentation(
    runner: CliRunner, catalogs: Path
) -> None:
    _, out, _ = lint(runner, "-f", "sarif", "deferred.json")
    rules = json.loads(out)["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [r.ID for r in RULES]
    levels = {"error": "error", "warning": "warning", "info": "note"}
    for descriptor, rule in zip(rules, RULES, strict=True):
        assert descriptor["shortDescription"]["text"] == rule.SUMMARY
        assert descriptor["defaultConfiguration"]["level"] == levels[rule.LEVEL]
        assert "## Why is this bad?" in descriptor["help"]["markdown"]
        assert descriptor["help"]["text"] == (rule.__doc__ or "").strip()
    result = json.loads(out)["runs"][0]["results"][0]
    assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


def test_sarif_fingerprints_survive_inserting_a_tool(runner: CliRunner, catalogs: Path) -> None:
    _, out, _ = lint(runner, "-f", "sarif", "malformed.json")
    before = fingerprints_of(json.loads(out))
    assert len(set(before)) == 4
    tools = json.loads((catalogs / "malformed.json").read_text())
    new_tool = {"name": "first", "description": "Added on top.", "input_schema": {"type": "object"}}
    shifted = [new_tool, *tools]
    (catalogs / "malformed.json").write_text(json.dumps(shifted, indent=2))
    _, out, _ = lint(runner, "-f", "sarif", "malformed.json")
    log = json.loads(out)
    after = fingerprints_of(log)
    lines = [
        r["locations"][0]["physicalLocation"]["region"]["startLine"]
        for r in log["runs"][0]["results"]
    ]
    assert lines[0] != 2  # the findings moved ...
    assert after == before  # ... and kept their identity


def test_same_identity_findings_get_distinct_fingerprints(
    runner: CliRunner, catalogs: Path
) -> None:
    nameless = {"description": "No name.", "input_schema": {"type": "object"}}
    (catalogs / "twins.json").write_text(json.dumps([nameless, nameless]))
    _, out, _ = lint(runner, "-f", "sarif", "twins.json")
    prints = fingerprints_of(json.loads(out))
    assert len(prints) == 2 and len(set(prints)) == 2
    _, out, _ = lint(runner, "-f", "gitlab", "twins.json")
    assert len({issue["fingerprint"] for issue in json.loads(out)}) == 2


def test_sarif_of_a_clean_run(runner: CliRunner, in_tmp: Path) -> None:
    shutil.copy(FIXTURES / "example" / "request.json", "request.json")
    code, out, _ = lint(runner, "-f", "sarif", "request.json")
    log = json.loads(out)
    assert code == 0 and log["runs"][0]["results"] == []
    assert list(sarif_validator().iter_errors(log)) == []


def test_sarif_logical_location_names_the_tool() -> None:
    finding = Diagnostic(
        "all-deferred",
        Severity.WARNING,
        "a message",
        Location("<stdin>", "/tools/0", 3, 5),
        "scope",
        "get_weather",
        "weather",
    )
    log = json.loads(lint_sarif.sarif([finding], RULES, ["a note"], baseline=True))
    assert list(sarif_validator().iter_errors(log)) == []
    result = log["runs"][0]["results"][0]
    assert result["level"] == "warning" and result["baselineState"] == "new"
    assert result["locations"] == [
        {
            "logicalLocations": [
                {
                    "name": "get_weather",
                    "fullyQualifiedName": "weather/get_weather",
                    "kind": "object",
                }
            ]
        }
    ]  # standard input has no artifact to point at
    notes = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert notes == [{"level": "note", "message": {"text": "a note"}}]


@needs_shared
def test_every_shared_catalog_gives_valid_sarif_and_annotations(runner: CliRunner) -> None:
    """Every rule, on every real catalog at once: SARIF stays valid and annotations well formed."""
    result = runner.invoke(app, ["lint", "-f", "sarif", str(CATALOGS)])
    assert result.exit_code in (0, 1), result.stderr
    log = json.loads(result.stdout)
    assert list(sarif_validator().iter_errors(log)) == []
    prints = fingerprints_of(log)
    assert len(prints) == len(set(prints))
    result = runner.invoke(app, ["lint", "-f", "github", str(CATALOGS)])
    *annotations, last = result.stdout.splitlines()
    for line in annotations:
        assert line.startswith(("::error ", "::warning ", "::notice ", "note: ")), line
    assert last.endswith("files") or last.endswith("files.")


# --- GitHub -----------------------------------------------------------------------------------


def test_github_annotations_name_file_line_and_rule(runner: CliRunner, catalogs: Path) -> None:
    code, out, _ = lint(runner, "-f", "github", "deferred.json", "malformed.json")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(
        "::error file=deferred.json,line=4,col=12,title=all-deferred::all 3 tools are deferred"
    )
    assert lines[1] == (
        "::error file=malformed.json,line=2,col=3,title=malformed-tool::tool has no name"
    )
    assert (
        lines[-1]
        == "5 errors, 0 warnings, 0 info in 1 tool + tool search + 4 malformed tools in 2 files"
    )


def test_github_is_the_default_inside_github_actions(runner: CliRunner, catalogs: Path) -> None:
    code, out, _ = lint(runner, "deferred.json", env={"GITHUB_ACTIONS": "true"})
    assert code == 1 and out.startswith("::error file=deferred.json,line=4,col=12,")
    code, out, _ = lint(runner, "-f", "text", "deferred.json", env={"GITHUB_ACTIONS": "true"})
    assert not out.startswith("::") and "[all-deferred]" in out
    code, out, _ = lint(runner, "deferred.json", env={"GITHUB_ACTIONS": "false"})
    assert not out.startswith("::")


def test_ci_paths_are_relative_to_the_checkout(
    runner: CliRunner, catalogs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sub = catalogs / "pkg"
    sub.mkdir()
    shutil.move(catalogs / "deferred.json", sub / "deferred.json")
    monkeypatch.chdir(sub)  # a step with working-directory: pkg
    github = {"GITHUB_WORKSPACE": str(catalogs)}
    _, out, _ = lint(runner, "-f", "github", "deferred.json", env=github)
    assert out.startswith("::error file=pkg/deferred.json,line=4,")
    _, out, _ = lint(runner, "-f", "sarif", "deferred.json", env=github)
    location = json.loads(out)["runs"][0]["results"][0]["locations"][0]
    assert location["physicalLocation"]["artifactLocation"]["uri"] == "pkg/deferred.json"
    gitlab = {"CI_PROJECT_DIR": str(catalogs)}
    _, out, _ = lint(runner, "-f", "gitlab", "deferred.json", env=gitlab)
    assert json.loads(out)[0]["location"]["path"] == "pkg/deferred.json"
    _, out, _ = lint(runner, "-f", "text", "deferred.json", env=github)
    assert out.startswith("deferred.json")  # output for people keeps the path as given


def test_github_escaping() -> None:
    assert escape_data("100% done\r\nnext") == "100%25 done%0D%0Anext"
    assert escape_property("a:b,c%") == "a%3Ab%2Cc%25"
    line = command("warning", "two\nlines", {"file": "x,y:z.json", "line": 3, "col": None})
    assert line == "::warning file=x%2Cy%3Az.json,line=3::two%0Alines"
    # terminal escapes from a catalog are shown escaped, never sent to the terminal
    assert command("notice", "\x1b[31mred\x1b[0m", {}) == "::notice::\\u001b[31mred\\u001b[0m"


def test_github_annotation_escapes_catalog_text(runner: CliRunner, in_tmp: Path) -> None:
    bad = [{"name": "a,b:c%\nd", "description": "x", "input_schema": []}]
    Path("odd.json").write_text(json.dumps(bad))
    _, out, _ = lint(runner, "-f", "github", "odd.json")
    first = out.splitlines()[0]
    assert first.startswith("::error file=odd.json,line=1,col=2,title=malformed-tool::")
    assert "'a,b:c%25\\nd'" in first  # the message keeps , and : but encodes %
    assert first.count("::") == 2


def test_stdin_annotations_have_no_file(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["lint", *ONLY, "-f", "github", "-"], input=ALL_DEFERRED.read_text()
    )
    assert result.stdout.startswith("::error title=all-deferred::all 3 tools")


# --- markdown and GitLab ------------------------------------------------------------------------


def test_markdown_report(runner: CliRunner, catalogs: Path) -> None:
    code, out, _ = lint(runner, "-f", "markdown", "deferred.json", "malformed.json")
    assert code == 1
    assert out.startswith(
        "## toolsearch lint\n\n**5 errors, 0 warnings, 0 info in 1 tool + tool search + 4 malformed"
    )
    assert "| malformed-tool | error | 4 |" in out
    assert "| error | malformed.json:16:3 | tool 'no\\_schema' has no input\\_schema |" in out
    example = FIXTURES / "example"
    code, out, _ = lint(
        runner, "-f", "markdown", str(example / "request.json"), str(example / "github.json")
    )
    assert code == 0 and "No problems found in 16 tools + tool search in 2 files." in out


def test_gitlab_code_quality_report(runner: CliRunner, catalogs: Path) -> None:
    code, out, _ = lint(runner, "-f", "gitlab", "deferred.json", "malformed.json")
    assert code == 1
    issues = json.loads(out)
    assert len(issues) == 5
    first = issues[0]
    assert set(first) == {"description", "check_name", "fingerprint", "severity", "location"}
    assert first["check_name"] == "all-deferred"
    assert first["severity"] == "major"
    assert first["location"] == {"path": "deferred.json", "lines": {"begin": 4}}
    assert first["description"].startswith("all 3 tools are deferred")
    assert len({i["fingerprint"] for i in issues}) == 5
    # the SARIF and GitLab fingerprints are the same identities
    _, sarif, _ = lint(runner, "-f", "sarif", "deferred.json", "malformed.json")
    assert fingerprints_of(json.loads(sarif)) == [i["fingerprint"] for i in issues]


def test_gitlab_levels_map_to_severities(runner: CliRunner, catalogs: Path) -> None:
    Path(".toolsearch.yaml").write_text("rules:\n  all-deferred: warning\n  malformed-tool: info\n")
    _, out, _ = lint(runner, "-f", "gitlab", "deferred.json", "malformed.json")
    assert [i["severity"] for i in json.loads(out)] == ["minor"] + ["info"] * 4


def test_unknown_format_suggests(runner: CliRunner, catalogs: Path) -> None:
    code, _, err = lint(runner, "-f", "sariff", "deferred.json")
    assert code == 2 and 'did you mean "sarif"' in err


def test_text_keeps_a_gap_after_long_line_and_column_numbers() -> None:
    from toolsearch.lint.lint_run import LintReport
    from toolsearch.report import lint_text
    from toolsearch.report.render_settings import RenderSettings

    def at(line: int, column: int) -> Diagnostic:
        where = Location("big.json", "/tools/0", line, column)
        return Diagnostic("short-description", Severity.WARNING, "too short", where, "big")

    found = [at(7, 1), at(108924, 19), at(1, 1217952)]
    out = lint_text.render(
        LintReport(found, [], ["big.json"], ToolCount(3)), RenderSettings(width=200)
    )
    lines = [line.strip() for line in out.splitlines()[1:4]]
    assert lines[0].startswith("7:1") and "108924:19 " in lines[1] and "1:1217952 " in lines[2]
    assert all(line.split()[1] == "warning" for line in lines)


@pytest.mark.parametrize(
    "texts",
    [
        ["plain line", "", "two\nlines  ", "wide 天気 ✅ and trailing   "],
        ["bell\x07 back\x08 vt\x0b ff\x0c cr\r end", "x" * 300],
        ["[bold]markup[/bold] stays literal", "  indented"],
    ],
)
def test_plain_fast_path_prints_what_rich_prints(texts: list[str]) -> None:
    from rich.text import Text

    from toolsearch.report.console import render

    items = [Text(t, style="dim") for t in texts]
    assert render(items, False, None) == render(items, False, 10_000)  # fast path, then rich
