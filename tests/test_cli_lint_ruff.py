"""``toolsearch lint`` as ruff users expect it (issue 19): selection, concise output,
statistics, output files, quiet runs, the merged settings, and suppression comments."""

from __future__ import annotations

import json
import re
import stat
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES, HANG_LIMIT, docs_text
from toolsearch.app import app

BAD = FIXTURES / "rules" / "all-deferred" / "bad.json"


def lint(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["lint", *args])
    return result.exit_code, result.stdout, result.stderr


def rules_in(text: str) -> set[str]:
    return set(re.findall(r"\[([a-z0-9-]+)\]$", text, re.M))


def test_select_all_levels_globs_and_ids(runner: CliRunner) -> None:
    _, everything, _ = lint(runner, str(BAD))
    assert rules_in(everything) == {
        "all-deferred",
        "deferred-search-tool",
        "short-description",
        "tool-search-not-worth-it",
    }
    _, out, _ = lint(runner, "--select", "ALL", str(BAD))
    assert out == everything
    _, out, _ = lint(runner, "--select", "error", str(BAD))
    assert rules_in(out) == {"all-deferred", "deferred-search-tool"}
    _, out, _ = lint(runner, "--select", "deferred-*", str(BAD))
    assert rules_in(out) == {"deferred-search-tool"}
    code, out, _ = lint(runner, "--select", "*-tool-name", str(BAD))
    assert code == 0 and rules_in(out) == set()
    _, out, _ = lint(runner, "--select", "all-deferred", "--extend-select", "info", str(BAD))
    assert rules_in(out) == {"all-deferred", "tool-search-not-worth-it"}
    code, out, _ = lint(runner, "--select", "ALL", "--ignore", "error,info", str(BAD))
    assert code == 0 and rules_in(out) == {"short-description"}
    _, out, _ = lint(runner, "--ignore", "*-description", str(BAD))
    assert "short-description" not in rules_in(out)


def test_unknown_selectors_get_did_you_mean(runner: CliRunner) -> None:
    code, _, err = lint(runner, "--select", "warnin", str(BAD))
    assert code == 2 and 'did you mean "warning"' in err and "ALL" in err
    code, _, err = lint(runner, "--extend-select", "all-defered", str(BAD))
    assert code == 2 and 'did you mean "all-deferred"' in err
    code, _, err = lint(runner, "--ignore", "zz-*", str(BAD))
    assert code == 2 and "'zz-*' matches no rule" in err
    assert len(err.splitlines()) == 1


def test_config_select_and_extend_select(runner: CliRunner, in_tmp: Path) -> None:
    config = in_tmp / ".toolsearch.yaml"
    config.write_text(
        "select: [error]\nextend-select: short-description\nrules:\n  deferred-search-tool: off\n"
    )
    _, out, _ = lint(runner, str(BAD))
    assert rules_in(out) == {"all-deferred", "short-description"}
    # --select replaces the config's select; naming a rule the config turned off runs it.
    _, out, _ = lint(runner, "--select", "deferred-search-tool", str(BAD))
    assert rules_in(out) == {"deferred-search-tool", "short-description"}
    # ALL, levels and globs leave a rule the config turned off alone.
    _, out, _ = lint(runner, "--select", "ALL", str(BAD))
    assert "deferred-search-tool" not in rules_in(out)
    config.write_text("select: [eror]\n")
    code, _, err = lint(runner, str(BAD))
    assert code == 2 and "select: unknown rule 'eror'" in err and 'did you mean "error"' in err
    assert str(config) in err
    config.write_text("extend-select: {a: b}\n")
    code, _, err = lint(runner, str(BAD))
    assert code == 2 and "extend-select must be a list" in err
    # The config's ignore: still means suppressions.
    config.write_text("ignore:\n  - {rule: all-deferred}\n")
    _, out, _ = lint(runner, str(BAD))
    assert "all-deferred" not in rules_in(out) and "deferred-search-tool" in rules_in(out)


REJECTED = FIXTURES / "example" / "rejected-request.json"
SHOWN = str(REJECTED.relative_to(Path.cwd())) if REJECTED.is_relative_to(Path.cwd()) else REJECTED


