"""``lint --fix`` and ``--diff`` (issue 19): certain, local fixes in the files' own format,
written atomically, and never a new finding (checked on every fixture)."""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES
from tests.rule_harness import fixture_args
from toolsearch.app import app

RULE_FOLDERS = sorted(p for p in (FIXTURES / "rules").iterdir() if p.is_dir())
PLAIN_FILES = sorted(
    p
    for folder in ("example", "dialects")
    for p in (FIXTURES / folder).iterdir()
    if p.suffix in (".json", ".yaml") and p.name != "cases.yaml"
)


def run(runner: CliRunner, folder: Path, *args: str) -> tuple[int, str, str]:
    config = folder / "config.yaml"
    extra = ["--config", str(config)] if config.exists() else []
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        result = runner.invoke(app, ["lint", *extra, *args])
    finally:
        os.chdir(cwd)
    return result.exit_code, result.stdout, result.stderr


def findings(runner: CliRunner, folder: Path, args: list[str]) -> Counter[tuple[str, str, str]]:
    code, out, err = run(runner, folder, "-f", "json", "--fail-on", "info", *args)
    assert code in (0, 1), err
    return Counter(
        (d["rule"], d["source"] or d["scope"], d["tool"] or "")
        for d in json.loads(out)["diagnostics"]
    )


def cases() -> list[tuple[str, Path, str | None]]:
    found: list[tuple[str, Path, str | None]] = []
    for folder in RULE_FOLDERS:
        found += [(f"{folder.name}/{stem}", folder, stem) for stem in ("bad", "good")]
    found += [(f"{p.parent.name}/{p.name}", p, None) for p in PLAIN_FILES]
    return found


@pytest.mark.parametrize(("label", "where", "stem"), cases(), ids=[c[0] for c in cases()])
def test_fix_never_adds_a_finding(
    runner: CliRunner, tmp_path: Path, label: str, where: Path, stem: str | None
) -> None:
    if stem is None:
        folder = tmp_path / "plain"
        folder.mkdir()
        shutil.copy(where, folder / where.name)
        args: list[str] | None = [where.name]
    else:
        folder = tmp_path / where.name
        shutil.copytree(where, folder)
        args = fixture_args(folder, stem)
    assert args is not None
    before = findings(runner, folder, args)
    shown = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    code, diff, err = run(runner, folder, "--diff", *args)
    assert code in (0, 1), err
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == shown
    code, _, err = run(runner, folder, "--fix", *args)
    assert code in (0, 1), err
    after = findings(runner, folder, args)
    added = after - before
    assert not added, f"{label}: --fix added {added}"
    changed = sorted(n for n, data in shown.items() if (folder / n).read_bytes() != data)
    assert bool(changed) == diff.startswith("--- a/"), (changed, diff)
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []
    if changed:
        assert sum(before.values()) > sum(after.values())


@pytest.mark.parametrize(
    "rule", ["all-deferred", "deferred-search-tool", "deferred-with-cache-control"]
)
def test_fixable_rule_fixtures_are_fixed(runner: CliRunner, tmp_path: Path, rule: str) -> None:
    folder = tmp_path / rule
    shutil.copytree(FIXTURES / "rules" / rule, folder)
    args = fixture_args(folder, "bad")
    assert args is not None
    assert findings(runner, folder, ["--select", rule, *args])
    _, out, _ = run(runner, folder, "--fix", "--select", rule, *args)
    assert f"({rule}" in out and "note: fixed" in out
    assert not findings(runner, folder, ["--select", rule, *args])


SEARCH_REQUEST = """\
# the request
model: claude-sonnet-4-5
tools:
  - type: tool_search_tool_bm25_20251119  # search
    name: tool_search_tool_bm25
    defer_loading: true
{extra}  - name: get_weather
    description: Current weather for a city, with temperature and wind.
    input_schema: {{type: object, properties: {{city: {{type: string}}}}}}
"""


def test_fix_keeps_yaml_comments_and_order(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "req.yaml").write_text(SEARCH_REQUEST.format(extra=""))
    code, out, err = run(runner, in_tmp, "--fix", "--select", "deferred-search-tool", "req.yaml")
    assert code == 0, err
    expected = SEARCH_REQUEST.format(extra="").replace("    defer_loading: true\n", "")
    assert (in_tmp / "req.yaml").read_text() == expected
    assert "note: fixed req.yaml: load the search tool 'tool_search_tool_bm25'" in out
    assert "note: fixed 1 finding (deferred-search-tool)" in out


def _tools(count: int) -> list[dict[str, object]]:
    topics = ["weather", "forecast", "tides", "pollen", "sunrise", "traffic", "flights"]
    topics += ["hotels", "museums", "parking", "trains", "ferries", "concerts", "markets"]
    return [
        {
            "name": f"get_{topic}",
            "description": f"Look up the {topic} for a city: returns the current {topic} "
            f"report with times, places and details for planning a trip.",
            "defer_loading": True,
            "input_schema": {
                "type": "object",
                "properties": {"city": {"type": "string", "description": "City name"}},
            },
        }
        for topic in topics[:count]
    ]


