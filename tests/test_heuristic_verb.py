"""A tool's verb is found once and stays its own: a changed copy finds its own."""

from __future__ import annotations

from dataclasses import replace

from toolsearch.catalog.model import Location, Tool
from toolsearch.recommend.heuristic import action_class, verb


def _tool(name: str, description: str, read_only: bool = False) -> Tool:
    schema: dict[str, object] = {"type": "object"}
    raw: dict[str, object] = {"name": name, "description": description, "input_schema": schema}
    if read_only:
        raw["annotations"] = {"readOnlyHint": True}
    location = Location("f", f"/{name}")
    return Tool(
        name, "s", "s", location, description, schema, raw, "anthropic", True, name, description
    )


def test_verb_is_the_same_when_asked_again() -> None:
    tool = _tool("zorb_things", "Deletes every thing.")
    assert verb(tool) == verb(tool) == ("delet", "deletes")
    assert action_class(tool) == action_class(tool)


def test_a_renamed_copy_finds_its_own_verb() -> None:
    tool = _tool("search_issues", "Finds issues.")
    assert verb(tool) == ("search", "search")
    renamed = replace(tool, name="zorb_issues", description="Zorbs issues.")
    assert verb(renamed) is None
    assert verb(replace(renamed, raw={"annotations": {"readOnlyHint": True}})) == (
        "read",
        "read-only by annotations.readOnlyHint",
    )
    assert verb(tool) == ("search", "search")
