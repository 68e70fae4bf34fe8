"""Schema slimming: the keys of an input schema that can go, each a ``Cut``, found by pure
functions that read only the schema (and the tool's name).

Every cut deletes one key from one schema object, and keeps the set of instances the schema
accepts by construction:

- an unused ``$defs``/``definitions`` entry is never reached by validation (nothing refers to
  it: no ``$ref`` into it or below it, no ``$anchor`` in it that a ``$ref`` names; a schema with
  a ``$ref`` to another document, a ``$dynamicRef`` or a nested ``$id`` is left alone);
- ``additionalProperties: true`` is what an absent ``additionalProperties`` means; left alone
  when the schema uses ``unevaluatedProperties``, which reads which properties were evaluated;
- ``title``, ``default`` and ``examples`` are annotations: no validator asserts them.

The first two classes (and a title that only repeats its property's name) also lose nothing
the model reads: they are ``SAFE``. Dropping a default or an example that the description
already states is ``UNSAFE``, as is dropping any other property title: the same instances, but
text the model reads is gone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from toolsearch.catalog.locate import join_pointer, split_pointer
from toolsearch.catalog.schema_walk import DEFINITION_KEYWORDS, subschemas

UNUSED_DEFINITION = "unused-definition"
VERBOSE_UNION = "verbose-union"
REDUNDANT_TITLE = "redundant-title"
REDUNDANT_ADDITIONAL_PROPERTIES = "redundant-additional-properties"
RESTATED_DEFAULT = "restated-default"
TITLE_IN_SCHEMA = "title-in-schema"
SAFE_RULES = (UNUSED_DEFINITION, REDUNDANT_TITLE, REDUNDANT_ADDITIONAL_PROPERTIES, VERBOSE_UNION)
UNSAFE_RULES = (RESTATED_DEFAULT, TITLE_IN_SCHEMA)


@dataclass(frozen=True)
class Cut:
    """Delete ``key`` from the schema object at ``pointer`` (below the schema root), then set
    the keys of ``sets`` there (a rewrite: a union said more briefly)."""

    pointer: str
    key: str
    rule: str
    what: str  # for people: "title 'Repo Path' of repo_path"
    sets: tuple[tuple[str, Any], ...] = ()


def unused_definitions(schema: Any) -> list[Cut]:
    """The root ``$defs``/``definitions`` entries that validation can never reach."""
    if not isinstance(schema, Mapping):
        return []
    containers = {k: v for k in DEFINITION_KEYWORDS if isinstance(v := schema.get(k), Mapping)}
    if not containers:
        return []
    if any("$id" in node.schema for node in subschemas(schema) if node.pointer):
        return []  # a nested $id changes what "#/..." means below it
    used: set[tuple[str, str]] = set()
    pending = [node.schema for node in subschemas(schema, skip_definitions=True)]
    while pending:
        reached: list[tuple[str, str]] = []
        for node in pending:
            if "$dynamicRef" in node:
                return []
            targets = _targets(node.get("$ref"), containers)
            if targets is None:
                return []
            reached.extend(targets)
        pending = []
        for target in reached:
            if target not in used and target[1] in containers[target[0]]:
                used.add(target)
                pending.extend(n.schema for n in subschemas(containers[target[0]][target[1]]))
    cuts: list[Cut] = []
    for container, entries in containers.items():
        unused = [name for name in entries if (container, str(name)) not in used]
        if not unused:
            continue
        if len(unused) == len(entries):
            cuts.append(Cut("", container, UNUSED_DEFINITION, f"{container} (all unused)"))
            continue
        for name in unused:
            what = f"{container}/{name}"
            cuts.append(Cut(join_pointer(container), str(name), UNUSED_DEFINITION, what))
    return cuts


def _targets(ref: Any, containers: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]] | None:
    """The definitions a ``$ref`` reaches; None when it cannot be told (another document)."""
    if ref is None:
        return []
    if not isinstance(ref, str) or not ref.startswith("#"):
        return None
    fragment = unquote(ref[1:])
    if not fragment:
        return []  # the root: walked already
    if not fragment.startswith("/"):  # an anchor: every definition that declares it
        return [
            (container, str(name))
            for container, entries in containers.items()
            for name, body in entries.items()
            if _declares_anchor(body, fragment)
        ]
    tokens = split_pointer(fragment)
    if tokens[0] not in containers:
        return []  # a place outside the definitions: walked already
    if len(tokens) == 1:
        return [(tokens[0], str(name)) for name in containers[tokens[0]]]
    return [(tokens[0], tokens[1])]


def _declares_anchor(body: Any, anchor: str) -> bool:
    return any(
        node.schema.get("$anchor") == anchor or node.schema.get("$dynamicAnchor") == anchor
        for node in subschemas(body)
    )


def redundant_titles(schema: Any, tool_name: str) -> list[Cut]:
    """Titles that say nothing but the property's name (or, at the root, the tool's)."""
    cuts = []
    for node in subschemas(schema):
        title = node.schema.get("title")
        if not isinstance(title, str):
            continue
        if node.property_name is not None:
            if _words(title) and _words(title) == _words(node.property_name):
                what = f"title {title!r} of {node.property_name}"
                cuts.append(Cut(node.pointer, "title", REDUNDANT_TITLE, what))
        elif not node.pointer and _names_tool(title, tool_name):
            cuts.append(Cut("", "title", REDUNDANT_TITLE, f"title {title!r} of the schema"))
    return cuts


def property_titles(schema: Any) -> list[Cut]:
    """Property titles that say more than the property's name (those are ``redundant_titles``'):
    text the model reads, which the description usually says already."""
    cuts = []
    for node in subschemas(schema):
        title = node.schema.get("title")
        if node.property_name is None or not isinstance(title, str):
            continue
        if not (_words(title) and _words(title) == _words(node.property_name)):
            what = f"title {title!r} of {node.property_name}"
            cuts.append(Cut(node.pointer, "title", TITLE_IN_SCHEMA, what))
    return cuts


_GENERIC = frozenset({"arguments", "args", "input", "inputs", "params", "parameters", "request"})


def _names_tool(title: str, tool_name: str) -> bool:
    """``statusArguments`` for ``git_status``: the tool's name (or its end) and a generic word."""
    words = _words(title)
    while words and words[-1] in _GENERIC:
        words = words[:-1]
    tool = _words(tool_name)
    return bool(words) and len(words) <= len(tool) and tool[-len(words) :] == words


