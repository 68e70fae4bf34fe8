"""Check input schemas and validate instances against them with jsonschema-rs.

jsonschema-rs checks a schema against its draft's meta-schema while compiling it (about 12 µs
per schema, against about 1 ms for the ``jsonschema`` package), never reaches the network here
(``offline=True``), and runs ``pattern`` with fancy-regex under a backtracking limit, so a
runaway pattern in a catalog cannot hang a run; a check stopped by that limit decided nothing
and says so (``SchemaIssue.decided``). Formats are not asserted: whether the API checks
``format`` is not documented, and reporting it would risk false errors.

jsonschema-rs's ``iter_errors`` builds every error at once, each with a copy of the failing
value, so all errors are listed only while the worst case stays small (``COUNT_BUDGET``); past
it only the first error is built (``validate`` stops there).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from toolsearch.catalog.locate import join_pointer
from toolsearch.catalog.model import Tool
from toolsearch.sanitize import one_line

if TYPE_CHECKING:  # loaded when a schema is compiled: most runs compile none (the common shape)
    import jsonschema_rs

BACKTRACK_LIMIT = 1_000_000
# Measured with jsonschema-rs 0.60: an error costs about 2.5 KB and 13 us, plus about 8 bytes
# per JSON character of the value it carries. Each schema node fails at most once per instance
# node, and the values one schema node fails on together hold at most the whole instance
# (recursive $refs aside). Past COUNT_BUDGET bytes in that worst case, errors are not all built.
ERROR_BYTES = 2_500
BYTES_PER_CHAR = 8
COUNT_BUDGET = 100_000_000
DRAFTS = {
    "http://json-schema.org/draft-04/schema": "draft-04",
    "http://json-schema.org/draft-06/schema": "draft-06",
    "http://json-schema.org/draft-07/schema": "draft-07",
    "https://json-schema.org/draft/2019-09/schema": "2019-09",
    "https://json-schema.org/draft/2020-12/schema": "2020-12",
}
TYPES = "string, number, integer, boolean, object, array, null"
_MISSING_POINTER = re.compile(r"Pointer '(.*)' does not exist")
_SCHEMA_KEYS = {
    "anthropic": "/input_schema",
    "mcp": "/inputSchema",
    "openai-chat": "/function/parameters",
    "openai-responses": "/parameters",
}


@dataclass(frozen=True)
class SchemaIssue:
    """Why a schema is unusable, and where inside it (a JSON Pointer relative to the schema)."""

    message: str
    pointer: str = ""
    decided: bool = True
    """False when the regex engine gave up on a ``pattern``: the check decided nothing."""


@dataclass(frozen=True)
class InstanceCheck:
    """How an instance fares: the problem to report (None: valid) and how many others."""

    issue: SchemaIssue | None
    others: int | None = 0
    """Problems besides ``issue``; None when listing them would cost too much."""


@dataclass(frozen=True)
class Compiled:
    """A compiled validator, or the issue that stopped compiling; ``draft`` as checked."""

    validator: jsonschema_rs.Validator | None
    issue: SchemaIssue | None
    draft: str


def schema_pointer(tool: Tool) -> str:
    """Where the tool's schema sits below the tool's own pointer ("" when it was absent)."""
    key = _SCHEMA_KEYS[tool.dialect]
    body = tool.raw.get("function") if tool.dialect == "openai-chat" else tool.raw
    name = key.rsplit("/", 1)[1]
    return key if isinstance(body, Mapping) and body.get(name) is not None else ""


def draft_of(schema: Mapping[str, Any]) -> str | None:
    """The draft a schema's ``$schema`` names; None when absent or unknown."""
    declared = schema.get("$schema")
    if not isinstance(declared, str):
        return None
    return DRAFTS.get(declared.rstrip("#"))


