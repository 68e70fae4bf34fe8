"""Instances to try against two schemas, and checks that a slimmed schema keeps its meaning.

The instances are JSON values built from the schema's own vocabulary (its property names, its
enum, const, default and example values) and a few plain values, so that many are valid and
many fail in a single place: an extra check beside the fixes' construction, not a proof.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import jsonschema
from hypothesis import strategies as st
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from toolsearch.catalog.schema_walk import subschemas


def vocabulary(schema: Any) -> tuple[list[str], list[Any]]:
    """The schema's property names and the values it names (enum, const, default, examples)."""
    names: set[str] = set()
    values: list[Any] = []
    for node in subschemas(schema):
        properties = node.schema.get("properties")
        if isinstance(properties, dict):
            names.update(str(n) for n in properties)
        for key in ("enum", "examples"):
            found = node.schema.get(key)
            if isinstance(found, list):
                values.extend(found)
        for key in ("const", "default"):
            if key in node.schema:
                values.append(node.schema[key])
    return sorted(names) or ["a"], values


def instances(schema: Any) -> st.SearchStrategy[Any]:
    """JSON values: built along the schema (mostly valid, some with one part wrong) or made of
    its vocabulary and a few plain values (mostly invalid)."""
    names, values = vocabulary(schema)
    leaves: st.SearchStrategy[Any] = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 300),
        st.sampled_from(["", "a", "00000000-0000-0000-0000-000000000000", "2024-01-15"]),
        *([st.sampled_from(values)] if values else []),
    )
    keys = st.one_of(st.sampled_from(names), st.sampled_from(["type", "zzz"]))
    noise = st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=6),
        max_leaves=16,
    )
    return st.one_of(_guided(schema, schema, leaves, keys, 0), noise)


_TYPED: dict[str, st.SearchStrategy[Any]] = {
    "string": st.sampled_from(["", "a", "00000000-0000-0000-0000-000000000000", "x y"]),
    "integer": st.integers(-3, 300),
    "number": st.integers(-3, 300) | st.sampled_from([0.5, -1.5]),
    "boolean": st.booleans(),
    "null": st.none(),
}


def _guided(
    node: Any, root: Any, leaves: st.SearchStrategy[Any], keys: Any, depth: int
) -> st.SearchStrategy[Any]:
    """A value shaped by ``node`` (its enum, type, properties, items, branches, local refs);
    now and then a plain value in its place, so that one part is wrong."""
    if not isinstance(node, dict) or depth > 6:
        return leaves
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        target: Any = root
        for token in ref[2:].split("/"):
            target = target.get(token.replace("~1", "/").replace("~0", "~"), {})
        return _guided(target, root, leaves, keys, depth + 1)
    options: list[st.SearchStrategy[Any]] = []
    if isinstance(node.get("enum"), list) and node["enum"]:
        options.append(st.sampled_from(node["enum"]))
    if "const" in node:
        options.append(st.just(node["const"]))
    for key in ("anyOf", "oneOf", "allOf"):
        branches = node.get(key)
        if isinstance(branches, list):
            options.extend(_guided(b, root, leaves, keys, depth + 1) for b in branches)
    kinds = node.get("type")
    for kind in kinds if isinstance(kinds, list) else [kinds]:
        if kind == "object" or (kind is None and isinstance(node.get("properties"), dict)):
            found = node.get("properties")
            properties: dict[str, Any] = found if isinstance(found, dict) else {}
            required = [k for k in node.get("required", []) if k in properties]
            fixed = {k: _guided(properties[k], root, leaves, keys, depth + 1) for k in required}
            optional = {
                k: _guided(v, root, leaves, keys, depth + 1)
                for k, v in properties.items()
                if k not in required
            }
            options.append(st.fixed_dictionaries(fixed, optional=optional))
        elif kind == "array":
            items = _guided(node.get("items", {}), root, leaves, keys, depth + 1)
            options.append(st.lists(items, max_size=3))
        elif isinstance(kind, str) and kind in _TYPED:
            options.append(_TYPED[kind])
    if not options:
        return leaves
    return st.one_of(*options) | leaves


def validator(schema: Any) -> Any:
    """A validator of the schema's own dialect (2020-12 when it names none)."""
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema)


def refs(schema: Any) -> Iterator[str]:
    for node in subschemas(schema):
        ref = node.schema.get("$ref")
        if isinstance(ref, str):
            yield ref


def unresolved_refs(schema: Any) -> list[str]:
    """The local ``$ref``s of the schema that do not resolve (a cut definition still in use)."""
    resource = Resource.from_contents(schema, default_specification=DRAFT202012)
    resolver = Registry().with_resource("urn:slim", resource).resolver(base_uri="urn:slim")
    missing = []
    for ref in refs(schema):
        if not ref.startswith("#"):
            continue
        try:
            resolver.lookup(ref)
        except Unresolvable:
            missing.append(ref)
    return missing


ANNOTATIONS = frozenset({"title", "default", "examples"})


def removed_keys(before: Any, after: Any, pointer: str = "") -> Iterator[tuple[str, str, Any]]:
    """Each key of ``before`` missing from ``after`` (pointer, key, value), failing on any
    other change: a fix may only delete keys, but for the two union rewrites, given as
    (pointer, ``"anyOf"``, ``REWRITTEN``) and (pointer of the list, ``""``, ``DEDUPED``)."""
    if isinstance(before, dict):
        assert isinstance(after, dict), pointer
        added = set(after) - set(before)
        if added:
            kinds = after.get("type")
            rewritten = "anyOf" in before and "anyOf" not in after
            assert rewritten and isinstance(kinds, list) and "null" in kinds, (pointer, added)
            yield pointer, "anyOf", REWRITTEN
            return
        for key, value in before.items():
            if key not in after:
                yield pointer, key, value
            else:
                yield from removed_keys(value, after[key], f"{pointer}/{key}")
    elif isinstance(before, list):
        assert isinstance(after, list), pointer
        if len(after) != len(before):
            texts = [json.dumps(b, sort_keys=True) for b in before]
            once = [json.loads(t) for i, t in enumerate(texts) if t not in texts[:i]]
            assert pointer.endswith(("/anyOf", "/allOf")) and len(after) == len(once), pointer
            yield pointer, "", DEDUPED
            before = once  # then compared branch by branch
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            yield from removed_keys(old, new, f"{pointer}/{index}")
    else:
        assert before == after, pointer


REWRITTEN = "anyOf of a type and null, now a type array"
DEDUPED = "a union with repeated branches, now each once"