def _words(text: str) -> list[str]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text)
    return [w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if w]


def redundant_additional_properties(schema: Any) -> list[Cut]:
    """``additionalProperties: true``, when nothing reads evaluated properties."""
    nodes = list(subschemas(schema))
    if any("unevaluatedProperties" in node.schema for node in nodes):
        return []
    return [
        Cut(node.pointer, "additionalProperties", REDUNDANT_ADDITIONAL_PROPERTIES, _place(node))
        for node in nodes
        if node.schema.get("additionalProperties") is True
    ]


def _place(node: Any) -> str:
    return f"additionalProperties: true at {node.pointer or 'the root'}"


def restated_defaults(schema: Any) -> list[Cut]:
    """A ``default`` the description states ("default 10"), or ``examples`` it quotes."""
    cuts = []
    for node in subschemas(schema):
        description = node.schema.get("description")
        if not isinstance(description, str):
            continue
        name = node.property_name or (node.pointer or "the schema")
        if "default" in node.schema and re.search(r"default", description, re.IGNORECASE):
            value = node.schema["default"]
            if _states(description, value):
                what = f"default {_shown(value)} of {name}"
                cuts.append(Cut(node.pointer, "default", RESTATED_DEFAULT, what))
        examples = node.schema.get("examples")
        stated = isinstance(examples, list) and all(_states(description, e) for e in examples)
        if examples and stated:
            what = f"examples of {name}"
            cuts.append(Cut(node.pointer, "examples", RESTATED_DEFAULT, what))
    return cuts


def _states(description: str, value: Any) -> bool:
    """Whether the description names the value as a word of its own."""
    if isinstance(value, bool):
        texts = ["true" if value else "false"]
    elif value is None:
        texts = ["null", "none"]
    elif isinstance(value, int | float):
        texts = [json.dumps(value)]
    elif isinstance(value, str) and value.strip():
        texts = [value]
    else:
        return False
    return any(
        re.search(rf"(?<!\w){re.escape(text)}(?!\w)", description, re.IGNORECASE) for text in texts
    )


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


