"""``--target claude-code`` checked against Claude Code itself, offline (claude_code_harness.py).

For each pinned version (``.ci/claude-code``): one session answers the written queries over the
catalogs of ``fixtures/claude-code-client`` (and, when ``../shared/catalogs`` is there, one more
over four real catalogs). toolsearch's ToolSearch at that version must return the same MCP tools
in the same order (Claude Code's own deferred tools compete too: they are compared apart), and
the first request must defer, list and cut the MCP tools as toolsearch says Claude Code does.
Skips with its reason when a client or ``unshare`` is missing; fails instead under ``CI=true``.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.claude_code_harness import Session, missing_reason, run_session
from toolsearch.app import app
from toolsearch.catalog.claude_code_versions import DRIVEN, HIDDEN_TOOLS, ClaudeCode
from toolsearch.catalog.inputs import load_inputs
from toolsearch.catalog.model import Scope
from toolsearch.config import Config
from toolsearch.hosts.claude_code import is_hidden
from toolsearch.retrieval.claude_code_search import ClaudeCodeSearcher
from toolsearch.retrieval.searchers import searched_tools

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures" / "claude-code-client"
CATALOGS = REPO.parent / "shared" / "catalogs"
# What each client sends of its own over the fixture catalogs (its tools, the deferred-tools
# message, the model and betas), recorded for a person to read; checked on every run.
FACTS_FILE = Path(__file__).parent / "claude_code_facts.json"
SHARED = ("github", "slack", "filesystem", "notion")
# The newest version and both sides of every boundary (claude_code_versions.BOUNDARIES).
VERSIONS = DRIVEN
WHOLE = 500  # max_results that returns every match
LONG_TAIL = "zq " * 8200 + "board"  # past 16,384 characters: "board" is cut off from 2.1.300
PAST_TERMS = " ".join(f"nomatch{i}" for i in range(32)) + " board"  # board is term 33
SELECT_65 = "select:" + ",".join(["nope"] * 64) + ",mcp__tracker__alpha"

# fmt: off
FIXTURE_QUERIES = [
    # bare tool names, exact sent names, mixed case
    "create_issue", "CREATE_ISSUE", "Create_Issue", "create_ISSUE", "list.items", "list_items",
    "get:page", "get_page", "Zeta", "zeta", "ZETA", "alpha", "Alpha", "ALPHA", "get_item",
    "get_Item", "get-item", "get2", "getitem", "search issues", "search_issues", "ui_get",
    "ui_both", "pinned", "hinted", "titled", "issue_comment_create", "transition issue",
    "mcp__tracker__Zeta", "mcp__tracker__zeta", "MCP__TRACKER__ALPHA", "mcp__tracker__alpha",
    "mcp__jira__create_issue", "mcp__tracker__get_page", "mcp__docs-hub__search",
    "mcp__tracker__pinned", "mcp__tracker__ui_get",
    # mcp__ prefixes
    "mcp__tracker__", "mcp__tracker__get", "mcp__jira", "mcp__docs", "mcp__tracker__g",
    "mcp__nothing",
    # server names, alone and with words
    "tracker", "jira", "docs-hub", "docs", "hub", "tracker issue", "jira create",
    "jira ticket", "docs-hub page", "docs page", "tracker get item", "jira issue search",
    "Tracker ISSUE", "JIRA Create", "tracker create_issue", "jira create_issue",
    # +required terms
    "+tracker issue", "+jira create", "+create_issue", "+docs-hub page", "+docs page",
    "+zzz issue", "+page get", "+get_item", "+item", "+hintword", "+titleword", "+board",
    "+jira +issue", "+TRACKER status", "+get-item", "+list.items", "+search issues",
    # select:
    "select:create_issue", "select:Create_Issue", "select:CREATE_ISSUE", "select:Zeta",
    "select:zeta", "select:alpha,Zeta", "select:get:page", "select:get_page",
    "select:nope,create_issue,alpha", "select:mcp__tracker__alpha",
    "select:mcp__tracker__alpha,mcp__tracker__alpha", "select:search issues",
    "select:search_issues", "select:list.items", "select:list_items", "select:pinned",
    "select:mcp__tracker__pinned", "select:ui_get", "select:issue.search",
    "SELECT:get_item", "select: alpha , Zeta ", "select:nothing_here",
    # words in descriptions, hints and titles; cuts
    "report", "status", "report status", "item", "items", "board", "page", "issue",
    "ticket", "get", "hintword", "cleanup", "records", "titleword", "renamer", "lateword",
    "farword", "hugeword", "latehint", "+latehint", "hinted_long", "pinned_long", "truncated",
    "select:pinned_long", "summarise board", "search", "tickets with jql", "jql",
    "create", "open a ticket", "export pdf", "history", "the", "a",
    # ties, punctuation, odd shapes
    "get item", "create issue", "issue, create", "issue.search", "page.history",
    "docs-hub page history", "9lives", "_under", "under", "lives", "-item", "2",
    # long queries past the caps
    LONG_TAIL, PAST_TERMS, SELECT_65, "board " + " ".join(["zzz"] * 40),
]
SHARED_QUERIES = [
    "create_issue", "get_me", "search_code", "slack_post_message", "read_file", "write_file",
    "github issue", "github pull request", "slack message", "slack channel", "notion page",
    "notion database", "filesystem directory", "filesystem read", "+github review",
    "+slack reply", "+notion comment", "+filesystem move", "select:create_issue",
    "select:get_me,slack_post_message,read_file", "select:list_directory", "select:search",
    "mcp__github__list", "mcp__slack__", "issue", "pull request", "file", "directory",
    "search", "comment", "create", "update", "delete", "list", "get", "user", "repository",
    "notification", "security advisory", "workflow run", "branch", "commit", "release",
    "star", "gist", "label", "team", "reaction", "thread", "emoji", "profile", "edit file",
    "tree", "media", "allowed directories", "query data source", "move page", "block",
    "Issue", "GITHUB Issue", "Create_Issue", "ui_get", "mcp__github__ui_get",
    LONG_TAIL, PAST_TERMS,
]
# fmt: on
DEFAULT_SIZE = {"report", "status", "issue", "create_issue", "tracker", "github issue", "search"}


def plan(queries: list[str]) -> list[tuple[str, int | None]]:
    """Each query with every match asked for; a few at the default ``max_results`` too."""
    asked: list[tuple[str, int | None]] = [(q, WHOLE) for q in queries]
    return asked + [(q, None) for q in queries if q in DEFAULT_SIZE]


def require_client(version: str) -> None:
    reason = missing_reason(version)
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true and the Claude Code harness cannot run: {reason}")
    pytest.skip(reason)


@dataclass(frozen=True)
class Driven:
    """One session and the catalogs it served."""

    session: Session
    servers: dict[str, Path]


def fixture_servers() -> dict[str, Path]:
    return {path.stem: path for path in sorted(FIXTURES.glob("*.json"))}


def drive(version: str) -> list[Driven]:
    require_client(version)
    servers = fixture_servers()
    done = [Driven(run_session(version, servers, plan(FIXTURE_QUERIES)), servers)]
    if CATALOGS.is_dir():
        shared = {name: CATALOGS / f"{name}.json" for name in SHARED}
        done.append(Driven(run_session(version, shared, plan(SHARED_QUERIES)), shared))
    return done


def scope_at(
    servers: dict[str, Path], version: str, length: int | None = None
) -> tuple[Scope, ClaudeCode]:
    """The claude-code scope as toolsearch loads it for ``version`` (and ``length``: the
    CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH set, if any)."""
    origin = "CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH" if length else "default"
    claude_code = ClaudeCode(version, "--claude-code-version", length, origin)
    arguments = [f"{name}={path}" for name, path in servers.items()]
    catalog = load_inputs(arguments, Config(), "claude-code", claude_code=claude_code).catalog
    (scope,) = catalog.scopes
    return scope, catalog.claude_code


def predicted(searcher: ClaudeCodeSearcher, query: str, limit: int | None) -> list[str]:
    """toolsearch's results as sent names (the library call ``toolsearch query`` makes)."""
    return [r.tool.sent_name for r in searcher.search(query, limit or 5)]