def root_type_issue(schema: Mapping[str, Any]) -> SchemaIssue | None:
    """The API wants ``"type": "object"`` at the root (SDK ``InputSchemaTyped``; MCP too)."""
    kind = schema.get("type")
    if kind == "object":
        return None
    if "type" not in schema:
        return SchemaIssue('has no root "type": "object"')
    return SchemaIssue(f'has root type {_short(kind)}, not "object"', "/type")


def compile_schema(schema: Mapping[str, Any]) -> Compiled:
    """Compile against the draft ``$schema`` names, else 2020-12; never fetches anything."""
    draft = draft_of(schema)
    data = dict(schema)
    label = draft or "2020-12"
    if draft is None and "$schema" in data:
        # decisions.md: a schema naming no known draft is checked as 2020-12.
        label = f"2020-12, as its $schema {_short(data.pop('$schema'))} is not a known draft"
    import jsonschema_rs

    make = jsonschema_rs.validator_for if draft else jsonschema_rs.Draft202012Validator
    regex = _regex_options()
    try:
        try:
            validator: jsonschema_rs.Validator = make(
                data, pattern_options=regex, offline=True, validate_formats=False
            )
        except (ValueError, TypeError, OverflowError) as error:
            if isinstance(error, jsonschema_rs.ValidationError):
                raise
            # YAML values JSON cannot hold (dates, integer keys): check what JSON would carry.
            data = as_json(data)
            validator = make(data, pattern_options=regex, offline=True, validate_formats=False)
    except jsonschema_rs.ValidationError as error:
        if "Retrieval is disabled" in error.message:
            # A remote $ref: toolsearch works offline and cannot tell whether it resolves.
            return Compiled(None, None, label)
        return Compiled(None, _schema_issue(error, data), label)
    except (ValueError, TypeError, OverflowError) as error:
        return Compiled(None, SchemaIssue(_first_line(str(error))), label)
    return Compiled(validator, None, label)


@cache
def _regex_options() -> jsonschema_rs.FancyRegexOptions:
    """``pattern`` runs under fancy-regex's backtracking limit."""
    import jsonschema_rs

    return jsonschema_rs.FancyRegexOptions(backtrack_limit=BACKTRACK_LIMIT)


def as_json(value: Any) -> Any:
    """The value as JSON would carry it: keys as strings, dates and the like as text."""
    return json.loads(json.dumps(value, default=str))


def _schema_issue(error: jsonschema_rs.ValidationError, schema: Mapping[str, Any]) -> SchemaIssue:
    """A readable issue: unknown type names spelt out, broken local $refs located."""
    pointer = join_pointer(*error.instance_path)
    path = error.instance_path
    if path and path[-1] == "type" and error.kind.name == "anyOf":
        return SchemaIssue(f"{_short(error.instance)} is not a JSON Schema type ({TYPES})", pointer)
    missing = _MISSING_POINTER.match(error.message)
    if missing and not path:
        found = _find_ref(schema, "#" + missing.group(1))
        if found is not None:
            return SchemaIssue(f"$ref {_short('#' + missing.group(1))} points at nothing", found)
    return SchemaIssue(_first_line(error.message), pointer)


def _find_ref(schema: Any, target: str) -> str | None:
    """The pointer of the first ``$ref`` equal to ``target``, depth first."""
    stack: list[tuple[Any, str]] = [(schema, "")]
    while stack:
        node, pointer = stack.pop()
        if isinstance(node, Mapping):
            if node.get("$ref") == target:
                return pointer + "/$ref"
            items = list(node.items())
            stack.extend((v, pointer + join_pointer(str(k))) for k, v in reversed(items))
        elif isinstance(node, list):
            stack.extend((v, f"{pointer}/{i}") for i, v in reversed(list(enumerate(node))))
    return None