_ANNOTATIONS = frozenset(
    {"description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly"}
)
# Keywords that constrain only instances of their type: beside "null" in a type array they
# still leave null alone, as they did in their own branch.
_ONLY_FOR = {
    "string": frozenset({"minLength", "maxLength", "pattern", "format", "contentEncoding"}),
    "number": frozenset(
        {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"}
    ),
    "array": frozenset({"items", "minItems", "maxItems", "uniqueItems"}),
    "object": frozenset(
        {"properties", "required", "additionalProperties", "minProperties", "maxProperties"}
    ),
}
_ONLY_FOR["integer"] = _ONLY_FOR["number"]
_BRANCH_LISTS = ("anyOf", "allOf")


def verbose_unions(schema: Any) -> list[Cut]:
    """``anyOf``/``allOf`` branches given twice (the same branch again adds nothing to either),
    and ``anyOf: [{"type": T, ...}, {"type": "null"}]``, which ``"type": [T, "null"]`` says."""
    nodes = list(subschemas(schema))
    if any("unevaluatedProperties" in n.schema or "unevaluatedItems" in n.schema for n in nodes):
        return []  # they read which branch evaluated what
    cuts: list[Cut] = []
    for node in nodes:
        if any(node.pointer.startswith(f"{c.pointer}/{c.key}/") for c in cuts):
            continue  # inside a union rewritten already: the next round sees the result
        for key in _BRANCH_LISTS:
            branches = node.schema.get(key)
            if not isinstance(branches, list):
                continue
            kept, seen = [], set()
            for branch in branches:
                text = json.dumps(branch, sort_keys=True, default=str)
                if text not in seen:
                    seen.add(text)
                    kept.append(branch)
            if len(kept) < len(branches):
                repeats = len(branches) - len(kept)
                plural = "es" if repeats > 1 else ""
                what = f"{repeats} repeated {key} branch{plural} at {_at(node)}"
                cuts.append(Cut(node.pointer, key, VERBOSE_UNION, what, ((key, kept),)))
        nullable = _nullable(node.schema)
        if nullable is not None:
            what = f"anyOf of {nullable[0][1][0]} and null at {_at(node)}"
            cuts.append(Cut(node.pointer, "anyOf", VERBOSE_UNION, what, nullable))
    return cuts


def _at(node: Any) -> str:
    return node.property_name or node.pointer or "the root"


def _nullable(schema: Mapping[str, Any]) -> tuple[tuple[str, Any], ...] | None:
    """The keys that say ``schema``'s two-branch anyOf of a type and null, or None."""
    branches = schema.get("anyOf")
    if not isinstance(branches, list) or len(branches) != 2:
        return None
    if not all(isinstance(b, Mapping) for b in branches):
        return None
    nulls = [b for b in branches if dict(b) == {"type": "null"}]
    others = [b for b in branches if dict(b) != {"type": "null"}]
    if len(nulls) != 1 or len(others) != 1:
        return None
    other = others[0]
    kind = other.get("type")
    if not isinstance(kind, str) or kind not in _ONLY_FOR:
        return None
    if "type" in schema or "$ref" in schema or "enum" in schema or "const" in schema:
        return None
    moved = {k: v for k, v in other.items() if k != "type" and schema.get(k, _NONE) != v}
    values = moved.pop("enum", None) if "const" not in moved else [moved.pop("const")]
    allowed = _ANNOTATIONS | _ONLY_FOR[kind]
    if any(k not in allowed or k in schema for k in moved):
        return None
    if values is not None:  # the branch's values, and null, which the other branch allowed
        if not isinstance(values, list):
            return None
        moved["enum"] = values if None in values else [*values, None]
    return (("type", [kind, "null"]), *moved.items())


_NONE = object()


def _on_schema(finder: Callable[[Any], list[Cut]]) -> Callable[[Any, str], list[Cut]]:
    return lambda schema, _name: finder(schema)


FINDERS: dict[str, Callable[[Any, str], list[Cut]]] = {
    UNUSED_DEFINITION: _on_schema(unused_definitions),
    REDUNDANT_TITLE: redundant_titles,
    REDUNDANT_ADDITIONAL_PROPERTIES: _on_schema(redundant_additional_properties),
    RESTATED_DEFAULT: _on_schema(restated_defaults),
    TITLE_IN_SCHEMA: _on_schema(property_titles),
    VERBOSE_UNION: _on_schema(verbose_unions),
}


_MEMO: dict[tuple[int, str, str], tuple[Any, list[Cut]]] = {}
# A rule finds cuts only in a schema holding one of these keys somewhere: a schema without them
# is not walked for that rule (most schemas hold no title, default or union at all).
NEEDS: dict[str, frozenset[str]] = {
    REDUNDANT_TITLE: frozenset({"title"}),
    TITLE_IN_SCHEMA: frozenset({"title"}),
    REDUNDANT_ADDITIONAL_PROPERTIES: frozenset({"additionalProperties"}),
    RESTATED_DEFAULT: frozenset({"default", "examples"}),
    VERBOSE_UNION: frozenset({"anyOf", "allOf"}),
}
_KEYS: dict[int, tuple[Any, frozenset[str]]] = {}
_DEFINITIONS = frozenset(DEFINITION_KEYWORDS)
_WALKED = frozenset({dict, list})
_LEAVES = frozenset({str, int, float, bool, type(None)})


def keys_in(schema: Any) -> frozenset[str]:
    """Every object key anywhere in ``schema`` (data included), found once per schema object
    and run."""
    found = _KEYS.get(id(schema))
    if found is not None and found[0] is schema:
        return found[1]
    keys: set[str] = set()
    stack = [schema]
    push = stack.append
    while stack:
        value = stack.pop()
        if type(value) is dict or isinstance(value, Mapping):
            keys.update(value)
            children: Iterable[Any] = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        for child in children:
            # JSON's own types by identity first: the abstract Mapping check is slow, and the
            # texts and numbers of a large catalog's schemas are most of what is met here
            kind = type(child)
            if kind in _WALKED or (kind not in _LEAVES and isinstance(child, Mapping | list)):
                push(child)
    result = frozenset(keys)
    _KEYS[id(schema)] = (schema, result)
    return result


def may_cut(schema: Any, rule: str) -> bool:
    """False when ``rule`` can find no cut in ``schema``: it holds none of the rule's keys, or
    (unused definitions) no definitions at its root. A quick test before ``cuts_of``, which a
    large catalog's every tool would otherwise pay for each rule."""
    if rule == UNUSED_DEFINITION:
        return (
            isinstance(schema, Mapping)
            and not _DEFINITIONS.isdisjoint(schema)  # most schemas: no look at each keyword
            and any(isinstance(schema.get(k), Mapping) for k in DEFINITION_KEYWORDS)
        )
    return rule not in NEEDS or not NEEDS[rule].isdisjoint(keys_in(schema))


def cuts_of(schema: Any, tool_name: str, rules: Iterable[str]) -> list[Cut]:
    """The cuts of the given rules, in rule order. Only what validation can reach is looked
    at: a title in an unused definition goes with the definition (the pointers of what is left
    do not change when definitions are cut).

    Several rules ask about the same schemas: each schema object is searched once per rule and
    run (the memo keeps the schema itself, so an id is never reused while its entry lives).
    """
    return [cut for rule in rules for cut in _cuts_of_rule(schema, tool_name, rule)]


def _cuts_of_rule(schema: Any, tool_name: str, rule: str) -> list[Cut]:
    key = (id(schema), tool_name if rule == REDUNDANT_TITLE else "", rule)
    found = _MEMO.get(key)
    if found is not None and found[0] is schema:
        return found[1]
    if rule == UNUSED_DEFINITION:
        cuts = unused_definitions(schema)
    elif rule in NEEDS and NEEDS[rule].isdisjoint(keys_in(schema)):
        cuts = []
    else:
        unused = _cuts_of_rule(schema, tool_name, UNUSED_DEFINITION)
        reachable = slimmed(schema, unused) if unused else schema
        cuts = FINDERS[rule](reachable, tool_name)
    _MEMO[key] = (schema, cuts)
    return cuts


def slimmed(schema: Any, cuts: Iterable[Cut]) -> Any:
    """``schema`` with the cuts made, copying only the objects on the way to each cut (the
    original and everything the cuts do not touch are shared, never changed)."""
    if not isinstance(schema, dict):
        return schema
    result = dict(schema)
    copied = {id(result)}
    for cut in cuts:
        node: Any = result
        for token in split_pointer(cut.pointer):
            child: Any = None
            if isinstance(node, dict):
                child = node.get(token)
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                child = node[int(token)]
            if not isinstance(child, dict | list):
                node = None
                break
            if id(child) not in copied:
                child = dict(child) if isinstance(child, dict) else list(child)
                copied.add(id(child))
                if isinstance(node, dict):
                    node[token] = child
                else:
                    node[int(token)] = child
            node = child
        if isinstance(node, dict):
            node.pop(cut.key, None)
            node.update(cut.sets)
    return result


def slim_all(schema: Any, tool_name: str, unsafe: bool) -> Any:
    """The schema after every safe cut (and, with ``unsafe``, every unsafe one), repeated until
    nothing is left to cut (dropping a definition's last use can leave another unused)."""
    rules = SAFE_RULES + UNSAFE_RULES if unsafe else SAFE_RULES
    current = schema
    for _ in range(8):
        unused = unused_definitions(current)
        reachable = slimmed(current, unused) if unused else current
        cuts = [*unused]
        for rule in rules:
            if rule != UNUSED_DEFINITION:
                cuts.extend(FINDERS[rule](reachable, tool_name))
        if not cuts:
            break
        current = slimmed(current, cuts)
    return current
