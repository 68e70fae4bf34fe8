"""``budget --breakdown`` and ``lint --fix --unsafe-fixes`` as a user runs them: the parts of
each tool, what each class of fixes saves upfront and per load, and the same figures as budget
gives for the fixed files."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
from typer.testing import CliRunner

from tests.conftest import CATALOGS, FIXTURES, docs_text, env_without_cache, needs_shared
from toolsearch.app import app
from toolsearch.cost.schema_parts import PARTS
from toolsearch.schemas import load_schema

UNUSED = FIXTURES / "rules" / "unused-definition" / "bad.json"
DEFAULTS = FIXTURES / "rules" / "restated-default" / "bad.json"


def _budget(runner: CliRunner, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["budget", "-f", "json", *args])
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("budget"))
    return data


def _tokens(runner: CliRunner, path: Path) -> int:
    return sum(t["tokens"] for t in _budget(runner, str(path))["tools"])


def _fixed_copy(tmp_path: Path, source: Path, runner: CliRunner, *flags: str) -> Path:
    path = tmp_path / f"{len(flags)}-{source.name}"
    shutil.copyfile(source, path)
    result = runner.invoke(app, ["lint", "--fix", *flags, "--exit-zero", str(path)])
    assert result.exit_code == 0, result.stderr
    return path


def test_json_breakdown_adds_up_and_matches_the_fixed_files(
    runner: CliRunner, tmp_path: Path
) -> None:
    for source, flags, key in (
        (UNUSED, (), "fix"),
        (DEFAULTS, ("--unsafe-fixes",), "unsafe_fixes"),
    ):
        data = _budget(runner, "--breakdown", str(source))
        member = data["breakdown"]
        assert member["parts"] == list(PARTS)
        rows = {(t["source"], t["name"]): t["tokens"] for t in data["tools"]}
        (scope,) = member["scopes"]
        for tool in scope["tools"]:
            assert tool["tokens"] == rows[(tool["source"], tool["name"])]
            # the parts add up to the tool's estimate, each part rounded on its own
            assert abs(sum(tool["parts"].values()) - tool["tokens"]) <= len(PARTS) // 2 + 1
        slim = scope["slimming"]
        assert slim["deferred"]["tools"] == 0  # a bare tools array: everything is loaded
        assert slim["loaded"]["before"] == sum(rows.values())
        fixed = _fixed_copy(tmp_path, source, runner, *flags)
        assert slim["loaded"][key] == _tokens(runner, fixed) < slim["loaded"]["before"]


def test_text_breakdown_names_the_parts_and_where_the_saving_goes(runner: CliRunner) -> None:
    result = runner.invoke(app, ["budget", "--breakdown", str(UNUSED)])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Breakdown of scope bad" in out
    assert re.search(r"^definitions +\d+ +\d+\.\d%$", out, re.M)
    line = re.search(r"^loaded \(paid upfront\) +2 +([\d,]+) +([\d,]+) \(-([\d,]+)\)", out, re.M)
    assert line is not None, out
    before, after, cut = (int(g.replace(",", "")) for g in line.groups())
    assert before - after == cut > 0
    assert "estimate: parts: cl100k_base" in out
    markdown = runner.invoke(app, ["budget", "--breakdown", "-f", "markdown", str(UNUSED)])
    assert (
        "| definitions |" in markdown.stdout and "| loaded (paid upfront) | 2 |" in markdown.stdout
    )


def test_deferred_tools_save_per_load(runner: CliRunner, tmp_path: Path) -> None:
    tools = json.loads(UNUSED.read_text(encoding="utf-8"))["tools"]
    request = {
        "model": "claude-sonnet-4-5",
        "tools": [
            {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
            *(
                {
                    "name": t["name"],
                    "description": t["description"],
                    "input_schema": t["inputSchema"],
                    "defer_loading": index > 0,
                }
                for index, t in enumerate(tools)
            ),
        ],
        "messages": [{"role": "user", "content": "hi"}],
    }
    path = tmp_path / "request.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    slim = _budget(runner, "--breakdown", str(path))["breakdown"]["scopes"][0]["slimming"]
    assert slim["loaded"]["tools"] == 1 and slim["deferred"]["tools"] == 1
    assert slim["deferred"]["fix"] < slim["deferred"]["before"]
    out = runner.invoke(app, ["budget", "--breakdown", str(path)]).stdout
    each = slim["deferred"]["before"] - slim["deferred"]["fix"]
    assert f"saves about {each:,.1f} tokens per load on average" in out


def test_unsafe_fixes_only_with_the_flag(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    shutil.copyfile(DEFAULTS, path)
    safe = runner.invoke(app, ["lint", "--diff", str(path)])
    assert safe.exit_code == 0 and "nothing to fix" in safe.stdout
    unsafe = runner.invoke(app, ["lint", "--diff", "--unsafe-fixes", str(path)])
    assert unsafe.exit_code == 1
    assert '-          "default": 10,' in unsafe.stdout or '"default": 10' in unsafe.stdout
    assert "would fix 1 finding (restated-default)" in unsafe.stdout
    assert path.read_bytes() == DEFAULTS.read_bytes()  # --diff writes nothing
    alone = runner.invoke(app, ["lint", "--unsafe-fixes", str(path)])
    assert alone.exit_code == 2 and "--unsafe-fixes goes with --fix or --diff" in alone.stderr
    assert "Traceback" not in alone.stderr


def test_fix_in_a_real_process_writes_and_reports_the_saving(tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    shutil.copyfile(UNUSED, path)
    done = subprocess.run(
        [sys.executable, "-m", "toolsearch", "lint", "--fix", str(path)],
        capture_output=True,
        text=True,
        env=env_without_cache(),
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "drop unused definitions x2 in 2 tools" in done.stdout
    assert re.search(r"about [\d,]+ -> [\d,]+ tokens \(-[\d,]+; estimate", done.stdout)
    schemas = [t["inputSchema"] for t in json.loads(path.read_text(encoding="utf-8"))["tools"]]
    assert "$defs" not in schemas[0]
    assert sorted(schemas[1]["$defs"]) == ["owner", "sort", "team"]


def test_report_shows_each_tools_parts(runner: CliRunner, tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    result = runner.invoke(app, ["report", str(UNUSED), "-o", str(page)])
    assert result.exit_code == 0, result.stderr
    html = page.read_text(encoding="utf-8")
    assert re.search(r'class="muted parts">definitions \d+ \(\d+%\)[^<]*lint --fix saves \d+', html)


@needs_shared
def test_readme_notion_figures_are_real(runner: CliRunner, tmp_path: Path) -> None:
    readme = docs_text()
    section = readme.split("# Slimming schemas", 1)[1].split("\n## ", 1)[0]
    path = tmp_path / "notion.json"
    shutil.copyfile(CATALOGS / "notion.json", path)
    path.chmod(0o644)
    shown = runner.invoke(app, ["budget", "--breakdown", str(path)]).stdout
    for line in shown.split("Breakdown of scope", 1)[1].splitlines():
        if line.startswith(("loaded (paid upfront)", "definitions ", "structure ", " 1,634 ")):
            assert line in section, line
    claude = runner.invoke(app, ["budget", "--breakdown", "--target", "claude-code", str(path)])
    per_load = re.search(r"saves about ([\d.,]+) tokens per load", claude.stdout)
    assert per_load is not None and f"saves about {per_load[1]} tokens per load" in section
    fixed = runner.invoke(app, ["lint", "--fix", "--exit-zero", str(path)]).stdout
    notes = [line for line in fixed.splitlines() if line.startswith("note:")]
    assert notes and all(note.replace(str(path), "notion.json") in section for note in notes)
    upfront = runner.invoke(app, ["budget", str(path)]).stdout
    assert next(line for line in upfront.splitlines() if "upfront:" in line) in section


def test_fixes_that_touch_one_union_are_made_one_after_the_other(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A repeated branch and an additionalProperties: true inside it: both fixed, in two
    passes, and nothing else lost (the union was once dropped whole)."""
    branch = {"type": "object", "additionalProperties": True}
    items = {"anyOf": [{"type": "string"}, {"type": "string"}, branch]}
    tools = [
        {
            "name": "create_page",
            "description": "Create a page in a Notion database or below another page.",
            "inputSchema": {"type": "object", "properties": {"children": {"items": items}}},
        }
    ]
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": tools}, indent=2), encoding="utf-8")
    result = runner.invoke(app, ["lint", "--fix", "--exit-zero", str(path)])
    assert result.exit_code == 0, result.stderr
    fixed = json.loads(path.read_text(encoding="utf-8"))["tools"][0]["inputSchema"]
    assert fixed["properties"]["children"]["items"] == {
        "anyOf": [{"type": "string"}, {"type": "object"}]
    }


def test_statistics_mark_the_unsafe_fixes(runner: CliRunner) -> None:
    result = runner.invoke(app, ["lint", "--statistics", str(DEFAULTS), str(UNUSED)])
    rows = {
        line.split()[1]: line for line in result.stdout.splitlines() if line[:5].strip().isdigit()
    }
    assert rows["restated-default"].endswith("[**]")
    assert rows["unused-definition"].endswith("[*]")
    assert "[**] fixable with toolsearch lint --fix --unsafe-fixes" in result.stdout