def test_concise_is_one_clickable_line_per_finding(runner: CliRunner) -> None:
    code, out, _ = lint(runner, "--format", "concise", str(REJECTED))
    assert code == 1
    lines = out.splitlines()
    assert lines[-1] == "6 errors, 0 warnings, 1 info in 2 tools + tool search in 1 file"
    findings = lines[:-1]
    assert len(findings) == 7
    assert findings[1].startswith(
        f"{SHOWN}:8:24: error deferred-search-tool the tool search tool "
        '"tool_search_tool_bm25" is deferred'
    )
    for line in findings:
        assert re.fullmatch(r"\S+:\d+:\d+: (error|warning|info) [a-z0-9-]+ \S.*", line), line


def test_quiet_prints_findings_only_and_exit_zero(runner: CliRunner) -> None:
    code, out, _ = lint(runner, "-q", "-f", "concise", str(REJECTED))
    assert code == 1 and len(out.splitlines()) == 7
    assert "errors" not in out.splitlines()[-1][:12]
    code, out, _ = lint(runner, "--quiet", str(REJECTED))
    assert code == 1 and "note:" not in out and " in 3 tools" not in out
    assert out.splitlines()[0] == str(SHOWN) and not out.endswith("\n\n")
    code, out, _ = lint(runner, "--quiet", "--select", "*-tool-name", str(REJECTED), "-f", "text")
    assert code == 1 and len(out.splitlines()) == 2 and "[invalid-tool-name]" in out
    code, out, _ = lint(runner, "--quiet", "--select", "long-tool-name", str(REJECTED))
    assert (code, out) == (0, "")
    code, out, _ = lint(runner, "--exit-zero", str(REJECTED))
    assert code == 0 and "6 errors" in out
    code, _, err = lint(runner, "--exit-zero", "missing.json")
    assert code == 2 and "missing.json" in err


def test_statistics_counts_per_rule_and_marks_fixable(runner: CliRunner) -> None:
    malformed = FIXTURES / "rules" / "malformed-tool" / "bad.json"
    code, out, _ = lint(runner, "--statistics", str(REJECTED), str(malformed))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].split() == ["count", "rule", "level", "fix"]
    assert lines[1].split() == ["4", "malformed-tool", "error"]
    rows = {line.split()[1]: line.split() for line in lines[1:9]}
    assert rows["deferred-search-tool"] == ["1", "deferred-search-tool", "error", "[*]"]
    assert rows["deferred-with-cache-control"][-1] == "[*]"
    assert rows["tool-search-not-worth-it"] == ["1", "tool-search-not-worth-it", "info"]
    assert sum(int(r[0]) for r in rows.values()) == 11
    assert lines[-1] == (
        "10 errors, 0 warnings, 1 info in 2 tools + tool search + 4 malformed tools in 2 files"
    )
    code, _, err = lint(runner, "--statistics", "-f", "json", str(REJECTED))
    assert code == 2 and "--statistics" in err