def test_fix_adds_the_bm25_search_tool_and_keeps_the_top_ranked_loaded(
    runner: CliRunner, in_tmp: Path
) -> None:
    request = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": _tools(14)}
    original = json.dumps(request, indent=4) + "\n"
    (in_tmp / "req.json").write_text(original)
    code, diff, _ = run(runner, in_tmp, "--diff", "req.json")
    assert code == 1 and (in_tmp / "req.json").read_text() == original
    assert diff.startswith("--- a/req.json\n+++ b/req.json\n")
    assert "# would fix 2 findings (all-deferred, deferred-without-search)" in diff
    code, out, _ = run(runner, in_tmp, "--fix", "req.json")
    fixed = json.loads((in_tmp / "req.json").read_text())
    assert fixed["tools"][-1] == {
        "type": "tool_search_tool_bm25_20251119",
        "name": "tool_search_tool_bm25",
    }
    loaded = [t["name"] for t in fixed["tools"][:-1] if not t.get("defer_loading")]
    assert len(loaded) == 1
    assert f"keep {loaded[0]} loaded (ranked first by recommend)" in out
    assert (in_tmp / "req.json").read_text().startswith('{\n    "model"')  # indentation kept
    assert "[all-deferred]" not in out and "[deferred-without-search]" not in out


def test_fix_leaves_out_a_fix_that_would_add_a_finding(runner: CliRunner, in_tmp: Path) -> None:
    tools = _tools(3)
    tools[0].pop("defer_loading")
    request = {"model": "claude-sonnet-4-5", "tools": tools}
    (in_tmp / "req.json").write_text(json.dumps(request))
    _, out, _ = run(runner, in_tmp, "--fix", "req.json")
    assert "not fixed: [deferred-without-search] req: the fix would add a finding" in out
    assert json.loads((in_tmp / "req.json").read_text()) == request


def test_fix_on_stdin_writes_nothing_and_diff_works(runner: CliRunner) -> None:
    text = (FIXTURES / "rules" / "deferred-search-tool" / "request.json").read_text()
    result = runner.invoke(app, ["lint", "--diff", "-"], input=text)
    assert result.exit_code == 1 and result.stdout.startswith("--- a/<stdin>")
    result = runner.invoke(app, ["lint", "--fix", "-"], input=text)
    assert "not fixed: standard input or a live server cannot be written back" in result.stdout
    assert "fixed 1 finding" not in result.stdout and "[deferred-search-tool]" in result.stdout
    result = runner.invoke(app, ["lint", "--fix", "--update-baseline", "--baseline", "b", "-"])
    assert result.exit_code == 2 and "--update-baseline" in result.stderr


def test_every_rule_doc_says_whether_it_is_fixable(runner: CliRunner) -> None:
    import inspect

    from toolsearch.lint.fixable import FIXES, UNSAFE_FIXES
    from toolsearch.rules import RULES

    assert set(FIXES) | set(UNSAFE_FIXES) <= {r.ID for r in RULES}
    for rule in RULES:
        out = runner.invoke(app, ["rule", rule.ID]).stdout
        fixable = rule.ID in FIXES or rule.ID in UNSAFE_FIXES
        assert ("fix: automatic with lint --fix" in out) is fixable, rule.ID
        assert ("--unsafe-fixes" in out.split("fix: ", 1)[-1]) is (rule.ID in UNSAFE_FIXES)
        assert ("fix: by hand" in out) is not fixable, rule.ID
        assert ("`toolsearch lint --fix`" in (inspect.getdoc(rule) or "")) is fixable, rule.ID


def test_diff_shows_hidden_characters_escaped(runner: CliRunner, in_tmp: Path) -> None:
    from toolsearch.sanitize import has_unsafe

    hidden = SEARCH_REQUEST.format(extra="    # note \u202egnirts\n")
    (in_tmp / "req.yaml").write_text(hidden, encoding="utf-8")
    result = runner.invoke(app, ["lint", "--diff", "--select", "deferred-search-tool", "req.yaml"])
    assert result.exit_code == 1 and "-    defer_loading: true" in result.stdout
    assert not has_unsafe(result.stdout.replace("\n", ""))


def test_fixes_run_in_passes(runner: CliRunner, in_tmp: Path) -> None:
    """Nothing is loaded, so the breakpoint has nowhere to go until a pass loads something."""
    tools = _tools(14)
    tools[3]["cache_control"] = {"type": "ephemeral"}
    (in_tmp / "req.json").write_text(json.dumps({"model": "claude-sonnet-4-5", "tools": tools}))
    _, out, _ = run(runner, in_tmp, "--fix", "req.json")
    fixed = json.loads((in_tmp / "req.json").read_text())["tools"]
    assert (
        "fixed 3 findings (all-deferred, deferred-with-cache-control, deferred-without-search)"
        in out
    )
    with_breakpoint = [t for t in fixed if "cache_control" in t]
    assert len(with_breakpoint) == 1 and not with_breakpoint[0].get("defer_loading")
    assert "deferred-with-cache-control]" not in out


def test_unsafe_fixes_drop_property_titles(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "title-in-schema"
    shutil.copytree(FIXTURES / "rules" / "title-in-schema", folder)
    original = json.loads((folder / "bad.json").read_text(encoding="utf-8"))
    select = ["--select", "title-in-schema,redundant-title", "bad.json"]
    titled = ("title-in-schema", "bad", "web_search")
    repeated = ("redundant-title", "bad", "web_search")
    assert findings(runner, folder, select) == Counter([titled, repeated])
    code, out, _ = run(runner, folder, "--fix", *select)  # safe only: the repeated name goes
    assert code == 0 and "drop titles that repeat a name x1" in out
    assert findings(runner, folder, select) == Counter([titled])
    code, out, _ = run(runner, folder, "--fix", "--unsafe-fixes", *select)
    assert code == 0 and "drop property titles x1" in out
    assert not findings(runner, folder, select)
    fixed = json.loads((folder / "bad.json").read_text(encoding="utf-8"))
    for prop in original["tools"][0]["inputSchema"]["properties"].values():
        prop.pop("title")
    assert fixed == original