def client_mcp_tools(tools: list[str]) -> list[str]:
    """The MCP tools of a client's result (its own deferred tools compete too)."""
    return [name for name in tools if name.startswith("mcp__")]


def disagreement(got: list[str], limit: int, mine: list[str]) -> str | None:
    """Why the client's result differs from toolsearch's, or None. The client's own deferred
    tools may fill places of the top ``limit``: compare the MCP tools it shows with as many of
    toolsearch's (all of them when the client did not fill ``limit``)."""
    shown = client_mcp_tools(got)
    expected = mine if len(got) < limit else mine[: len(shown)]
    if len(got) >= limit and len(mine) < len(shown):
        expected = mine
    return None if shown == expected else f"Claude Code {shown}, toolsearch {expected}"


def comparison(
    version: str, done: list[Driven], length: int | None = None
) -> tuple[int, list[str]]:
    """How many searches were compared, and each disagreement."""
    compared, failures = 0, []
    for item in done:
        scope, claude_code = scope_at(item.servers, version, length)
        tools, _ = searched_tools(scope)
        searcher = ClaudeCodeSearcher(tools, scope.tools, claude_code)
        for search in item.session.searches:
            limit = search.max_results or 5
            mine = predicted(searcher, search.query, limit)
            why = disagreement(search.tools, limit, mine)
            if why:
                failures.append(f"{version} {search.query[:80]!r} ({limit}): {why}")
            compared += 1
    return compared, failures


