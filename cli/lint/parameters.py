"""The parameters of an input schema, nested ones included, with their pointers and descriptions.

Tool search reads argument names and descriptions (tool-search-facts.md §2.1). The walk follows
``properties``, array ``items``, ``anyOf``/``oneOf``/``allOf`` branches and local ``$ref``s
(each definition once), to a bounded depth, so odd or recursive schemas cannot run away.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from toolsearch.catalog.locate import split_pointer

MAX_DEPTH = 16
_BRANCHES = ("anyOf", "oneOf", "allOf")
_CHILD_KEYS = frozenset({"properties", "items", "$ref", *_BRANCHES})
_ROOT_BRANCHES = frozenset({"items", *_BRANCHES})
_NESTING_KEYS = _CHILD_KEYS - {"items"}


class Parameter(NamedTuple):
    """One property of a schema: ``path`` as people write it (``filter.owner``, ``tags[].name``)."""

    path: str
    name: str
    pointer: str  # below the schema root
    description: str | None
    nested: bool


_MEMO: dict[tuple[int, bool], tuple[Any, tuple[Parameter, ...]]] = {}


def parameters(schema: Any, nested: bool = True) -> Iterator[Parameter]:
    """Every property, in schema order; a path met twice (in two branches) is given once.

    Several rules walk the same schemas: each schema object is walked once per run (the memo
    keeps the schema itself, so an id is never reused while its entry lives).
    """
    key = (id(schema), nested)
    found = _MEMO.get(key)
    if found is None or found[0] is not schema:
        found = (schema, tuple(_walk(schema, nested)))
        _MEMO[key] = found
    return iter(found[1])


def descriptions(schema: Any) -> list[str | None]:
    """Each parameter's description (None when it has none), in the order of ``parameters``:
    a schema of plain top-level properties is read without a walk (most schemas)."""
    flat = _flat_descriptions(schema)
    if flat is None:
        return [parameter.description for parameter in parameters(schema)]
    return flat


def _flat_descriptions(schema: Any) -> list[str | None] | None:
    """The descriptions of the top-level properties when they are all the parameters (none
    holds another), else None."""
    if not isinstance(schema, dict) or not _ROOT_BRANCHES.isdisjoint(schema):
        return None
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return None
    found: list[str | None] = []
    for name, body in properties.items():
        if type(name) is not str or not isinstance(body, dict):
            return None
        if not _CHILD_KEYS.isdisjoint(body) and _may_hold(body):
            return None
        text = body.get("description")
        found.append(text if isinstance(text, str) and text.strip() else None)  # _description
    return found


def all_described(schema: Any) -> bool:
    """True when the parameters are the top-level properties, each described: the common shape,
    answered without a walk (False: walk to know)."""
    if not isinstance(schema, dict) or not _ROOT_BRANCHES.isdisjoint(schema):
        return False
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return False
    for body in properties.values():
        if not isinstance(body, dict) or not _CHILD_KEYS.isdisjoint(body):
            items = body.get("items") if isinstance(body, dict) else None
            # an array of plain values: its items hold no parameters
            if not _is_leaf(items) or not _NESTING_KEYS.isdisjoint(body):
                return False
        text = body.get("description")
        if not isinstance(text, str) or not text.strip():
            return False
    return True


def _is_leaf(node: Any) -> bool:
    return isinstance(node, dict) and _CHILD_KEYS.isdisjoint(node)


def _may_hold(body: Mapping[str, Any]) -> bool:
    """Whether a property's schema can hold parameters: an array of plain values cannot (the
    walk into it and its ``items`` would find nothing: most arrays of a large catalog)."""
    if not _NESTING_KEYS.isdisjoint(body):
        return True
    items = body.get("items")
    return isinstance(items, dict) and not _CHILD_KEYS.isdisjoint(items)


def _walk(schema: Any, nested: bool) -> Iterator[Parameter]:
    if not isinstance(schema, dict):
        return
    seen: dict[str, Parameter] = {}
    refs: set[str] = set()
    stack: list[tuple[Mapping[str, Any], str, str, int]] = [(schema, "", "", 0)]
    while stack:
        node, pointer, prefix, depth = stack.pop()
        children: list[tuple[Mapping[str, Any], str, str, int]] = []
        deeper = depth < MAX_DEPTH
        properties = node.get("properties")
        if isinstance(properties, dict):
            for name, sub in properties.items():
                key = str(name)
                where = f"{pointer}/properties/{_escape(key)}"
                path = prefix + key
                body = sub if isinstance(sub, dict) else {}
                target = _lookup(schema, body) if "$ref" in body else None
                described = _description(body) or (_description(target) if target else None)
                old = seen.get(path)
                if old is None:
                    seen[path] = Parameter(path, key, where, described, bool(prefix))
                elif described and not old.description:
                    seen[path] = old._replace(description=described)
                if nested and deeper and _may_hold(body) and _first(body, refs):
                    inside = str(body["$ref"])[1:] if target is not None else where
                    children.append((target or body, inside, f"{path}.", depth + 1))
        items = node.get("items")
        if isinstance(items, dict) and deeper and (nested or not prefix):
            inner = prefix[:-1] + "[]." if prefix else prefix
            children.append((items, pointer + "/items", inner, depth + 1))
        for key in _BRANCHES:
            branches = node.get(key)
            if isinstance(branches, list) and deeper:
                for index, branch in enumerate(branches):
                    if isinstance(branch, dict) and _first(branch, refs):
                        target = _lookup(schema, branch)
                        inside = str(branch["$ref"])[1:] if target else f"{pointer}/{key}/{index}"
                        children.append((target or branch, inside, prefix, depth + 1))
        stack.extend(reversed(children))
    yield from seen.values()


def _escape(token: str) -> str:
    """A JSON Pointer reference token (RFC 6901)."""
    if "~" in token or "/" in token:
        return token.replace("~", "~0").replace("/", "~1")
    return token


def _description(node: Mapping[str, Any]) -> str | None:
    text = node.get("description")
    return text if isinstance(text, str) and text.strip() else None


def _first(node: Mapping[str, Any], seen: set[str]) -> bool:
    """False for a ``$ref`` already walked: each definition is walked once."""
    ref = node.get("$ref")
    if not isinstance(ref, str):
        return True
    if ref in seen:
        return False
    seen.add(ref)
    return True


def _lookup(root: Mapping[str, Any], node: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The local definition a ``$ref`` names (``#/$defs/x``), or None."""
    ref = node.get("$ref")
    if not isinstance(ref, str) or not ref.startswith("#/"):
        return None
    target: Any = root
    for part in split_pointer(ref[1:]):
        if not isinstance(target, dict) or part not in target:
            return None
        target = target[part]
    return target if isinstance(target, dict) else None
