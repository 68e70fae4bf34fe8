"""The plain-shape shortcut of invalid-input-schema never calls a schema valid that is not."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from toolsearch.lint.plain_schema import plainly_valid
from toolsearch.lint.schema_check import DRAFTS, compile_schema

_VALUES = st.one_of(
    st.sampled_from(["string", "object", "array", "integer", "strin", "", "null"]),
    st.booleans(),
    st.integers(-1, 1),
    st.none(),
    st.lists(st.sampled_from(["a", "b", "a"]), max_size=3),
    st.lists(st.integers(0, 1), max_size=2),
)
_KEYS = st.sampled_from(
    ["type", "description", "title", "properties", "required", "items", "additionalProperties"]
)
_SCHEMAS = st.recursive(
    st.one_of(st.booleans(), st.dictionaries(_KEYS, _VALUES, max_size=4)),
    lambda inner: st.one_of(
        st.dictionaries(_KEYS, st.one_of(_VALUES, inner), max_size=5),
        st.fixed_dictionaries(
            {"type": st.just("object")},
            optional={
                "properties": st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2),
                "required": st.lists(st.sampled_from(["a", "b"]), max_size=2),
                "additionalProperties": st.one_of(st.booleans(), inner),
                "$schema": st.sampled_from([*DRAFTS, "http://example.com/x", 3]),
            },
        ),
    ),
    max_leaves=10,
)


@settings(max_examples=600, deadline=None, derandomize=True)
@given(_SCHEMAS)
def test_a_plain_schema_compiles(schema: Any) -> None:
    if plainly_valid(schema):
        assert compile_schema(schema).issue is None, schema


def test_common_shapes_are_plain_and_others_are_left_to_the_compiler() -> None:
    common = {
        "type": "object",
        "properties": {
            "q": {"type": "string", "description": "what to find"},
            "tags": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["q"],
        "additionalProperties": False,
    }
    assert plainly_valid(common)
    assert plainly_valid({**common, "$schema": "http://json-schema.org/draft-07/schema#"})
    draft_04 = {**common, "$schema": "http://json-schema.org/draft-04/schema#", "required": []}
    assert not plainly_valid(draft_04)  # draft-04 wants at least one required name
    assert compile_schema(draft_04).issue is not None
    assert not plainly_valid({**common, "required": ["q", "q"]})
    assert not plainly_valid({**common, "type": "strin"})
    assert not plainly_valid({**common, "properties": {"q": {"pattern": "("}}})
