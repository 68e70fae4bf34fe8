"""Each Claude Code change point, on both sides of its boundary (issue 26), through the CLI."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolsearch.app import app
from toolsearch.catalog.claude_code_versions import (
    BOUNDARIES,
    DRIVEN,
    ClaudeCode,
    choose_version,
    claude_code_method,
)
from toolsearch.catalog.locale_order import locale_key
from toolsearch.errors import UsageError

SERVER: list[dict[str, Any]] = [
    {"name": "create_issue", "description": "Create an issue."},
    {"name": "list.items", "description": "List the items of a board."},
    {"name": "get:page", "description": "Fetch one."},
    {"name": "Zeta", "description": "Report a status."},
    {"name": "alpha", "description": "Report a status."},
    {"name": "ui_get", "description": "Report a panel.", "_meta": {"ui": {"visibility": ["app"]}}},
    {"name": "pinned", "description": "Report pins.", "_meta": {"anthropic/alwaysLoad": True}},
]
OTHER: list[dict[str, Any]] = [{"name": "create_issue", "description": "Open a ticket."}]


def write(folder: Path, name: str, tools: list[dict[str, Any]]) -> Path:
    path = folder / f"{name}.json"
    listed = [{**t, "inputSchema": {"type": "object"}} for t in tools]
    path.write_text(json.dumps({"tools": listed}), encoding="utf-8")
    return path


@pytest.fixture
def sources(tmp_path: Path) -> list[str]:
    return [f"gh={write(tmp_path, 'gh', SERVER)}", f"jira={write(tmp_path, 'jira', OTHER)}"]


def query(runner: CliRunner, sources: list[str], text: str, version: str) -> list[Any]:
    argv = ["query", text, *sources, "--target", "claude-code", "-f", "json", "--limit", "20"]
    result = runner.invoke(app, [*argv, "--claude-code-version", version])
    assert result.exit_code == 0, result.stderr
    return [(r["sent_name"], r["score"]) for r in json.loads(result.stdout)["results"]]


def before(boundary: str) -> str:
    major, minor, patch = boundary.split(".")
    return f"{major}.{minor}.{int(patch) - 1}"


# (boundary, query, results just below it, results at it)
TABLE: list[tuple[str, str, list[Any], list[Any]]] = [
    # name parts from the tool's own name, split only on whitespace, _ and .: "get:page" was
    # sent (and split) as get_page
    ("2.1.101", "page", [("mcp__gh__get_page", 12.0)], [("mcp__gh__get_page", 6.0)]),
    # coarse entries: a server name scores 24 (part 12 + coarse 12), a whole tool name 12 more
    (
        "2.1.113",
        "jira",
        [("mcp__jira__create_issue", 12.0)],
        [("mcp__jira__create_issue", 24.0)],
    ),
    (
        "2.1.113",
        "+create_issue",
        [],
        [("mcp__gh__create_issue", 12.0), ("mcp__jira__create_issue", 12.0)],
    ),
    # select: with a bare name loads every deferred tool of that name
    (
        "2.1.271",
        "select:create_issue",
        [],
        [("mcp__gh__create_issue", None), ("mcp__jira__create_issue", None)],
    ),
    # caps: past 32 terms the rest of the query is not read (driven: from 2.1.295)
    (
        "2.1.295",
        " ".join(["zzz"] * 32) + " board",
        [("mcp__gh__list_items", 2.0)],
        [],
    ),
    # select: keeps at most 64 names
    (
        "2.1.295",
        "select:" + ",".join(["nope"] * 64) + ",mcp__gh__alpha",
        [("mcp__gh__alpha", None)],
        [],
    ),
    # ties in localeCompare order at every version (alpha before Zeta); from 2.1.280 a tool
    # hidden from the model is neither searched nor found by name
    (
        "2.1.280",
        "report",
        [("mcp__gh__alpha", 2.0), ("mcp__gh__ui_get", 2.0), ("mcp__gh__Zeta", 2.0)],
        [("mcp__gh__alpha", 2.0), ("mcp__gh__Zeta", 2.0)],
    ),
    ("2.1.280", "mcp__gh__ui_get", [("mcp__gh__ui_get", None)], []),
    ("2.1.280", "select:mcp__gh__ui_get", [("mcp__gh__ui_get", None)], []),
    # a bare name in select: reaches a loaded tool too from 2.1.271 (its sent name always)
    ("2.1.271", "select:pinned", [], [("mcp__gh__pinned", None)]),
    ("2.1.271", "select:alpha", [], [("mcp__gh__alpha", None)]),
    ("2.1.332", "mcp__gh__pinned", [("mcp__gh__pinned", None)], [("mcp__gh__pinned", None)]),
    # exact name: case-sensitive first (before: the first of any case, in catalog order)
    ("2.1.332", "mcp__gh__zeta", [("mcp__gh__Zeta", None)], [("mcp__gh__Zeta", None)]),
]


@pytest.mark.parametrize(("boundary", "text", "below", "at"), TABLE)
def test_each_search_boundary(
    runner: CliRunner,
    sources: list[str],
    boundary: str,
    text: str,
    below: list[Any],
    at: list[Any],
) -> None:
    assert query(runner, sources, text, before(boundary)) == below
    assert query(runner, sources, text, boundary) == at


def test_the_description_cut_moves_to_4096_at_2_1_296(runner: CliRunner, tmp_path: Path) -> None:
    long = "word " * 600 + "lateword"  # 3,008 characters: past 2,048, within 4,096
    path = write(tmp_path, "srv", [{"name": "t", "description": long}])
    assert query(runner, [f"srv={path}"], "lateword", "2.1.295") == []
    assert query(runner, [f"srv={path}"], "lateword", "2.1.296") == [("mcp__srv__t", 2.0)]
    sent = runner.invoke(
        app, ["budget", f"srv={path}", "--target", "claude-code", "-f", "json", "--all"]
    )
    assert sent.exit_code == 0, sent.stderr


def test_the_hint_is_cut_at_4096_from_2_1_295(runner: CliRunner, tmp_path: Path) -> None:
    hint = "h " * 2100 + "latehint"
    tool = {"name": "t", "description": "d", "_meta": {"anthropic/searchHint": hint}}
    path = write(tmp_path, "srv", [tool])
    assert query(runner, [f"srv={path}"], "latehint", "2.1.294") == [("mcp__srv__t", 4.0)]
    assert query(runner, [f"srv={path}"], "latehint", "2.1.295") == []


@pytest.mark.parametrize(
    ("version", "deferred", "loaded"),
    [("2.1.294", 2048, 2048), ("2.1.295", 16_384, 2048), ("2.1.296", 16_384, 4096)],
)
def test_where_each_version_cuts_what_it_sends(version: str, deferred: int, loaded: int) -> None:
    """Driven: a deferred tool once loaded is sent cut at 16,384 from 2.1.295; a tool kept
    loaded is cut at 4,096 from 2.1.296 (2,048 before)."""
    claude_code = ClaudeCode(version)
    assert claude_code.sent_cut(deferred=True) == deferred
    assert claude_code.sent_cut(deferred=False) == loaded


@pytest.mark.parametrize(
    ("model", "old", "new"),
    [
        ("claude-haiku-4-5", False, True),
        ("claude-3-5-haiku-20241022", False, False),
        ("claude-3-7-sonnet-20250219", True, False),
        ("claude-3-opus-20240229", True, False),
        ("claude-sonnet-4-5", True, True),
    ],
)
def test_models_that_search(model: str, old: bool, new: bool) -> None:
    assert ClaudeCode("2.1.331").searches_with(model) is old
    assert ClaudeCode("2.1.332").searches_with(model) is new


def test_versions_between_and_beyond_the_boundaries() -> None:
    assert ClaudeCode("2.1.150").modelled == "2.1.113"
    assert ClaudeCode("2.1.298").modelled == "2.1.296"
    assert ClaudeCode("2.1.332").note is None
    newer = ClaudeCode("2.2.0")
    assert newer.modelled == "2.1.332" and "newer than 2.1.332" in (newer.note or "")
    assert [ClaudeCode(b).modelled for b in BOUNDARIES] == list(BOUNDARIES)
    assert "newest modelled" in claude_code_method(ClaudeCode())


def test_the_flag_wins_over_the_config_and_bad_versions_are_refused() -> None:
    assert choose_version("2.1.200", "2.1.100").version == "2.1.200"
    assert choose_version(None, "2.1.100").origin == "config"
    assert choose_version(None, None).version == BOUNDARIES[-1]
    with pytest.raises(UsageError, match="--claude-code-version"):
        choose_version("latest", None)


def test_config_version_and_show_settings(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / ".toolsearch.yaml").write_text('claude-code:\n  version: "2.1.113"\n')
    shown = runner.invoke(app, ["lint", "--show-settings"])
    assert shown.exit_code == 0, shown.stderr
    (line,) = [x for x in shown.stdout.splitlines() if "claude-code.version" in x]
    assert "2.1.113" in line and "config" in line
    flag = runner.invoke(app, ["lint", "--show-settings", "--claude-code-version", "2.1.300"])
    (line,) = [x for x in flag.stdout.splitlines() if "claude-code.version" in x]
    assert "2.1.300" in line and "--claude-code-version" in line
    (in_tmp / ".toolsearch.yaml").write_text("claude-code:\n  version: 2.1\n")
    bad = runner.invoke(app, ["lint", "--show-settings"])
    assert bad.exit_code == 2
    assert "claude-code.version must be a Claude Code version" in bad.stderr


def test_the_method_line_names_the_version(runner: CliRunner, sources: list[str]) -> None:
    argv = ["query", "issue", *sources, "--target", "claude-code"]
    default = runner.invoke(app, argv)
    assert "method: Claude Code 2.1.332's ToolSearch (the newest modelled" in default.stdout
    chosen = runner.invoke(app, [*argv, "--claude-code-version", "2.1.100"])
    assert "method: Claude Code 2.1.100's ToolSearch (--claude-code-version)" in chosen.stdout


NODE_ORDER = "_under 9lives a-b alpha Alpha Bravo get_item get_Item get-item get2 getitem zeta"


def test_locale_order_is_javascripts() -> None:
    names = NODE_ORDER.split()
    assert sorted(reversed(names), key=locale_key) == names


def test_locale_order_against_node_when_present(tmp_path: Path) -> None:
    import random
    import shutil

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    rng = random.Random(3)
    alphabet = "_-09aAzZbB"
    names = sorted({"".join(rng.choices(alphabet, k=rng.randint(1, 5))) for _ in range(300)})
    script = "const a=JSON.parse(process.argv[1]);a.sort((x,y)=>x.localeCompare(y));"
    script += "console.log(JSON.stringify(a))"
    out = subprocess.run(
        [node, "-e", script, json.dumps(names)], capture_output=True, text=True, timeout=300
    )
    expected = json.loads(out.stdout)
    ours = sorted(names, key=locale_key)
    # equal keys (names equal but for case at the same places) are the only freedom
    assert [locale_key(n) for n in ours] == [locale_key(n) for n in expected]


LENGTH = "CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH"


LONG = "word " * 600 + "lateword " + "word " * 600 + "farword"  # at 3,000 and 6,009


@pytest.mark.parametrize(
    ("version", "length", "word", "found"),
    [
        ("2.1.278", "4000", "lateword", False),  # not read yet: 2,048
        ("2.1.280", "4000", "lateword", True),  # read: the word at 3,000 is within 4,000
        ("2.1.280", "4000", "farword", False),
        ("2.1.332", "100", "lateword", False),  # read: 100 cuts below the default 4,096
        ("2.1.332", "8000", "farword", True),  # read: 8,000 searched, above the default
        ("2.1.332", "", "farword", False),  # unset: 4,096
    ],
)
def test_the_description_length_setting_is_read_from_2_1_280(
    runner: CliRunner, tmp_path: Path, version: str, length: str, word: str, found: bool
) -> None:
    path = write(tmp_path, "srv", [{"name": "t", "description": LONG}])
    argv = ["query", word, f"srv={path}", "--target", "claude-code", "-f", "json"]
    env = {LENGTH: length}
    result = runner.invoke(app, [*argv, "--claude-code-version", version], env=env)
    assert result.exit_code == 0, result.stderr
    assert bool(json.loads(result.stdout)["results"]) is found
    lint = ["lint", f"srv={path}", "--target", "claude-code", "--claude-code-version", version]
    linted = runner.invoke(app, [*lint, "--select", "description-cut-by-claude-code"], env=env)
    # a deferred tool is sent cut where the setting says, else (from 2.1.295) at 16,384
    assert ("Claude Code cuts the last" in linted.stdout) is (length not in ("8000", ""))


@pytest.mark.parametrize(
    ("version", "length", "searched", "kept_loaded", "loaded_deferred"),
    [
        ("2.1.278", 1000, 2048, 2048, 2048),  # not read
        ("2.1.280", 1000, 1000, 1000, 1000),
        ("2.1.294", None, 2048, 2048, 2048),
        ("2.1.295", None, 2048, 2048, 16_384),
        ("2.1.295", 8000, 8000, 8000, 8000),
        ("2.1.332", None, 4096, 4096, 16_384),
        ("2.1.332", 8000, 8000, 8000, 8000),  # driven: every description cut at 8,000
        ("2.1.332", 100, 100, 100, 100),
    ],
)
def test_the_description_length_setting_cuts_every_description_it_is_read_by(
    version: str, length: int | None, searched: int, kept_loaded: int, loaded_deferred: int
) -> None:
    claude_code = ClaudeCode(version, description_length=length)
    assert claude_code.description_cut == searched
    assert claude_code.sent_cut(deferred=False) == kept_loaded
    assert claude_code.sent_cut(deferred=True) == loaded_deferred


def test_the_description_length_config_wins_over_the_environment(
    runner: CliRunner, in_tmp: Path
) -> None:
    (in_tmp / ".toolsearch.yaml").write_text(
        'claude-code:\n  version: "2.1.290"\n  max-mcp-description-length: 3000\n'
    )
    shown = runner.invoke(app, ["lint", "--show-settings"], env={LENGTH: "100"})
    assert shown.exit_code == 0, shown.stderr
    (line,) = [x for x in shown.stdout.splitlines() if "max-mcp-description-length" in x]
    assert "3,000" in line and "config" in line
    (in_tmp / ".toolsearch.yaml").write_text('claude-code:\n  version: "2.1.290"\n')
    shown = runner.invoke(app, ["lint", "--show-settings"], env={LENGTH: "100"})
    (line,) = [x for x in shown.stdout.splitlines() if "max-mcp-description-length" in x]
    assert "100" in line and LENGTH in line
    newest = runner.invoke(app, ["lint", "--show-settings", "--claude-code-version", "2.1.332"])
    (line,) = [x for x in newest.stdout.splitlines() if "max-mcp-description-length" in x]
    assert "4,096 (unset: Claude Code's default)" in line
    old = ["lint", "--show-settings", "--claude-code-version", "2.1.278"]
    shown = runner.invoke(app, old, env={LENGTH: "100"})
    (line,) = [x for x in shown.stdout.splitlines() if "max-mcp-description-length" in x]
    assert "2,048 (100 set; not read by Claude Code 2.1.278)" in line
    bad = runner.invoke(app, ["lint", "--show-settings"], env={LENGTH: "lots"})
    assert bad.exit_code == 2 and "Traceback" not in bad.stderr
    assert f"{LENGTH}: 'lots' is not a number of characters" in bad.stderr
    (in_tmp / ".toolsearch.yaml").write_text("claude-code:\n  max-mcp-description-length: 0\n")
    bad = runner.invoke(app, ["lint", "--show-settings"])
    assert bad.exit_code == 2
    assert "claude-code.max-mcp-description-length must be a positive number" in bad.stderr


def test_server_always_load_false_wins_from_2_1_300() -> None:
    from toolsearch.catalog.dialects import recognise
    from toolsearch.catalog.loader import Document
    from toolsearch.hosts.scopes import build_catalog

    tools = [
        {"name": "a", "inputSchema": {"type": "object"}},
        {"name": "b", "inputSchema": {"type": "object"}, "_meta": {"anthropic/alwaysLoad": True}},
    ]
    deferral: dict[str, list[bool]] = {}
    for version in ("2.1.299", "2.1.300"):
        parsed = recognise(Document("srv", None, "srv.json", "", {"tools": tools}, "json"))
        assert parsed is not None
        parsed.always_load = False
        catalog = build_catalog([parsed], "claude-code", ClaudeCode(version))
        deferral[version] = [t.deferred for t in catalog.tools]
    assert deferral == {"2.1.299": [True, False], "2.1.300": [True, True]}


FACTS = json.loads((Path(__file__).parent / "claude_code_facts.json").read_text())


def test_the_own_deferred_tools_table_is_what_each_driven_client_listed() -> None:
    assert list(FACTS) == list(DRIVEN)  # the versions test_claude_code_client drives
    for version, facts in FACTS.items():
        claude_code = ClaudeCode(version)
        assert claude_code.own_deferred_tools == tuple(facts["deferred_own_tools"])
        assert claude_code.listing.startswith(f"a {facts['listing_role']} message")
        wrapped = facts["listing_lead"] == "<available-deferred-tools>"
        assert ("wrapped in <available-deferred-tools>" in claude_code.listing) is wrapped


@pytest.mark.parametrize(
    ("version", "listing", "evidence"),
    [
        ("2.1.99", "a user message, wrapped in", "assumed as observed in Claude Code 2.1.100"),
        ("2.1.101", "a user message, wrapped in", "observed in Claude Code 2.1.101"),
        ("2.1.105", "a user message, wrapped in", "assumed as observed in Claude Code 2.1.101"),
        ("2.1.112", "a user message, after a lead", "observed in Claude Code 2.1.112"),
        ("2.1.200", "a user message, after a lead", "assumed as observed in Claude Code 2.1.113"),
        ("2.1.270", "a system message, after a lead", "observed in Claude Code 2.1.270"),
        ("2.1.400", "a system message, after a lead", "assumed as observed in Claude Code 2.1.332"),
    ],
)
def test_the_deferred_tools_are_listed_as_the_driven_version_below_listed_them(
    version: str, listing: str, evidence: str
) -> None:
    claude_code = ClaudeCode(version)
    assert claude_code.listing.startswith(listing)
    assert claude_code.evidence == evidence


@pytest.mark.parametrize(
    ("version", "count", "evidence", "first", "last"),
    [
        ("2.1.100", 14, "observed in Claude Code 2.1.100", "AskUserQuestion", "WebSearch"),
        ("2.1.101", 15, "observed in Claude Code 2.1.101", "AskUserQuestion", "WebSearch"),
        ("2.1.200", 15, "assumed as observed in Claude Code 2.1.113", "AskUserQuestion", ""),
        ("2.1.271", 11, "observed in Claude Code 2.1.271", "CronCreate", "WebSearch"),
        ("2.1.278", 10, "observed in Claude Code 2.1.278", "CronCreate", "WebSearch"),
        ("2.1.303", 10, "observed in Claude Code 2.1.303", "CronCreate", "WebSearch"),
        ("2.1.304", 10, "observed in Claude Code 2.1.304", "CronCreate", "WebSearch"),
        ("2.1.320", 10, "assumed as observed in Claude Code 2.1.304", "CronCreate", ""),
        ("2.1.332", 11, "observed in Claude Code 2.1.332", "CronCreate", "WebSearch"),
    ],
)
def test_competing_built_ins_are_named_at_every_version(
    runner: CliRunner,
    sources: list[str],
    version: str,
    count: int,
    evidence: str,
    first: str,
    last: str,
) -> None:
    argv = ["query", "issue", *sources, "--target", "claude-code", "--claude-code-version"]
    result = runner.invoke(app, [*argv, version])
    assert result.exit_code == 0, result.stderr
    (note,) = [x for x in result.stdout.splitlines() if "compete in its ToolSearch" in x]
    assert f"Claude Code {version} also defers {count} of its own tools" in note
    assert f"({evidence}): {first}, " in note and "MCP tools only" in note
    assert ("TaskOutput" in note) is (version < "2.1.278")
    assert ("Monitor" in note) is (version >= "2.1.331")
    assert not last or f"{last}; their text" in note


def test_competing_built_ins_are_named_in_eval(runner: CliRunner, sources: list[str]) -> None:
    argv = ["eval", "--self", *sources, "--target", "claude-code", "--claude-code-version"]
    result = runner.invoke(app, [*argv, "2.1.303"])
    assert result.exit_code == 0, result.stderr
    (note,) = [x for x in result.stdout.splitlines() if "compete in its ToolSearch" in x]
    assert "Claude Code 2.1.303 also defers 10 of its own tools" in note


def budget_json(runner: CliRunner, path: Path, *extra: str) -> dict[str, Any]:
    argv = ["budget", f"srv={path}", "--target", "claude-code", "-f", "json", "--all", *extra]
    result = runner.invoke(app, argv)
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.mark.parametrize(("version", "hidden_listed"), [("2.1.278", True), ("2.1.280", False)])
def test_deferred_tools_cost_their_listed_name_upfront(
    runner: CliRunner, tmp_path: Path, version: str, hidden_listed: bool
) -> None:
    tools: list[dict[str, Any]] = [
        {"name": "alpha", "description": "First."},
        {"name": "beta", "description": "Second."},
        {"name": "ui_get", "description": "Panel.", "_meta": {"ui": {"visibility": ["app"]}}},
        {"name": "pinned", "description": "Kept.", "_meta": {"anthropic/alwaysLoad": True}},
    ]
    path = write(tmp_path, "srv", tools)
    data = budget_json(runner, path, "--claude-code-version", version)
    listed = {t["name"]: t.get("upfront_when_deferred", 0) for t in data["tools"]}
    # "mcp__srv__alpha\n" is 7 cl100k tokens, x1.32 = 9; "mcp__srv__ui_get\n" 8: 11
    assert listed == {"alpha": 9, "beta": 9, "ui_get": 11 if hidden_listed else 0, "pinned": 11}
    totals = data["totals"]
    (pinned,) = [t["tokens"] for t in data["tools"] if t["name"] == "pinned"]
    names = 18 + (11 if hidden_listed else 0)  # the deferred tools' lines; pinned is loaded
    assert totals["upfront"] == totals["system_prompt"] + totals["search_tool"] + pinned + names
    (note,) = [n for n in data["scopes"][0]["notes"] if "name is counted upfront" in n]
    assert (
        f"one per line, in a system message, after a lead line (observed in Claude Code {version})"
        in note
    )
    assert (
        "its 10 deferred tools' names and its DeferredToolPlaceholder tool) is not counted" in note
    )
    shown = ["budget", f"srv={path}", "--target", "claude-code", "--claude-code-version", version]
    text = runner.invoke(app, shown)
    assert f"deferred tools' names listed {names}" in text.stdout
    assert "each deferred tool's name line as listed upfront (x1.32)" in text.stdout
    # lint's upfront figure (costed from the loaded tools alone) is budget's
    config = tmp_path / "cfg.yaml"
    config.write_text("rules:\n  upfront-token-budget: {max-tokens: 10}\n")
    lint = ["lint", f"srv={path}", "--target", "claude-code", "--config", str(config)]
    linted = runner.invoke(app, [*lint, "--claude-code-version", version])
    assert f"upfront cost is about {totals['upfront']:,} tokens" in linted.stdout
    # the API lists nothing: a deferred tool costs nothing upfront there
    api = runner.invoke(app, ["budget", f"srv={path}", "-f", "json"])
    assert not any("upfront_when_deferred" in t for t in json.loads(api.stdout)["tools"])


def test_matched_words_come_from_the_description_as_searched(
    runner: CliRunner, tmp_path: Path
) -> None:
    """From 2.1.295 a deferred tool is sent with 16,384 characters once loaded, but ToolSearch
    reads 4,096: a word past that neither scores nor shows as matched."""
    long = "board " + "word " * 900 + "farword"  # farword at 4,506
    path = write(tmp_path, "srv", [{"name": "t", "description": long}])
    argv = ["query", "board farword", f"srv={path}", "--target", "claude-code", "-f", "json"]
    result = runner.invoke(app, argv)
    assert result.exit_code == 0, result.stderr
    (found,) = json.loads(result.stdout)["results"]
    assert found["score"] == 2.0
    assert found["matched"] == {"description": ["board"]}