def test_statistics_in_github_actions_is_a_table(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, out, _ = lint(runner, "--statistics", str(REJECTED))
    assert code == 1 and out.startswith("count  rule")


def test_json_says_whether_a_finding_is_fixable(runner: CliRunner) -> None:
    import jsonschema

    from toolsearch.schemas import load_schema

    _, out, _ = lint(runner, "-f", "json", str(REJECTED))
    data = json.loads(out)
    jsonschema.validate(data, load_schema("lint"))
    fixable = {d["rule"]: d["fixable"] for d in data["diagnostics"]}
    assert fixable["deferred-search-tool"] is True and fixable["invalid-tool-name"] is False
    fix = {d["rule"]: d["fix"] for d in data["diagnostics"]}
    assert fix["deferred-search-tool"] == "safe" and fix["invalid-tool-name"] is None


def test_json_says_an_unsafe_fix_needs_unsafe_fixes(runner: CliRunner) -> None:
    import jsonschema

    from toolsearch.schemas import load_schema

    bad = FIXTURES / "rules" / "restated-default" / "bad.json"
    _, out, _ = lint(runner, "-f", "json", "--select", "restated-default", str(bad))
    data = json.loads(out)
    jsonschema.validate(data, load_schema("lint"))
    [finding] = data["diagnostics"]
    assert finding["fixable"] is False and finding["fix"] == "unsafe"


def test_rule_doc_says_whether_it_is_fixable(runner: CliRunner) -> None:
    out = runner.invoke(app, ["rule", "deferred-search-tool"]).stdout
    assert "fix: automatic with lint --fix" in out
    out = runner.invoke(app, ["rule", "invalid-tool-name"]).stdout
    assert "fix: by hand" in out


EVAL_CASES = FIXTURES / "eval" / "small.jsonl"
EVAL_CATALOG = FIXTURES / "eval" / "small.json"


@pytest.mark.parametrize(
    "args",
    [
        ["lint", str(REJECTED)],
        ["lint", "-f", "sarif", str(REJECTED)],
        ["budget", str(REJECTED)],
        ["budget", "-f", "json", str(REJECTED)],
        ["query", "issue", "--all", str(REJECTED)],
        ["eval", str(EVAL_CASES), str(EVAL_CATALOG)],
        ["recommend", str(EVAL_CATALOG)],
        ["rules"],
        ["rule", "all-deferred"],
        ["sessions", str(FIXTURES / "sessions"), "--catalog", str(FIXTURES / "example")],
        [
            "query",
            "--explain",
            "jira_search_issues",
            "find my open tickets",
            str(FIXTURES / "example" / "request.json"),
            str(FIXTURES / "example" / "github.json"),
        ],
    ],
    ids=lambda a: " ".join(a[:3]).replace(str(FIXTURES), ""),
)
def test_output_file_holds_what_stdout_would(
    runner: CliRunner, tmp_path: Path, args: list[str]
) -> None:
    shown = runner.invoke(app, args)
    target = tmp_path / "report.out"
    target.write_text("an older report that is replaced\n")
    written = runner.invoke(app, [*args, "-o", str(target)])
    assert (written.exit_code, written.stdout) == (shown.exit_code, "")
    assert target.read_text() == shown.stdout
    fresh = tmp_path / "fresh.out"
    runner.invoke(app, [*args, "--output-file", str(fresh)])
    assert stat.S_IMODE(fresh.stat().st_mode) & 0o044 == 0o044  # not mkstemp's 0600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_output_file_for_snapshot(runner: CliRunner, in_tmp: Path) -> None:
    from tests.live_helpers import stdio_command

    server = ["--mcp-command", stdio_command("--plain", name="store"), "--out", "snaps"]
    result = runner.invoke(app, ["snapshot", *server, "-o", "report.txt"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert (in_tmp / "report.txt").read_text().startswith("created snaps/store.json")


def test_output_file_that_cannot_be_written(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "missing-folder" / "report.txt"
    result = runner.invoke(app, ["lint", str(REJECTED), "-o", str(target)])
    assert result.exit_code == 2 and not target.exists()
    assert result.stderr.count("\n") == 1 and "cannot write the report" in result.stderr


def test_long_messages_wrap_under_the_message_column_in_a_terminal(tmp_path: Path) -> None:
    """Through a real terminal (a pty of 60 columns): next lines start under the message."""
    pty = pytest.importorskip("pty")
    import fcntl
    import os
    import struct
    import subprocess
    import sys
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 60, 0, 0))
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "60"}
    command = [sys.executable, "-m", "toolsearch", "lint", "--select", "examples-with-tool-search"]
    process = subprocess.run(
        [*command, str(REJECTED)],
        stdout=follower,
        stderr=subprocess.PIPE,
        env=env,
        timeout=HANG_LIMIT,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    lines = b"".join(chunks).decode().replace("\r\n", "\n").splitlines()
    assert process.returncode == 1, process.stderr
    finding = lines[1 : lines.index("")]
    assert len(finding) > 3
    assert finding[0].startswith('  33:25    error   "github.create_issue"')
    assert all(len(line) <= 60 for line in finding)
    assert all(line.startswith(" " * 19) and line[19] != " " for line in finding[1:])
    assert finding[-1].endswith("[examples-with-tool-search]")
    words = " ".join(line.strip() for line in finding).split()
    assert words[:3] == ["33:25", "error", '"github.create_issue"'] and "input_examples" in words


def _deferred_tool(name: str) -> dict[str, object]:
    return {
        "name": name,
        "description": f"Looks up the {name} of a city for the user.",
        "defer_loading": True,
        "input_schema": {"type": "object", "properties": {}},
    }


def test_baseline_identity_v3_ignores_numbers_and_wording(runner: CliRunner, in_tmp: Path) -> None:
    """Adding a tool changes "all 3 tools" to "all 4 tools": the finding stays known, and so
    does one whose saved message is worded otherwise (identity v3 holds no message)."""
    request = json.loads(BAD.read_text())
    (in_tmp / "req.json").write_text(json.dumps(request, indent=2))
    args = ["--select", "all-deferred", "req.json", "--baseline", "base.json"]
    assert lint(runner, *args, "--update-baseline")[0] == 0
    written = json.loads((in_tmp / "base.json").read_text())
    assert written["identity"] == 3 and "all 3 tools" in written["findings"][0]["message"]
    assert written["findings"][0]["subject"] == "/tools"
    request["tools"].append(_deferred_tool("humidity"))
    (in_tmp / "req.json").write_text(json.dumps(request, indent=2))
    code, out, _ = lint(runner, *args)
    assert code == 0 and "1 known finding not shown" in out and "stale" not in out
    written["findings"][0]["message"] = "an older wording of the finding"
    (in_tmp / "base.json").write_text(json.dumps(written))
    code, out, _ = lint(runner, *args)
    assert code == 0 and "1 known finding not shown" in out and "stale" not in out
    code, out, _ = lint(runner, *args[:-2], "-f", "sarif")
    (result,) = json.loads(out)["runs"][0]["results"]
    assert list(result["partialFingerprints"]) == ["toolsearchIdentity/v3"]


def _legacy_baseline(message: str, identity: int | None) -> dict[str, Any]:
    entry = {"rule": "all-deferred", "source": "req", "tool": None, "message": message, "count": 1}
    document: dict[str, Any] = {"schema_version": 1, "findings": [entry]}
    if identity is not None:
        document["identity"] = identity
    return document


@pytest.mark.parametrize("identity", [None, 2])
def test_baseline_v1_and_v2_entries_match_until_rewritten(
    runner: CliRunner, in_tmp: Path, identity: int | None
) -> None:
    (in_tmp / "req.json").write_text(BAD.read_text())
    _, out, _ = lint(runner, "--select", "all-deferred", "-f", "json", "req.json")
    (finding,) = json.loads(out)["diagnostics"]
    args = ["--select", "all-deferred", "req.json", "--baseline", "base.json"]
    # as written before identity v3: an older count, or an older wording, in the message
    for message in (
        finding["message"].replace("all 3 tools", "all 2 tools"),
        "every tool has defer_loading: true; the API rejects this (400); keep one loaded",
    ):
        (in_tmp / "base.json").write_text(json.dumps(_legacy_baseline(message, identity)))
        code, out, _ = lint(runner, *args)
        assert code == 0 and "1 known finding not shown" in out and "stale" not in out
    code, out, _ = lint(runner, *args, "--update-baseline")
    assert code == 0 and "(0 added, 0 removed)" in out
    rewritten = json.loads((in_tmp / "base.json").read_text())
    assert rewritten["identity"] == 3
    assert rewritten["findings"][0]["subject"] == "/tools"
    assert "all 3 tools" in rewritten["findings"][0]["message"]


YAML_CATALOG = """\
model: claude-sonnet-4-5
tools:
  - type: tool_search_tool_bm25_20251119
    name: tool_search_tool_bm25
    defer_loading: true  # toolsearch: ignore[deferred-search-tool]
  - name: get_weather
    description: Weather.   # toolsearch: ignore[short-description, missing-description]
    input_schema: {type: object}
  - name: get_time
    description: Time.
    input_schema: {type: object}
"""


def test_yaml_trailing_comment_suppresses_the_named_rules(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "cat.yaml").write_text(YAML_CATALOG)
    code, out, _ = lint(runner, "-f", "concise", "-q", "cat.yaml")
    assert code == 0
    # get_weather's comment holds; get_time has none.
    assert [line.split()[:3] for line in out.splitlines()] == [
        ["cat.yaml:3:5:", "info", "tool-search-not-worth-it"],
        ["cat.yaml:10:18:", "warning", "short-description"],
    ]
    plain = YAML_CATALOG.replace("  # toolsearch: ignore[deferred-search-tool]", "")
    (in_tmp / "cat.yaml").write_text(plain)
    _, out, _ = lint(runner, "-f", "concise", "-q", "cat.yaml")
    assert "deferred-search-tool" in out
    typo = YAML_CATALOG.replace("ignore[short-description,", "ignore[short-descriptio,")
    (in_tmp / "cat.yaml").write_text(typo)
    code, _, err = lint(runner, "cat.yaml")
    assert code == 2 and "cat.yaml:7: unknown rule 'short-descriptio'" in err
    assert 'did you mean "short-description"' in err


def test_ignore_comment_inside_a_string_is_no_comment() -> None:
    from toolsearch.lint.ignore_comments import comment_ignores

    text = (
        'a: "text # toolsearch: ignore[short-description]"\n'
        "b: 'two\n  lines # toolsearch: ignore[short-description]'\n"
        "c: 1 # toolsearch: ignore[short-description]\n"
        "d: 2 #toolsearch: ignore[]\n"
    )
    assert comment_ignores(text, "x.yaml", ["short-description"]) == {
        4: frozenset({"short-description"})
    }


def test_ignore_comment_on_a_block_scalar_header_counts() -> None:
    from toolsearch.lint.ignore_comments import comment_ignores

    text = (
        "a: |   # toolsearch: ignore[short-description]\n"
        "  Time now.\n"
        "b: >\n"
        "  Date. # toolsearch: ignore[short-description]\n"
    )
    assert comment_ignores(text, "x.yaml", ["short-description"]) == {
        1: frozenset({"short-description"})  # the second is the scalar's text, no comment
    }


def test_show_settings_says_where_each_value_came_from(runner: CliRunner, in_tmp: Path) -> None:
    config = in_tmp / ".toolsearch.yaml"
    config.write_text(
        "model: claude-opus-4-5\nselect: [error]\nextend-select: [short-description]\n"
        "rules:\n  short-description: {min-length: 60}\n  deferred-search-tool: off\n"
        "ignore:\n  - {rule: all-deferred, path: '*.json#/tools'}\n"
    )
    code, out, err = lint(
        runner, "--show-settings", "--ignore", "info", "--fail-on", "warning", "missing.json"
    )
    assert (code, err) == (0, "")  # no source is read
    rows = {line.split()[0]: line for line in out.splitlines()}
    in_file = f"(config {config})"
    assert out.splitlines()[0] == f"config file: {config}"
    assert rows["model"].split()[1] == "claude-opus-4-5" and rows["model"].endswith(in_file)
    assert rows["target"].split()[1:] == ["api", "(default)"]
    assert rows["fail-on"].split()[1:] == ["warning", "(--fail-on)"]
    assert rows["select"].split()[1] == "error" and rows["select"].endswith(in_file)
    assert rows["extend-select"].split()[1] == "short-description"
    assert rows["--ignore"].split()[1:] == ["info", "(--ignore)"]
    assert "{rule: all-deferred, path: *.json#/tools}" in rows["ignore"]
    assert rows["all-deferred"].split()[1:] == ["error", "(default)"]
    assert rows["short-description"].split()[1:4] == ["warning", "(min-length:", "60)"]
    assert rows["short-description"].endswith(f"(rules.short-description in {config})")
    assert rows["deferred-search-tool"].split()[1] == "off"
    assert rows["long-tool-name"].endswith(f"(not in select in {config})")
    assert rows["undescribed-parameter"].split()[1:] == [
        "off",
        "(nested:",
        "true)",
        "(--ignore",
        "info)",
    ]
    code, out, _ = lint(runner, "--show-settings", "--select", "ALL", "--format", "concise")
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert rows["select"].split()[1:] == ["ALL", "(--select)"]
    assert rows["format"].split()[1:] == ["concise", "(--format)"]
    assert rows["long-tool-name"].split()[1:] == ["warning", "(default)"]


def _readme() -> str:

    return docs_text()


@pytest.mark.parametrize(
    "command",
    [
        "toolsearch lint -f concise --select 'deferred-*' fixtures/example/rejected-request.json",
        "toolsearch lint --statistics fixtures/example/rejected-request.json "
        "fixtures/rules/malformed-tool/bad.json",
    ],
)
def test_readme_lint_examples_are_real_output(
    runner: CliRunner, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shlex

    from tests.conftest import ROOT

    shown = _readme().split(f"$ {command}\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, shlex.split(command)[1:])
    assert result.stdout == shown


def test_readme_config_and_ignore_examples_parse_and_match() -> None:
    import yaml

    from tests.conftest import ROOT
    from toolsearch.catalog.model import Location
    from toolsearch.config import parse_config
    from toolsearch.lint.findings import Diagnostic, Severity
    from toolsearch.lint.linter import is_ignored
    from toolsearch.lint.rule_settings import settings

    text = _readme()
    configuration = text.split("\n## Configuration\n", 1)[1].split("```yaml\n", 1)[1]
    config = parse_config(yaml.safe_load(configuration.split("```", 1)[0]), ROOT / "x.yaml")
    chosen = settings(config)
    assert chosen["undescribed-parameter"].level is None
    assert chosen["long-tool-name"].level == Severity.ERROR
    suppressing = text.split("# Suppressing findings\n", 1)[1].split("```yaml\n", 1)[1]
    config = parse_config(yaml.safe_load(suppressing.split("```", 1)[0]), ROOT / "x.yaml")

    def finding(rule: str, file: str, pointer: str, tool: str | None = None) -> Diagnostic:
        return Diagnostic(
            rule, Severity.INFO, "m", Location(file, pointer, 1, 1), "s", tool, "github"
        )

    assert is_ignored(finding("short-description", "a.json", "/tools/0"), config)
    assert is_ignored(finding("missing-description", "vendor/x.json", "/0"), config)
    assert is_ignored(finding("undescribed-parameter", "request.json", "/tools/3/x"), config)
    assert not is_ignored(finding("undescribed-parameter", "request.json", "/tools/4"), config)
    assert is_ignored(finding("all-deferred", "r.json", "/tools", "create_issue"), config)
    assert not is_ignored(finding("all-deferred", "r.json", "/tools", "other"), config)


def test_wrap_counts_terminal_cells_and_cuts_long_words() -> None:
    from rich.cells import cell_len

    from toolsearch.report.lint_text import wrap_cells

    def wrap(text: str, room: int) -> list[str]:
        return wrap_cells([(" ", w) for w in text.split()] + [("  ", "[rule]")], room)

    assert wrap("a b", 14) == ["a b  [rule]"]
    lines = wrap("天気予報を取得します 天気予報を取得します word", 12)
    assert all(cell_len(line) <= 12 for line in lines) and lines[-1] == "word  [rule]"
    assert "".join(lines[:4]) == "天気予報を取得します" * 2
    assert wrap("x" * 25, 10) == ["x" * 10, "x" * 10, "x" * 5, "[rule]"]


@pytest.mark.parametrize("target", ["-", "/dev/stdout"])
def test_output_file_dash_is_standard_output(runner: CliRunner, target: str) -> None:
    args = ["budget", str(REJECTED)]
    shown = runner.invoke(app, args)
    written = runner.invoke(app, [*args, "-o", target])
    assert (written.exit_code, written.stdout) == (shown.exit_code, shown.stdout)
