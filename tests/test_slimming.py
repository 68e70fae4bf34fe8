"""Schema slimming: what each cut finds, that it keeps the instances a schema accepts, and what
the cuts save."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.schema_instances import instances, removed_keys, unresolved_refs, validator
from toolsearch.lint.slimming import (
    SAFE_RULES,
    UNSAFE_RULES,
    cuts_of,
    redundant_additional_properties,
    redundant_titles,
    restated_defaults,
    slim_all,
    slimmed,
    unused_definitions,
    verbose_unions,
)

CHECK = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def _unused(schema: dict[str, Any]) -> list[str]:
    return [f"{c.pointer}|{c.key}" for c in unused_definitions(schema)]


def test_unused_definitions_follow_refs_pointers_and_anchors() -> None:
    schema = {
        "type": "object",
        "$defs": {
            "used": {"type": "object", "properties": {"x": {"$ref": "#/$defs/through"}}},
            "through": {"type": "string"},
            "into": {"type": "object", "properties": {"deep": {"type": "integer"}}},
            "anchored": {"$anchor": "here", "type": "string"},
            "only_from_unused": {"type": "string"},
            "unused": {"properties": {"y": {"$ref": "#/$defs/only_from_unused"}}},
            "a b": {"type": "string"},
            "c/d": {"type": "string"},
        },
        "properties": {
            "u": {"$ref": "#/$defs/used"},
            "i": {"$ref": "#/$defs/into/properties/deep"},
            "h": {"$ref": "#here"},
            "s": {"$ref": "#/$defs/a%20b"},
            "t": {"$ref": "#/$defs/c~1d"},
        },
    }
    assert _unused(schema) == ["/$defs|only_from_unused", "/$defs|unused"]
    assert unresolved_refs(slimmed(schema, unused_definitions(schema))) == []


@pytest.mark.parametrize(
    "schema",
    [
        {"$defs": {"a": {}}, "properties": {"x": {"$ref": "other.json#/$defs/a"}}},
        {"$defs": {"a": {}}, "properties": {"x": {"$dynamicRef": "#meta"}}},
        {"$defs": {"a": {}}, "properties": {"x": {"$id": "sub", "$ref": "#/$defs/a"}}},
        {"$defs": {"a": {}, "b": {}}, "properties": {"x": {"$ref": "#/$defs"}}},
    ],
    ids=["other-document", "dynamic-ref", "nested-id", "whole-container"],
)
def test_unused_definitions_leave_alone_what_cannot_be_told(schema: dict[str, Any]) -> None:
    assert unused_definitions(schema) == []


def test_every_definition_unused_drops_the_container() -> None:
    schema = {"definitions": {"a": {}, "b": {}}, "properties": {"x": {"type": "string"}}}
    assert _unused(schema) == ["|definitions"]
    assert "definitions" not in slimmed(schema, unused_definitions(schema))


def test_titles_repeating_names_but_not_keywords_as_property_names() -> None:
    schema = {
        "title": "logArguments",
        "properties": {
            "repo_path": {"title": "Repo Path"},
            "maxCount": {"title": "max count"},
            "title": {"title": "Title"},
            "default": {"title": "Branch to read", "type": "string"},
            "enum": {"enum": ["title"]},
        },
    }
    found = [(c.pointer, c.key) for c in redundant_titles(schema, "git_log")]
    assert found == [
        ("", "title"),
        ("/properties/repo_path", "title"),
        ("/properties/maxCount", "title"),
        ("/properties/title", "title"),
    ]
    assert redundant_titles({"title": "Commit log query"}, "git_log") == []


def test_additional_properties_true_unless_unevaluated_properties() -> None:
    schema: dict[str, Any] = {
        "additionalProperties": True,
        "properties": {"additionalProperties": {"type": "boolean"}, "o": {"type": "object"}},
    }
    assert [c.pointer for c in redundant_additional_properties(schema)] == [""]
    schema["properties"]["o"]["unevaluatedProperties"] = False
    assert redundant_additional_properties(schema) == []
    assert redundant_additional_properties({"additionalProperties": {}}) == []


@pytest.mark.parametrize(
    ("node", "cut"),
    [
        ({"default": 10, "description": "Number of results (1-20, default 10)"}, True),
        ({"default": True, "description": "Defaults to true."}, True),
        ({"default": "open", "description": "Filter by state. Defaults to open"}, True),
        ({"default": 1, "description": "Skip this many; default 10 pages"}, False),
        ({"default": 10, "description": "Number of results (1-20)"}, False),
        ({"default": "/", "description": "Path to file/directory, default root"}, False),
        ({"examples": ["de", "fr"], "description": "Region code, e.g. de or fr"}, True),
        ({"examples": ["de", "it"], "description": "Region code, e.g. de"}, False),
    ],
)
def test_restated_defaults(node: dict[str, Any], cut: bool) -> None:
    assert bool(restated_defaults({"properties": {"p": node}})) is cut


@pytest.mark.parametrize(
    ("node", "sets"),
    [
        ({"anyOf": [{"type": "string"}, {"type": "null"}]}, {"type": ["string", "null"]}),
        (
            {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 1}], "default": None},
            {"type": ["integer", "null"], "minimum": 1},
        ),
        (
            {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]},
            {"type": ["string", "null"], "enum": ["a", "b", None]},
        ),
        (
            {"anyOf": [{"type": "string", "const": "a"}, {"type": "null"}]},
            {"type": ["string", "null"], "enum": ["a", None]},
        ),
        (
            {
                "anyOf": [{"type": "string", "description": "d"}, {"type": "null"}],
                "description": "d",
            },
            {"type": ["string", "null"]},
        ),
        ({"anyOf": [{"type": "string"}, {"type": "string"}]}, {"anyOf": [{"type": "string"}]}),
        ({"type": "string", "anyOf": [{"type": "string"}, {"type": "null"}]}, None),
        ({"$ref": "#/$defs/x", "anyOf": [{"type": "string"}, {"type": "null"}]}, None),
        ({"anyOf": [{"type": "string", "not": {"const": "a"}}, {"type": "null"}]}, None),
        ({"anyOf": [{"type": "string", "minimum": 1}, {"type": "null"}]}, None),
        ({"anyOf": [{"type": "string", "title": "t"}, {"type": "null"}], "title": "u"}, None),
        ({"anyOf": [{"type": "string"}, {"type": "null", "description": "none"}]}, None),
        ({"oneOf": [{"type": "string"}, {"type": "string"}]}, None),
    ],
)
def test_verbose_unions(node: dict[str, Any], sets: dict[str, Any] | None) -> None:
    cuts = verbose_unions({"properties": {"p": node}})
    assert (dict(cuts[0].sets) if cuts else None) == sets
    if cuts:
        old, new = validator(node), validator(slimmed(node, [replace(cuts[0], pointer="")]))
        values: list[Any] = [None, "a", "b", "", 0, 1, 2.5, True, [], {}, [None]]
        for value in values:
            assert old.is_valid(value) == new.is_valid(value), value


def test_verbose_unions_leave_unevaluated_alone() -> None:
    schema = {"unevaluatedProperties": False, "anyOf": [{"type": "object"}, {"type": "null"}]}
    assert verbose_unions(schema) == []


def test_titles_in_unused_definitions_are_left_to_unused_definition() -> None:
    schema = {"$defs": {"x": {"properties": {"a": {"title": "A"}}}}, "properties": {}}
    assert cuts_of(schema, "t", ["redundant-title"]) == []
    assert [c.rule for c in cuts_of(schema, "t", SAFE_RULES)] == ["unused-definition"]


RICH_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "searchArguments",
    "additionalProperties": True,
    "$defs": {
        "sort": {
            "type": "object",
            "additionalProperties": True,
            "properties": {"direction": {"enum": ["asc", "desc"], "title": "Direction"}},
            "required": ["direction"],
        },
        "unused": {"type": "object", "additionalProperties": False},
    },
    "properties": {
        "query": {"type": "string", "title": "Query", "examples": ["x"], "description": "x"},
        "limit": {"type": "integer", "title": "Most results", "minimum": 1},
        "count": {"type": "integer", "default": 10, "description": "default 10", "maximum": 20},
        "sort": {"$ref": "#/$defs/sort"},
        "filter": {
            "anyOf": [
                {"type": "object", "additionalProperties": True, "properties": {"a": {}}},
                {"type": "null"},
            ]
        },
    },
    "required": ["query"],
}


@CHECK
@given(st.data())
def test_slimmed_schema_accepts_the_same_instances(data: st.DataObject) -> None:
    slim = slim_all(RICH_SCHEMA, "search", unsafe=True)
    assert list(removed_keys(RICH_SCHEMA, slim))  # something was cut
    old, new = validator(RICH_SCHEMA), validator(slim)
    made = instances(RICH_SCHEMA)  # built once: drawing from it 25 times checks it once
    for _ in range(25):
        instance = data.draw(made)
        assert old.is_valid(instance) == new.is_valid(instance), instance


def test_the_instances_reach_both_sides() -> None:
    """The generated instances are not all invalid (or all valid): the check has teeth."""
    from hypothesis import find

    old = validator(RICH_SCHEMA)
    find(instances(RICH_SCHEMA), old.is_valid, settings=settings(database=None))
    find(instances(RICH_SCHEMA), lambda x: not old.is_valid(x), settings=settings(database=None))


def test_safe_and_unsafe_cuts_only_delete_their_keys() -> None:
    safe = slim_all(RICH_SCHEMA, "search", unsafe=False)
    removed = {(p, k) for p, k, _ in removed_keys(RICH_SCHEMA, safe)}
    assert removed == {
        ("", "title"),
        ("", "additionalProperties"),
        ("/$defs", "unused"),
        ("/$defs/sort", "additionalProperties"),
        ("/$defs/sort/properties/direction", "title"),
        ("/properties/query", "title"),
        ("/properties/filter", "anyOf"),  # now "type": ["object", "null"]
    }
    assert safe["properties"]["filter"] == {"type": ["object", "null"], "properties": {"a": {}}}
    unsafe = slim_all(RICH_SCHEMA, "search", unsafe=True)
    more = {(p, k) for p, k, _ in removed_keys(safe, unsafe)}
    assert more == {
        ("/properties/query", "examples"),
        ("/properties/count", "default"),
        ("/properties/limit", "title"),
    }
    assert set(UNSAFE_RULES) == {"restated-default", "title-in-schema"}
