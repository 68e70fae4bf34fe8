"""What Codex sends about tools: its upfront tools and a loaded tool's namespace entry."""

from __future__ import annotations

import json
from typing import Any

from toolsearch.catalog.model import Tool
from toolsearch.cost.codex_cost import CODEX_MODEL, codex_counts, codex_method
from toolsearch.cost.codex_request import (
    codex_schema,
    loaded_json,
    loaded_namespace,
    sent_parameters,
    upfront_tools,
)
from toolsearch.cost.o200k import O200kCounter
from toolsearch.cost.openai_models import resolve_openai
from toolsearch.cost.tokens import Cl100kCounter
from toolsearch.retrieval.library import as_catalog


def mcp_tool(name: str, schema: Any, description: str = "Do it.") -> Tool:
    catalog = as_catalog(
        {"tools": [{"name": name, "description": description, "inputSchema": schema}]}
    )
    (tool,) = (t for scope in catalog.scopes for t in scope.tools)
    return tool


def test_codex_sends_its_built_ins_and_a_client_tool_search_upfront() -> None:
    names = [t.get("name", t["type"]) for t in upfront_tools()]
    assert names[:2] == ["exec_command", "write_stdin"] and len(names) == 13
    (search,) = (t for t in upfront_tools() if t["type"] == "tool_search")
    assert search["execution"] == "client"
    assert "Defaults to 8" in search["parameters"]["properties"]["limit"]["description"]


def test_a_loaded_tool_comes_back_in_its_servers_namespace() -> None:
    tool = mcp_tool("get.page", {"type": "object", "properties": {"id": {"type": "string"}}})
    assert loaded_namespace(tool) == {
        "type": "namespace",
        "name": "mcp__tools",
        "description": "Tools in the mcp__tools namespace.",
        "tools": [
            {
                "type": "function",
                "name": "get_page",
                "description": "Do it.",
                "strict": False,
                "defer_loading": True,
                "parameters": {"type": "object", "properties": {"id": {"type": "string"}}},
            }
        ],
    }
    assert json.loads(loaded_json(tool)) == loaded_namespace(tool)


def test_the_schema_is_read_as_codex_reads_it() -> None:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "mode": {"const": "fast", "default": "fast"},
            "count": {"type": "integer", "minimum": 1},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            "nested": {"type": "object"},
            "pick": {"oneOf": [{"$ref": "#/$defs/a"}, {"type": "integer"}]},
        },
        "$defs": {"b": {"type": "string"}, "a": {"$ref": "#/$defs/c"}, "c": {"type": "number"}},
    }
    assert sent_parameters(schema) == {
        "type": "object",
        "properties": {
            "count": {"type": "integer"},
            "mode": {"type": "string", "enum": ["fast"]},
            "nested": {"type": "object", "properties": {}},
            "pick": {"oneOf": [{"$ref": "#/$defs/a"}, {"type": "integer"}]},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        },
        "$defs": {"a": {"$ref": "#/$defs/c"}, "c": {"type": "number"}},
    }
    assert codex_schema(True) is True


def test_descriptions_go_once_the_schema_passes_5000_bytes() -> None:
    def schema(count: int) -> dict[str, Any]:
        described = {"type": "string", "description": "x" * 40}
        return {"type": "object", "properties": {f"p{i:02d}": described for i in range(count)}}

    kept = sent_parameters(schema(60))
    dropped = sent_parameters(schema(80))
    assert len(json.dumps(kept, separators=(",", ":"))) <= 5000
    assert kept["properties"]["p00"]["description"] == "x" * 40
    assert dropped["properties"]["p00"] == {"type": "string"}


def test_codex_counts_with_o200k_base_against_openais_gpt_5_5_row() -> None:
    # Greek and Japanese split into different token counts under o200k_base and cl100k_base
    text = "Δημιουργία αιτήματος συγχώνευσης 検索するツール " * 20
    catalog = as_catalog({"tools": [{"name": "x", "description": text, "inputSchema": {}}]})
    (scope,) = catalog.scopes
    (tool,) = scope.tools
    counts = codex_counts(scope, None)
    assert counts.tools == O200kCounter().count_many([loaded_json(tool)])
    assert counts.tools != Cl100kCounter().count_many([loaded_json(tool)])
    assert resolve_openai("gpt-5.5")[0] == CODEX_MODEL and CODEX_MODEL.tokenizer == "o200k"
    method = codex_method()
    assert method.encoding == "o200k_base" and "stands in" not in method.estimator
