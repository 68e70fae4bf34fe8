"""Fuzzing: whatever the input, the outcome is a report (exit 0/1) or one error line (exit 2).

Seeded and bounded (derandomize, a fixed number of examples) so CI runs the same cases each time.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.conftest import shared_catalogs
from toolsearch.app import app

FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
COMMANDS = (
    ["budget"],
    ["budget", "-f", "json"],
    ["lint", "--fail-on", "info"],
    ["lint", "-f", "sarif"],
    ["query", "get weather"],
    ["query", "--mode", "regex", "-f", "json", "(?i)get|name"],
    ["eval", "--self", "-f", "json"],
    ["recommend", "-f", "json"],
    ["recommend", "--diff"],
    ["report", "-o", "-"],
)

# Names that pass for others (invisible, reordering and homoglyph characters), and lone
# surrogates, which no UTF-8 output can carry.
LOOK_ALIKES = [
    "send_\u200bemail",
    "send_email\u200d",
    "get\u202eweather",
    "\u0430pple",  # Cyrillic a
    "tag\U000e0041",
    "a\ud800b",
    "\udfff",
    "bell\x07",
]
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(LOOK_ALIKES)
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=30,
)
names = st.one_of(
    st.text(max_size=70),
    st.sampled_from(["get_weather", "a.b", "x" * 65, "[bold]x[/bold]", "\x1b[31mred", "mcp__a__b"]),
    st.sampled_from(LOOK_ALIKES),
    st.integers(),
    st.none(),
)
schema_types: st.SearchStrategy[object] = st.sampled_from(["object", "string", 3, None])
schemas = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"type": schema_types},
        optional={
            "properties": st.dictionaries(st.text(max_size=8), json_values, max_size=4),
            "required": json_values,
            "$schema": st.sampled_from(["http://json-schema.org/draft-07/schema#", "nope", 1]),
        },
    ),
)
tool_like = st.fixed_dictionaries(
    {},
    optional={
        "name": names,
        "description": st.one_of(st.text(max_size=200), json_values),
        "input_schema": schemas,
        "inputSchema": schemas,
        "defer_loading": st.one_of(st.booleans(), json_values),
        "type": st.sampled_from(
            [
                "custom",
                "function",
                "mcp_toolset",
                "tool_search_tool_bm25_20251119",
                "tool_search_tool_regex",
                "tool_search_tool_x",
                "web_search_20250305",
            ]
        ),
        "input_examples": json_values,
        "cache_control": json_values,
        "mcp_server_name": st.one_of(st.text(max_size=10), json_values),
        "configs": json_values,
        "default_config": json_values,
        "function": json_values,
        "_meta": json_values,
    },
)
catalogs = st.one_of(
    st.lists(tool_like, max_size=6),
    st.fixed_dictionaries({"tools": st.lists(tool_like, max_size=6)}),
    st.fixed_dictionaries(
        {
            "model": st.one_of(st.text(max_size=20), json_values),
            "tools": st.lists(tool_like, max_size=6),
        },
        optional={
            "messages": json_values,
            "tool_choice": json_values,
            "mcp_servers": json_values,
            "system": json_values,
        },
    ),
    json_values,
)


def check_outcome(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.stderr, result.exception)
    if result.exit_code == 2:
        assert result.stderr.startswith("toolsearch: error: "), result.stderr
        assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "\x1b" not in result.stdout


def run_all(runner: CliRunner, path: Path) -> None:
    for command in COMMANDS:
        check_outcome(runner, [*command, str(path)])


@pytest.mark.slow
@FUZZ
@given(document=catalogs)
def test_random_json_documents(document: Any, in_tmp: Path) -> None:
    path = in_tmp / "catalog.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    run_all(CliRunner(), path)


@pytest.mark.slow
@FUZZ
@given(document=catalogs)
def test_random_yaml_documents(document: Any, in_tmp: Path) -> None:
    path = in_tmp / "catalog.yaml"
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    run_all(CliRunner(), path)


@FUZZ
@given(data=st.binary(max_size=300))
def test_random_bytes(data: bytes, in_tmp: Path) -> None:
    for suffix in (".json", ".yaml", ".txt"):
        path = in_tmp / f"input{suffix}"
        path.write_bytes(data)
        check_outcome(CliRunner(), ["lint", str(path)])


def mutate(value: Any, rng: random.Random, replacement: Any) -> Any:
    """Replace, delete or retype one randomly chosen node of a JSON value."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        copy = dict(value)
        roll = rng.random()
        if roll < 0.2:
            del copy[key]
        elif roll < 0.4:
            copy[key] = replacement
        else:
            copy[key] = mutate(copy[key], rng, replacement)
        return copy
    if isinstance(value, list) and value and rng.random() < 0.8:
        index = rng.randrange(len(value))
        items = list(value)
        roll = rng.random()
        if roll < 0.15:
            del items[index]
        elif roll < 0.3:
            items.append(items[index])
        else:
            items[index] = mutate(items[index], rng, replacement)
        return items
    return replacement


