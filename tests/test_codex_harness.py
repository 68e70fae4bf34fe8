"""``--target codex`` checked against Codex CLI 0.171.0 itself, offline (tests/codex_harness.py).

Four Codex sessions answer about 440 searches: 130 written queries over eight real catalogs of
``../shared/catalogs`` (Codex's own deferred tools on, then off), each tool of sixteen catalogs
by its qualified name, and stem probes. toolsearch must return the same tools (ties may swap),
and cost each loaded tool as the very JSON Codex sent. Skips with its reason when Codex or
``unshare`` is missing, and fails instead under ``CI=true`` (``.ci/run`` installs Codex from
``.ci/codex``).
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.codex_harness import disagreement, missing_reason, run_searches
from toolsearch.app import app
from toolsearch.catalog.codex_names import sanitized
from toolsearch.catalog.model import Tool
from toolsearch.cost.codex_request import loaded_function
from toolsearch.retrieval.codex_bm25 import STOP_WORDS, tokenize
from toolsearch.retrieval.codex_search import CodexSearcher, namespace_of_tool
from toolsearch.retrieval.library import as_catalog

REPO = Path(__file__).resolve().parent.parent
CATALOGS = REPO.parent / "shared" / "catalogs"
STEMS_FILE = Path(__file__).parent / "codex_stems.json"

# fmt: off
WITH_OWN = {
    "servers": ("github", "slack", "filesystem", "memory"),
    "queries": [
        "create issue", "fork repository", "the organization", "list pull requests",
        "merge a pull request", "search code in repositories", "get file contents",
        "create branch", "add comment to issue", "review pull request", "star a repo",
        "list commits", "get me the latest release", "security advisories", "notifications",
        "assign copilot", "gist", "team members", "workflow runs", "label",
        "post a message to a channel", "reply in thread", "add an emoji reaction",
        "channel history", "user profile", "list users", "read a file", "write file",
        "edit file", "create directory", "list directory with sizes", "directory tree",
        "move or rename a file", "search files", "file info", "allowed directories",
        "read multiple files at once", "media file image", "knowledge graph",
        "create entities", "add observations", "delete relations", "search nodes",
        "open nodes", "spawn a sub-agent", "delegate work in parallel", "wait for agent",
        "close agent", "send message", "resume thread", "interrupt", "status", "agent",
        "organizations", "repositories", "running workflows", "added files", "internal",
        "what is the weather", "the and of", "is it possible to search for issues",
        "don't delete the branch", "can't find", "create create create issue",
        "issue issue", "search_code", "create_pull_request", "github", "slack",
        "3.14 version 1,000", "pull-request", "file/path", "user:email", "Réviser le dépôt",
    ],
}
WITHOUT_OWN = {
    "servers": ("notion", "sentry", "git", "playwright"),
    "queries": [
        "search pages", "get user", "update a block", "delete block", "retrieve a page",
        "create a comment", "query data source", "database", "page markdown", "move page",
        "templates", "API", "find organizations", "find teams", "create project",
        "update issue", "search events", "releases", "dsn", "seer analysis", "replay details",
        "attachments", "docs", "profile", "whoami", "tag values", "git status",
        "commit changes", "show diff of staged changes", "create branch", "checkout",
        "log history", "reset", "add files to staging", "take a screenshot",
        "click a button", "navigate to url", "go back", "fill form", "press key", "type text",
        "upload file", "console messages", "network requests", "dialog", "resize window",
        "tabs", "hover", "drag and drop", "wait for text", "evaluate javascript", "snapshot",
        "spawn a sub-agent", "agent", "the organization", "organizations", "which ones",
    ],
}
# fmt: on
# Each tool of these is searched by its qualified name, and its loaded form compared.
LOADED = (  # noqa: SIM905
    "brave-search context7 everything fetch filesystem git github gitlab google-maps memory "
    "notion playwright puppeteer sentry slack sqlite"
).split()
STEM_WORDS = (  # noqa: SIM905
    "organization organ organize added add ad internal intern running run repositories "
    "repository generalization general communication commune dying die skies sky news new "
    "succeeded succeed proceeding proceed"
).split()


def stem_catalog(folder: Path) -> Path:
    """One tool per word, its description that word alone."""
    tools = [
        {"name": f"w{i}", "description": word, "inputSchema": {"type": "object"}}
        for i, word in enumerate(STEM_WORDS)
    ]
    path = folder / "stems.json"
    path.write_text(json.dumps({"tools": tools}))
    return path


def require_codex() -> None:
    reason = missing_reason()
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true and the Codex harness cannot run: {reason}")
    pytest.skip(reason)


def catalog_tools(servers: dict[str, Path]) -> dict[tuple[str, str], Tool]:
    """Each server's tools by (namespace, name as sent)."""
    found = {}
    for name, path in servers.items():
        for scope in as_catalog(path).scopes:
            for tool in scope.tools:
                named = dataclasses.replace(tool, source=name)
                found[(namespace_of_tool(named), sanitized(tool.name))] = named
    return found


def ranking(
    servers: dict[str, Path], query: str, with_own: bool
) -> list[tuple[tuple[str, str], float]]:
    """toolsearch's Codex ranking from the library, as (namespace, name as sent) with scores."""
    tools = []
    for name, path in servers.items():
        for scope in as_catalog(path).scopes:
            tools += [dataclasses.replace(t, source=name) for t in scope.tools]
    searcher = CodexSearcher(tools, with_own=with_own)
    ranked = []
    for position, score in searcher.ranking(query):
        tool = searcher.tool_at(position)
        ranked.append(((namespace_of_tool(tool), sanitized(tool.name)), float(score or 0)))
    return ranked