def check_instance(
    validator: jsonschema_rs.Validator, schema: Mapping[str, Any], instance: Any
) -> InstanceCheck:
    """Whether ``instance`` passes; if not, its first certain failure (else the first check a
    regex limit stopped) and how many others, counted only when cheap (``COUNT_BUDGET``)."""
    import jsonschema_rs

    try:
        valid = validator.is_valid(instance)
    except (ValueError, TypeError, OverflowError):
        try:
            instance = as_json(instance)
            valid = validator.is_valid(instance)
        except (ValueError, TypeError, OverflowError) as failure:
            return InstanceCheck(SchemaIssue(_first_line(str(failure))))
    if valid:
        return InstanceCheck(None)
    try:
        if _all_errors_are_cheap(schema, instance):
            issues = [_instance_issue(e, schema) for e in validator.iter_errors(instance)]
            certain = [i for i in issues if i.decided]
            return InstanceCheck((certain or issues)[0], len(issues) - 1)
        validator.validate(instance)
    except jsonschema_rs.ValidationError as error:
        return InstanceCheck(_instance_issue(error, schema), None)
    except (ValueError, TypeError, OverflowError) as failure:
        # jsonschema-rs cannot hand back an error whose value nests over 255 levels deep.
        why = _first_line(str(failure))
        return InstanceCheck(SchemaIssue(f"the validator cannot say where ({why})"))
    return InstanceCheck(None)  # not reached: is_valid said it fails


def _instance_issue(error: jsonschema_rs.ValidationError, schema: Mapping[str, Any]) -> SchemaIssue:
    """The error as an issue; a pattern the regex engine gave up on is named, not judged."""
    import jsonschema_rs

    pointer = join_pointer(*error.instance_path)
    kinds = jsonschema_rs.ValidationErrorKind
    if isinstance(error.kind, kinds.BacktrackLimitExceeded | kinds.RegexEngineFailure):
        pattern = _pattern_at(schema, error.schema_path)
        if isinstance(error.kind, kinds.BacktrackLimitExceeded):
            why = f"needs too much backtracking (toolsearch stops at {BACKTRACK_LIMIT:,} steps)"
        else:
            why = f"stopped the regex engine ({_first_line(error.kind.message, 80)})"
        # Quoted as jsonschema-rs quotes patterns ("... does not match "^a+$""), unescaped.
        named = f'pattern "{one_line(pattern, 80)}"' if pattern is not None else "a pattern"
        return SchemaIssue(f"matching {named} {why}", pointer, decided=False)
    if isinstance(error.kind, kinds.Required):  # our words, not the library's
        missing = json.dumps(error.kind.property, ensure_ascii=False)
        return SchemaIssue(f"{one_line(missing, 160)} is a required property", pointer)
    return SchemaIssue(_first_line(error.message), pointer)


def _pattern_at(schema: Any, path: list[str | int]) -> str | None:
    """The pattern an error's schema path ends at (a ``pattern`` or a ``patternProperties`` key)."""
    if len(path) >= 2 and path[-2] == "patternProperties":
        return str(path[-1])
    node = schema
    for step in path:
        if not isinstance(node, Mapping | list):
            return None
        try:
            node = node[step]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return None
    return node if isinstance(node, str) else None


def _all_errors_are_cheap(schema: Any, instance: Any) -> bool:
    """Whether building every error stays within ``COUNT_BUDGET`` even in the worst case."""
    schema_nodes = _nodes(schema)
    errors = schema_nodes * _nodes(instance)
    if errors * ERROR_BYTES > COUNT_BUDGET:
        return False
    size = len(json.dumps(instance, default=str, skipkeys=True))
    return errors * ERROR_BYTES + schema_nodes * size * BYTES_PER_CHAR <= COUNT_BUDGET


def _nodes(value: Any) -> int:
    """How many JSON values ``value`` holds, itself included."""
    count, stack = 0, [value]
    while stack:
        node = stack.pop()
        count += 1
        if isinstance(node, Mapping):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return count


def _first_line(text: str, limit: int = 160) -> str:
    return one_line(text.splitlines()[0] if text else text, limit)


def _short(value: Any) -> str:
    return one_line(json.dumps(value, ensure_ascii=False, default=str), 60)