CATALOGS = shared_catalogs()


@pytest.mark.skipif(not CATALOGS, reason="../shared/catalogs is absent")
@FUZZ
@given(seed=st.integers(0, 2**32), replacement=json_values, which=st.integers(0, 1000))
def test_mutated_real_catalogs(seed: int, replacement: Any, which: int, in_tmp: Path) -> None:
    source = CATALOGS[which % len(CATALOGS)]
    rng = random.Random(seed)
    document = json.loads(source.read_text(encoding="utf-8"))
    for _ in range(rng.randint(1, 4)):
        document = mutate(document, rng, replacement)
    path = in_tmp / source.name
    path.write_text(json.dumps(document), encoding="utf-8")
    run_all(CliRunner(), path)


def test_internal_error_says_how_to_report(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toolsearch.cost.budget as budget_module

    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(budget_module, "compute_budget", explode)
    result = runner.invoke(
        app, ["budget", str(Path(__file__).parent.parent / "fixtures" / "example" / "github.json")]
    )
    assert result.exit_code == 3
    assert "internal error: RuntimeError: boom" in result.stderr
    assert "please report it" in result.stderr


EXAMPLE_REQUEST = Path(__file__).parent.parent / "fixtures" / "example" / "request.json"


@FUZZ
@given(seed=st.integers(0, 2**32), replacement=json_values)
def test_mutated_requests_through_recommend_apply_planning(
    seed: int, replacement: Any, in_tmp: Path
) -> None:
    rng = random.Random(seed)
    document = json.loads(EXAMPLE_REQUEST.read_text(encoding="utf-8"))
    for _ in range(rng.randint(1, 3)):
        document = mutate(document, rng, replacement)
    path = in_tmp / "request.json"
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    before = path.read_bytes()
    runner = CliRunner()
    check_outcome(runner, ["recommend", "--diff", str(path)])
    check_outcome(runner, ["lint", "--fail-on", "info", str(path)])
    assert path.read_bytes() == before  # --diff writes nothing


# YAML values that are not JSON's: dates, timestamps, sets, binary, and ones that are invalid
TYPED_YAML = [
    "2024-01-02",
    "2001-12-14t21:59:43.10-05:00",
    "2024-13-45",
    "!!binary aGVsbG8=",
    "!!set {b, a, c}",
    "!!set {}",
    "!!omap [a: 1, b: 2]",
    "!!python/object:os.system x",
    '"a\\ud800b"',
    '"send_\\u200bemail"',
    "!!timestamp 2024-01-02",
    "!!float nan",
    "~",
]
typed = st.sampled_from(TYPED_YAML)


@FUZZ
@given(name=typed, description=typed, default=typed, extra=typed)
def test_yaml_typed_values(
    name: str, description: str, default: str, extra: str, in_tmp: Path
) -> None:
    path = in_tmp / "typed.yaml"
    path.write_text(
        "tools:\n"
        f"- name: {name}\n"
        f"  description: {description}\n"
        f"  input_schema: {{type: object, properties: {{x: {{default: {default}}}}}}}\n"
        f"  input_examples: [{extra}]\n"
        "- name: get_weather\n"
        "  description: Current weather for a city.\n"
        f"  defer_loading: {extra}\n"
        "  input_schema: {type: object}\n",
        encoding="utf-8",
    )
    runner = CliRunner()
    run_all(runner, path)
    first = runner.invoke(app, ["lint", "-f", "json", "--fail-on", "info", str(path)])
    again = runner.invoke(app, ["lint", "-f", "json", "--fail-on", "info", str(path)])
    assert first.stdout == again.stdout  # a set's order, and so every fingerprint, is stable