def cli_disagreements(version: str, item: Driven) -> list[str]:
    """``toolsearch query --target claude-code --claude-code-version V -f json``, as a user
    runs it, on every seventh search of the fixture session."""
    sources = [f"{name}={path}" for name, path in item.servers.items()]
    runner = CliRunner()
    failures = []
    for search in item.session.searches[::7]:
        limit = search.max_results or 5
        argv = ["query", "--target", "claude-code", "--claude-code-version", version, "-f"]
        argv += ["json", "--limit", str(limit), "--", search.query, *sources]
        result = runner.invoke(app, argv)
        assert result.exit_code == 0, result.output
        mine = [r["sent_name"] for r in json.loads(result.stdout)["results"]]
        why = disagreement(search.tools, limit, mine)
        if why:
            failures.append(f"{version} CLI {search.query[:80]!r} ({limit}): {why}")
    return failures


def request_disagreements(version: str, item: Driven, length: int | None = None) -> list[str]:
    """Deferred MCP tools are listed by name and not sent; tools kept loaded are sent with
    their descriptions cut as toolsearch cuts them; each deferred tool a search loaded, too."""
    session, failures = item.session, []
    scope, claude_code = scope_at(item.servers, version, length)
    hidden = claude_code.since(HIDDEN_TOOLS)
    deferred = [t for t in scope.tools if t.deferred and not (hidden and is_hidden(t))]
    listed = client_mcp_tools(session.deferred_listing)
    if sorted(listed) != sorted(t.sent_name for t in deferred):
        extra = sorted(set(listed) - {t.sent_name for t in deferred})
        missing = sorted({t.sent_name for t in deferred} - set(listed))
        failures.append(f"{version} deferred list: Claude Code also {extra}, not {missing}")
    sent = {t["name"]: t for t in session.tools if t["name"].startswith("mcp__")}
    kept = {t.sent_name: t for t in scope.tools if not t.deferred}
    if set(sent) != set(kept):
        failures.append(f"{version} loaded: Claude Code {sorted(sent)}, toolsearch {sorted(kept)}")
    by_name = {t.sent_name: t for t in scope.tools}
    after = {t["name"]: t for t in session.after if t["name"].startswith("mcp__")}
    for name, tool in [*sent.items(), *after.items()]:
        mine = by_name[name]
        if tool["description"] != mine.sent_description:
            cut = (len(tool["description"]), len(mine.sent_description or ""))
            failures.append(f"{version} {name} description: Claude Code and toolsearch {cut}")
        if tool.get("defer_loading") is not (True if mine.deferred else None):
            failures.append(f"{version} {name} defer_loading {tool.get('defer_loading')}")
    return failures


@pytest.mark.slow
@pytest.mark.parametrize("version", VERSIONS)
def test_toolsearch_does_what_claude_code_does(version: str) -> None:
    """Each search's tools in order (the library call, and the CLI on a sample), and the MCP
    tools of the first request, at ``version``."""
    done = drive(version)
    compared, failures = comparison(version, done)
    failures += cli_disagreements(version, done[0])
    for item in done:
        failures += request_disagreements(version, item)
    recorded = json.loads(FACTS_FILE.read_text())[version]
    if done[0].session.facts != recorded:
        failures.append(f"{version} facts: {done[0].session.facts} (recorded: {recorded})")
    assert not failures, f"{len(failures)} ({compared} searches):\n" + "\n".join(failures)
    assert compared >= 100


# the searches where a description's or hint's cut decides (fixtures/claude-code-client)
CUT_QUERIES = [
    "lateword", "farword", "hugeword", "latehint", "+latehint", "hinted_long", "pinned_long",
    "truncated", "select:pinned_long", "select:hinted_long", "board", "report status",
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(
    ("version", "length"),
    [("2.1.278", 1000), ("2.1.280", 1000), ("2.1.332", 100), ("2.1.332", 8000)],
)
def test_the_description_length_setting_does_what_claude_code_does(
    version: str, length: int
) -> None:
    """CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH set: each search, and every MCP tool sent (kept
    loaded, or deferred and loaded by a search), as toolsearch says at ``version``."""
    require_client(version)
    servers = fixture_servers()
    environ = {"CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH": str(length)}
    session = run_session(version, servers, plan(CUT_QUERIES), environ=environ)
    done = [Driven(session, servers)]
    compared, failures = comparison(version, done, length)
    failures += request_disagreements(version, done[0], length)
    assert not failures, f"{len(failures)} ({compared} searches):\n" + "\n".join(failures)
    assert compared == len(plan(CUT_QUERIES))


def test_the_clients_are_pinned_by_an_integrity_checked_lockfile_that_ci_installs() -> None:
    folder = REPO / ".ci" / "claude-code"
    wanted = json.loads((folder / "package.json").read_text())["dependencies"]
    assert sorted(wanted) == sorted(f"cc-{v}" for v in VERSIONS)
    lock = json.loads((folder / "package-lock.json").read_text())
    packages = {path: entry for path, entry in lock["packages"].items() if path}
    for version in VERSIONS:
        entry = packages[f"node_modules/cc-{version}"]
        assert entry["version"] == version
        assert entry["name"].startswith("@anthropic-ai/claude-code")
    assert all(entry["integrity"].startswith("sha512-") for entry in packages.values())
    assert "npm ci --prefix .ci/claude-code" in (REPO / ".ci" / "run").read_text()
