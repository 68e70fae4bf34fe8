"""The hosts package: one module per host, the HOSTS registry, and what is derived from it."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolsearch.app import app
from toolsearch.hosts import DEFAULT_TARGET, HOSTS, SCOPE_KINDS, TARGETS, checked_by, host_named
from toolsearch.hosts.scopes import load_catalog
from toolsearch.lint.rule_contract import rule_hosts
from toolsearch.retrieval.mode_names import MODES
from toolsearch.rules import RULES
from toolsearch.schemas import derived_enums, load_schema, shipped_schema

ROOT = Path(__file__).resolve().parent.parent
HOSTS_DIR = ROOT / "cli" / "hosts"
NOT_HOSTS = {"__init__", "host", "scopes", "platforms", "clients"}  # the package's own modules
FIXTURES = ROOT / "fixtures"


def test_every_host_module_is_registered_under_its_name() -> None:
    modules = sorted(p.stem for p in HOSTS_DIR.glob("*.py") if p.stem not in NOT_HOSTS)
    assert sorted(name.replace("-", "_") for name in HOSTS) == modules
    assert DEFAULT_TARGET in HOSTS
    assert tuple(HOSTS) == TARGETS
    for name, host in HOSTS.items():
        assert host.name == name
        assert host.default_mode in MODES
        assert set(host.search_modes) <= set(MODES)
        assert host.scope_kind is None or host.scope_kind in SCOPE_KINDS
        assert (host.gather is None) == (not host.gathers)


def _literal_strings(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for item in node.elts:
            yield from _literal_strings(item)


def _named_target(node: ast.AST) -> bool:
    """``target``, ``x.target``, ``host``, ``x.host`` (a target's name, whatever holds it)."""
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    return name in ("target", "host")


def target_comparisons(source: str) -> list[int]:
    """Lines that compare a target name to a string literal: a host's name in a comparison
    (``==``, ``!=``, ``in``, ``not in``, a ``match`` case), or a target compared to any literal."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            literals = {s for side in sides for s in _literal_strings(side)}
            if literals & set(HOSTS) or (literals and any(map(_named_target, sides))):
                found.append(node.lineno)
        elif isinstance(node, ast.MatchValue) and set(_literal_strings(node.value)) & set(HOSTS):
            found.append(node.lineno)
    return found


def test_the_checker_finds_target_comparisons() -> None:
    assert target_comparisons('if target == "claude-code":\n    pass\n') == [1]
    assert target_comparisons('x = scope.kind in ("mcp", "claude-code")\n') == [1]
    assert target_comparisons('x = catalog.target != "openai"\n') == [1]
    assert target_comparisons('match t:\n    case "api":\n        pass\n') == [2]
    assert target_comparisons('x = mode == MODE\ny = run.host == "gemini"\n') == [2]
    assert target_comparisons('x = name == "bm25"\ny = host.apply == "server-metadata"\n') == []


def test_no_module_outside_hosts_compares_a_target_name_to_a_string() -> None:
    found = []
    for folder in ("cli", "rules"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if HOSTS_DIR in path.parents:
                continue
            lines = target_comparisons(path.read_text(encoding="utf-8"))
            found += [f"{path.relative_to(ROOT)}:{line}" for line in lines]
    assert not found, f"ask the host (toolsearch.hosts) instead: {found}"


@pytest.mark.parametrize("name", ["budget", "recommend", "eval", "query", "config"])
def test_shipped_schemas_hold_the_registries_enums(name: str) -> None:
    shipped = shipped_schema(name)["$defs"]
    loaded = load_schema(name)["$defs"]
    derived = derived_enums()
    used = [key for key in derived if key in shipped]
    assert used, f"{name} names no registry enum"
    for key in used:
        assert shipped[key]["enum"] == list(derived[key]), f"{name}: $defs.{key} is stale"
        assert loaded[key]["enum"] == list(derived[key])


def test_rules_for_some_hosts_name_known_targets_and_say_so_in_their_docs() -> None:
    limited = [rule for rule in RULES if rule_hosts(rule) is not None]
    assert {r.ID for r in limited} >= {"renamed-by-claude-code", "always-load-ignored"}
    runner = CliRunner()
    for rule in limited:
        hosts = rule_hosts(rule)
        assert hosts and set(hosts) <= set(HOSTS), rule.ID
        shown = runner.invoke(app, ["rule", rule.ID], env={"NO_COLOR": "1"})
        assert shown.exit_code == 0
        assert f"Hosts: {', '.join(hosts)}" in shown.stdout, rule.ID


def test_a_host_rule_checks_only_the_scopes_its_host_sends(in_tmp: Path) -> None:
    (in_tmp / "request.json").write_text(
        json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 1, "tools": []})
    )
    (in_tmp / "srv.json").write_text(
        json.dumps({"tools": [{"name": "a.b", "inputSchema": {"type": "object"}}]})
    )
    documents = read_documents(["request.json", "srv.json"])
    for target, expected in (("api", [False, False]), ("claude-code", [False, True])):
        catalog, _ = load_catalog(documents, target)
        checks = [checked_by(("claude-code",), catalog, scope) for scope in catalog.scopes]
        assert checks == expected, target
        assert all(checked_by(None, catalog, scope) for scope in catalog.scopes)
    lint = CliRunner().invoke(app, ["lint", "request.json", "srv.json", "--format", "concise"])
    assert "renamed-by-claude-code" not in lint.stdout
    lint = CliRunner().invoke(
        app, ["lint", "request.json", "srv.json", "--format", "concise", "--target", "claude-code"]
    )
    assert "renamed-by-claude-code" in lint.stdout


def read_documents(paths: list[str]) -> list[Any]:
    from toolsearch.catalog.loader import read_source, resolve_sources

    return [read_source(spec) for spec in resolve_sources(paths)]


def test_target_choices_come_from_the_registry(in_tmp: Path) -> None:
    runner = CliRunner()
    wrong = runner.invoke(app, ["budget", "x.json", "--target", "nowhere"])
    assert wrong.exit_code == 2
    assert all(name in wrong.stderr for name in TARGETS)
    (in_tmp / ".toolsearch.yaml").write_text("target: nowhere\n")
    configured = runner.invoke(app, ["budget", "x.json"])
    assert configured.exit_code == 2
    assert f"target must be one of {', '.join(TARGETS)}" in configured.stderr
    shown = runner.invoke(app, ["budget", "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert "|".join(TARGETS) in shown.stdout


@pytest.mark.parametrize("target", TARGETS)
def test_each_command_defaults_to_its_hosts_search_mode(target: str, in_tmp: Path) -> None:
    (in_tmp / "srv.json").write_text(
        json.dumps(
            {
                "tools": [
                    {
                        "name": "send_message",
                        "description": "Send a chat message.",
                        "inputSchema": {"type": "object"},
                    }
                ]
            }
        )
    )
    result = CliRunner().invoke(
        app, ["query", "send message", "srv.json", "--target", target, "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["mode"] == host_named(target).default_mode