def cli_ranking(
    servers: dict[str, Path], query: str, config: Path
) -> list[tuple[tuple[str, str], float]]:
    """``toolsearch query --target codex -f json`` (the catalogs' file names are the servers')."""
    args = ["query", "--config", str(config), "-f", "json", "--limit", "500", query]
    result = CliRunner().invoke(app, [*args, *map(str, servers.values())])
    assert result.exit_code == 0, result.output
    return [
        ((r["namespace"], r.get("sent_name", r["name"])), float(r["score"]))
        for r in json.loads(result.stdout)["results"]
    ]


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[dict[str, object]]]:
    require_codex()
    if not CATALOGS.is_dir():
        pytest.skip(f"{CATALOGS} is absent")
    folder = tmp_path_factory.mktemp("stems")
    plans = [
        (WITH_OWN["servers"], WITH_OWN["queries"], True),
        (WITHOUT_OWN["servers"], WITHOUT_OWN["queries"], False),
    ]
    done: list[dict[str, object]] = []
    for names, queries, with_own in plans:
        servers = {name: CATALOGS / f"{name}.json" for name in names}
        outputs = run_searches(servers, list(queries), multi_agent=with_own)
        done.append({"servers": servers, "with_own": with_own, "outputs": outputs})
    every = {path.stem: path for path in sorted(CATALOGS.glob("*.json")) if path.stem in LOADED}
    qualified = [namespace + name for namespace, name in catalog_tools(every)]
    outputs = run_searches(every, qualified, multi_agent=False)
    done.append({"servers": every, "with_own": False, "outputs": outputs})
    stems = {"stems": stem_catalog(folder)}
    outputs = run_searches(stems, list(STEM_WORDS), multi_agent=False)
    done.append({"servers": stems, "with_own": False, "outputs": outputs})
    yield done


@pytest.mark.slow
def test_codex_returns_what_toolsearch_predicts(
    sessions: list[dict[str, object]], tmp_path: Path
) -> None:
    compared = ties = own = stop = 0
    failures = []
    for number, session in enumerate(sessions):
        servers = session["servers"]
        assert isinstance(servers, dict)
        with_own = bool(session["with_own"])
        config = tmp_path / f"codex-{number}.yaml"
        config.write_text(f"target: codex\ncodex:\n  multi-agent: {str(with_own).lower()}\n")
        for output in session["outputs"]:  # type: ignore[attr-defined]
            if number < 2:  # the written queries: through the CLI, as a user runs it
                ranked = cli_ranking(servers, output.query, config)
            else:
                ranked = ranking(servers, output.query, with_own)
            why = disagreement(ranked, output.tools)
            if why:
                failures.append(f"{output.query!r}: {why}")
            compared += 1
            scores = [score for _, score in ranked[:9]]
            ties += len(scores) != len(set(scores))
            own += any(namespace == "multi_agent_v1" for namespace, _ in output.tools)
            stop += any(word in STOP_WORDS for word in output.query.lower().split())
    assert not failures, "\n".join(failures)
    assert compared >= 100 and ties >= 10 and own >= 5 and stop >= 5, (compared, ties, own, stop)


@pytest.mark.slow
def test_stems_recorded_from_codex_are_current(sessions: list[dict[str, object]]) -> None:
    """The stem groups Codex showed (a probe word finds the tools whose word shares its stem)
    are the ones recorded in codex_stems.json, which test_codex_search checks offline."""
    stem_session = sessions[-1]
    seen = {
        output.query: sorted(STEM_WORDS[int(name[1:])] for _, name in output.tools)
        for output in stem_session["outputs"]  # type: ignore[attr-defined]
    }
    recorded = json.loads(STEMS_FILE.read_text())["groups"]
    assert seen == recorded
    for word, group in seen.items():
        assert group == sorted(w for w in STEM_WORDS if tokenize(w) == tokenize(word))


def test_codex_is_pinned_by_an_integrity_checked_lockfile_that_ci_installs() -> None:
    lock = json.loads((REPO / ".ci" / "codex" / "package-lock.json").read_text())
    packages = {path: entry for path, entry in lock["packages"].items() if path}
    assert packages["node_modules/@openai/codex"]["version"] == "0.171.0"
    assert all(entry["integrity"].startswith("sha512-") for entry in packages.values())
    assert "node_modules/@openai/codex-linux-x64" in packages
    ci = (REPO / ".ci" / "run").read_text()
    assert "npm ci --prefix .ci/codex" in ci


@pytest.mark.slow
def test_loaded_tools_cost_what_codex_sends(sessions: list[dict[str, object]]) -> None:
    """What budget counts for a loaded tool is the function Codex's tool_search_output
    carries, the same JSON."""
    same = total = mine_size = codex_size = 0
    for session in sessions[:3]:
        servers = session["servers"]
        assert isinstance(servers, dict)
        tools = catalog_tools(servers)
        for output in session["outputs"]:  # type: ignore[attr-defined]
            for namespace in output.raw:
                for function in namespace.get("tools", []):
                    tool = tools.get((namespace["name"], function["name"]))
                    if tool is None:
                        continue
                    mine = loaded_function(tool)
                    total += 1
                    same += mine == function
                    mine_size += len(json.dumps(mine))
                    codex_size += len(json.dumps(function))
    assert total >= 250
    assert same == total, (same, total, mine_size, codex_size)
