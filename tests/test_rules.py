"""Every rule: registered, documented, golden fixtures, and its documented Example and Fix."""

from __future__ import annotations

import dataclasses
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import toolsearch.rules as rules_package
from tests.conftest import FIXTURES
from tests.rule_harness import doc_section, fixture_args, lint_lines, write_blocks
from toolsearch.lint.rule_contract import Rule, RuleOptions
from toolsearch.rules import RULES

RULE_FIXTURES = FIXTURES / "rules"
HEADINGS = ("## What it does", "## Why is this bad?", "## Example", "## Fix")


def test_every_module_is_registered_once() -> None:
    modules = {m.name for m in pkgutil.iter_modules(rules_package.__path__)}
    registered = [r.__name__.rsplit(".", 1)[1] for r in RULES]
    assert sorted(registered) == sorted(modules)
    ids = [r.ID for r in RULES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.ID)
def test_rule_shape_and_documentation(rule: Rule) -> None:
    assert re.fullmatch(r"[a-z]+(-[a-z0-9]+)*", rule.ID)
    assert rule.LEVEL in ("error", "warning", "info")
    assert rule.SUMMARY and "\n" not in rule.SUMMARY
    options = rule.Options()
    assert isinstance(options, RuleOptions) and dataclasses.is_dataclass(options)
    assert type(options).__dataclass_params__.frozen  # type: ignore[attr-defined]
    doc = inspect.getdoc(rule) or ""
    for heading in HEADINGS:
        assert heading in doc, f"{rule.ID} lacks {heading!r}"
    assert re.search(r"(tool-search-facts\.md )?§\d", doc) or "decisions.md" in doc, (
        f"{rule.ID} does not cite the facts it enforces"
    )


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.ID)
def test_golden_fixtures(rule: Rule, request: pytest.FixtureRequest) -> None:
    folder = RULE_FIXTURES / rule.ID
    bad = fixture_args(folder, "bad")
    good = fixture_args(folder, "good")
    assert bad is not None and good is not None, f"fixtures/rules/{rule.ID} needs bad and good"
    code, lines, err = lint_lines(folder, bad, rule.ID)
    assert code == 1, err
    expected_file = folder / "bad.expected"
    text = "".join(f"{line}\n" for line in lines)
    if request.config.getoption("--update-expected"):
        expected_file.write_text(text, encoding="utf-8")
    assert text == expected_file.read_text(encoding="utf-8")
    code, lines, err = lint_lines(folder, good, rule.ID)
    assert (code, lines) == (0, []), err


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.ID)
def test_documented_example_and_fix(rule: Rule, tmp_path: Path) -> None:
    doc = inspect.getdoc(rule) or ""
    for heading, should_fire in (("Example", True), ("Fix", False)):
        folder = tmp_path / heading
        folder.mkdir()
        args = write_blocks(doc_section(doc, heading), folder)
        assert args, f"{rule.ID}: the {heading} section has no json or yaml block"
        code, lines, err = lint_lines(folder, args, rule.ID)
        assert code in (0, 1), err
        assert bool(lines) is should_fire, f"{rule.ID} {heading}: {lines}"
