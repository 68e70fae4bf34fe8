"""``lint --fix --unsafe-fixes`` on every real catalog in ../shared/catalogs (skipped when
absent): the fixed schemas accept exactly the same instances, the file still loads in the MCP
SDK, no rule finds more than before, and the tokens saved are shown, as budget counts them."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.conftest import needs_shared, shared_catalogs
from tests.schema_instances import (
    DEDUPED,
    REWRITTEN,
    instances,
    removed_keys,
    unresolved_refs,
    validator,
)
from toolsearch.app import app

ANNOTATIONS = {"title", "default", "examples"}
AGREE = settings(
    max_examples=5,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _schemas(data: Any) -> list[tuple[str, Any]]:
    tools = data["tools"] if isinstance(data, dict) else data
    return [(t["name"], t.get("inputSchema", t.get("input_schema"))) for t in tools]


def _rules(runner: CliRunner, path: Path) -> Counter[str]:
    result = runner.invoke(app, ["lint", "--select", "ALL", "-f", "json", str(path)])
    assert result.exit_code in (0, 1), result.stderr
    return Counter(d["rule"] for d in json.loads(result.stdout)["diagnostics"])


def _tool_tokens(runner: CliRunner, path: Path) -> int:
    result = runner.invoke(app, ["budget", "-f", "json", str(path)])
    assert result.exit_code == 0, result.stderr
    return sum(row["tokens"] for row in json.loads(result.stdout)["tools"])


@needs_shared
@pytest.mark.parametrize("catalog", shared_catalogs(), ids=lambda p: p.stem)
def test_fix_keeps_every_instance(catalog: Path, tmp_path: Path, runner: CliRunner) -> None:
    from mcp.types import ListToolsResult

    path = tmp_path / catalog.name
    shutil.copyfile(catalog, path)
    path.chmod(0o644)
    before_rules, before_tokens = _rules(runner, path), _tool_tokens(runner, path)
    result = runner.invoke(app, ["lint", "--fix", "--unsafe-fixes", "--exit-zero", str(path)])
    assert result.exit_code == 0, result.stderr
    original = json.loads(catalog.read_text(encoding="utf-8"))
    fixed = json.loads(path.read_text(encoding="utf-8"))
    pairs = list(zip(_schemas(original), _schemas(fixed), strict=True))
    for (name, old), (_, new) in pairs:
        text = json.dumps(old)
        for pointer, key, value in removed_keys(old, new):
            if key in ANNOTATIONS or value in (REWRITTEN, DEDUPED):
                continue  # asserted by no validator; a union said briefly (hypothesis checks)
            if key == "additionalProperties":
                assert value is True and "unevaluatedProperties" not in text, (name, pointer)
                continue
            assert key in ("$defs", "definitions") or pointer.endswith(("/$defs", "/definitions"))
        assert unresolved_refs(new) == [], name
    ListToolsResult.model_validate(fixed)
    after_rules = _rules(runner, path)
    grown = {rule for rule, count in after_rules.items() if count > before_rules[rule]}
    assert not grown, grown
    if path.read_bytes() != catalog.read_bytes():
        after_tokens = _tool_tokens(runner, path)
        shown = re.search(r"about ([\d,]+) -> ([\d,]+) tokens", result.stdout)
        assert shown is not None, result.stdout
        figures = [int(g.replace(",", "")) for g in shown.groups()]
        assert figures == [before_tokens, after_tokens] and after_tokens < before_tokens
    _same_instances(pairs)


@AGREE
@given(st.data())
def _same_instances(
    pairs: list[tuple[tuple[str, Any], tuple[str, Any]]], data: st.DataObject
) -> None:
    """Hypothesis-made instances get the same answer from the schema before and after."""
    for (name, old), (_, new) in pairs:
        if old == new:
            continue
        before, after, made = validator(old), validator(new), instances(old)
        for _ in range(4):
            instance = data.draw(made)
            assert before.is_valid(instance) == after.is_valid(instance), (name, instance)
