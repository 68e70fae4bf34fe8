"""Check input schemas and validate instances against them with jsonschema-rs.

jsonschema-rs checks a schema against its draft's meta-schema while compiling it (about 12 µs
per schema, against about 1 ms for the ``jsonschema`` package), never reaches the network here
(``offline=True``), and runs ``pattern`` with fancy-regex under a backtracking limit, so a
runaway pattern in a catalog cannot hang a run. Formats are not asserted: whether the API checks
``format`` is not documented, and reporting it would risk false errors.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import jsonschema_rs

from toolsearch.locate import join_pointer
from toolsearch.model import Tool
from toolsearch.sanitize import one_line

BACKTRACK_LIMIT = 1_000_000
_REGEX = jsonschema_rs.FancyRegexOptions(backtrack_limit=BACKTRACK_LIMIT)
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
    make = jsonschema_rs.validator_for if draft else jsonschema_rs.Draft202012Validator
    try:
        try:
            validator: jsonschema_rs.Validator = make(
                data, pattern_options=_REGEX, offline=True, validate_formats=False
            )
        except (ValueError, TypeError, OverflowError) as error:
            if isinstance(error, jsonschema_rs.ValidationError):
                raise
            # YAML values JSON cannot hold (dates, integer keys): check what JSON would carry.
            data = as_json(data)
            validator = make(data, pattern_options=_REGEX, offline=True, validate_formats=False)
    except jsonschema_rs.ValidationError as error:
        if "Retrieval is disabled" in error.message:
            # A remote $ref: toolsearch works offline and cannot tell whether it resolves.
            return Compiled(None, None, label)
        return Compiled(None, _schema_issue(error, data), label)
    except (ValueError, TypeError, OverflowError) as error:
        return Compiled(None, SchemaIssue(_first_line(str(error))), label)
    return Compiled(validator, None, label)


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


def instance_errors(validator: jsonschema_rs.Validator, instance: Any) -> Iterator[SchemaIssue]:
    """Each way ``instance`` fails the schema, with the pointer into the instance."""
    try:
        errors = list(validator.iter_errors(instance))
    except (ValueError, TypeError, OverflowError):
        try:
            errors = list(validator.iter_errors(as_json(instance)))
        except (ValueError, TypeError, OverflowError) as failure:
            yield SchemaIssue(_first_line(str(failure)))
            return
    for found in errors:
        yield SchemaIssue(_first_line(found.message), join_pointer(*found.instance_path))


def _first_line(text: str, limit: int = 160) -> str:
    return one_line(text.splitlines()[0] if text else text, limit)


def _short(value: Any) -> str:
    return one_line(json.dumps(value, ensure_ascii=False, default=str), 60)
