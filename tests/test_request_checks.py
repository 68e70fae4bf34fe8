"""Units behind the request-error rules: schema checks, name checks, strict-mode counts."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from toolsearch.catalog.tool_names import bad_characters, suggested_name
from toolsearch.lint.schema_check import check_instance, compile_schema, root_type_issue
from toolsearch.rules.strict_mode_limits import count_parameters

DRAFT4 = "http://json-schema.org/draft-04/schema#"


def test_schema_is_checked_against_the_draft_it_names() -> None:
    body: dict[str, Any] = {
        "type": "object",
        "properties": {"n": {"type": "number", "minimum": 0, "exclusiveMinimum": True}},
    }
    assert compile_schema({"$schema": DRAFT4, **body}).issue is None
    issue = compile_schema(body).issue  # 2020-12: exclusiveMinimum must be a number
    assert issue is not None and issue.pointer == "/properties/n/exclusiveMinimum"
    unknown = compile_schema({"$schema": "https://example.com/meta", **body})
    assert unknown.issue is not None and unknown.draft.startswith("2020-12, as its $schema")


def test_remote_refs_are_never_fetched() -> None:
    # Loopback only: were retrieval on, it would fail ("error sending request") and report.
    schema = {"type": "object", "properties": {"a": {"$ref": "http://127.0.0.1:9/s.json"}}}
    compiled = compile_schema(schema)
    assert compiled.issue is None and compiled.validator is None


def test_a_broken_local_ref_is_located() -> None:
    schema = {"type": "object", "properties": {"u": {"items": {"$ref": "#/$defs/User"}}}}
    issue = compile_schema(schema).issue
    assert issue is not None
    assert issue.pointer == "/properties/u/items/$ref"
    assert issue.message == '$ref "#/$defs/User" points at nothing'


def test_runaway_patterns_are_bounded() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string", "pattern": "^(a+)+$"}}}
    validator = compile_schema(schema).validator
    assert validator is not None
    # bounded by the engine's backtrack limit, not by a clock: the check ends and says so
    found = check_instance(validator, schema, {"a": "a" * 5000 + "!"})
    assert found.issue is not None and found.issue.pointer == "/a" and found.issue.decided
    assert found.others == 0


BACKTRACKING = r"^(\w+\s?)*(?=!)$"  # fancy-regex runs the lookahead by backtracking


@pytest.mark.parametrize(
    ("where", "pointer"),
    [
        ({"properties": {"p": {"type": "string", "pattern": BACKTRACKING}}}, "/p"),
        ({"properties": {"p": {"anyOf": [{"pattern": BACKTRACKING}, {"maxLength": 1}]}}}, "/p"),
        (
            {"properties": {"p": {"$ref": "#/$defs/s"}}, "$defs": {"s": {"pattern": BACKTRACKING}}},
            "/p",
        ),
        ({"patternProperties": {BACKTRACKING: {}}, "additionalProperties": False}, ""),
    ],
)
def test_a_pattern_stopped_by_the_backtracking_limit_decides_nothing(
    where: dict[str, Any], pointer: str
) -> None:
    schema = {"type": "object", **where}
    validator = compile_schema(schema).validator
    assert validator is not None
    value = "a" * 40 + "!"
    example = {value: 1} if "patternProperties" in schema else {"p": value}
    found = check_instance(validator, schema, example)
    assert found.issue is not None and not found.issue.decided
    assert found.issue.pointer == pointer
    assert found.issue.message == (
        'matching pattern "^(\\w+\\s?)*(?=!)$" needs too much backtracking '
        "(toolsearch stops at 1,000,000 steps)"
    )


def test_a_certain_failure_is_reported_though_a_pattern_was_not_decided() -> None:
    schema = {
        "type": "object",
        "properties": {"p": {"pattern": BACKTRACKING}, "n": {"type": "integer"}},
    }
    validator = compile_schema(schema).validator
    assert validator is not None
    found = check_instance(validator, schema, {"p": "a" * 40 + "!", "n": "one"})
    assert found.issue is not None and found.issue.decided
    assert found.issue.pointer == "/n"


def wide(properties: int, given: int) -> tuple[dict[str, Any], dict[str, str]]:
    """A schema requiring ``properties`` strings, and an example giving the first ``given``."""
    names = [f"p{i}" for i in range(properties)]
    schema = {
        "type": "object",
        "properties": {n: {"type": "string"} for n in names},
        "required": names,
    }
    return schema, {n: "a" * 30 for n in names[:given]}


def test_errors_are_all_counted_while_cheap() -> None:
    schema, example = wide(50, 20)
    validator = compile_schema(schema).validator
    assert validator is not None
    found = check_instance(validator, schema, example)
    assert found.issue is not None and found.issue.message == '"p20" is a required property'
    assert found.others == 29


def test_a_wide_schema_builds_only_the_first_error() -> None:
    """20,000 required properties, 2,000 given: listing all 18,000 errors took 11 GB."""
    schema, example = wide(20_000, 2_000)
    validator = compile_schema(schema).validator
    assert validator is not None
    real = validator

    class OnlyValidate:
        """No ``iter_errors``: calling it would fail the test."""

        def is_valid(self, instance: Any) -> bool:
            return real.is_valid(instance)

        def validate(self, instance: Any) -> None:
            real.validate(instance)

    found = check_instance(OnlyValidate(), schema, example)  # type: ignore[arg-type]
    assert found.issue is not None and found.issue.message == '"p2000" is a required property'
    assert found.issue.pointer == "" and found.issue.decided
    assert found.others is None


def test_an_error_too_deep_to_hand_back_is_still_reported() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/t"}},
        "$defs": {"t": {"type": "array", "minItems": 2, "items": {"$ref": "#/$defs/t"}}},
    }
    deep: list[Any] = []
    example = {"a": deep}
    for _ in range(300):
        deep.append([])
        deep = deep[0]
    validator = compile_schema(schema).validator
    assert validator is not None
    found = check_instance(validator, schema, example)
    assert found.issue is not None
    assert found.issue.message == "the validator cannot say where (Recursion limit reached)"


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        ({"type": "object"}, None),
        ({"properties": {}}, 'has no root "type": "object"'),
        ({"type": "array"}, 'has root type "array", not "object"'),
        ({"type": ["object", "null"]}, 'has root type ["object", "null"], not "object"'),
    ],
)
def test_root_type(schema: dict[str, Any], message: str | None) -> None:
    issue = root_type_issue(schema)
    assert (issue.message if issue else None) == message


def test_ten_thousand_schemas_compile_with_jsonschema_rs() -> None:
    """The reason for jsonschema-rs: the jsonschema package takes about 1 ms per schema (the
    speed itself is measured in tests/benchmarks/bench_request_rules.py, not here)."""
    schemas = [
        {
            "type": "object",
            "properties": {
                f"p{i}": {"type": "string", "description": "x", "pattern": "^[a-z]+$"},
                "n": {"type": "integer", "minimum": i},
            },
            "required": [f"p{i}"],
        }
        for i in range(10_000)
    ]
    compiled = [compile_schema(s) for s in schemas]
    assert all(c.issue is None for c in compiled)
    assert all(type(c.validator).__module__.startswith("jsonschema_rs") for c in compiled)


@pytest.mark.parametrize(
    ("name", "faults", "suggestion"),
    [
        ("get_weather-v2", [], "get_weather-v2"),
        ("github.create_issue", ["a dot ('.')"], "github_create_issue"),
        ("send email", ["a space"], "send_email"),
        ("a/b\u200bc", ["characters outside A-Z a-z 0-9 _ - ('/', U+200B)"], "a_b_c"),
        ("x" * 70, [], "x" * 64),
    ],
)
def test_name_faults(name: str, faults: list[str], suggestion: str) -> None:
    assert bad_characters(name) == faults
    assert suggested_name(name) == suggestion


def test_strict_parameters_are_counted_at_every_depth() -> None:
    schema = {
        "type": "object",
        "required": ["a"],
        "properties": {
            "a": {"type": ["string", "null"]},
            "b": {
                "type": "object",
                "required": [],
                "properties": {"c": {"anyOf": [{"type": "string"}, {"type": "integer"}]}},
            },
            "d": {"type": "array", "items": {"$ref": "#/$defs/Item"}},
        },
        "$defs": {"Item": {"type": "object", "properties": {"e": {"type": "string"}}}},
    }
    # optional: b, d, c, e; unions: a, c
    assert count_parameters(schema) == (4, 2)


def test_yaml_values_are_checked_as_json_would_carry_them() -> None:
    schema: dict[Any, Any] = {
        "type": "object",
        "properties": {"day": {"type": "string", "default": datetime.date(2024, 1, 1)}},
        1: {"note": "an integer key, as YAML allows"},
    }
    compiled = compile_schema(schema)
    assert compiled.issue is None and compiled.validator is not None
    example = {"day": datetime.date(2024, 1, 1)}
    assert check_instance(compiled.validator, schema, example).issue is None


def test_strict_counts_ignore_odd_required_entries() -> None:
    schema = {"type": "object", "required": [{"a": 1}, "b"], "properties": {"a": {}, "b": {}}}
    assert count_parameters(schema) == (1, 0)
