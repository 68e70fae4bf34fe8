"""Codex CLI's own ``tool_search`` (0.171.0): what it indexes for each deferred tool, and ranks.

Codex defers every MCP tool, in a namespace ``mcp__<server>`` (characters outside
``[A-Za-z0-9_]`` become ``_``), and runs the search itself with the ``bm25`` crate
(``codex_bm25``). Written from openai/codex (``core/src/tools/handlers/mcp.rs``,
``codex-rs/tools/src/tool_search.rs``) and checked against Codex itself
(``tests/test_codex_harness.py``):

- an MCP tool's document: namespace and tool name joined with no separator, the tool name as
  called, the raw tool name, the raw server name, the ``title``, the description and the sorted
  top-level property names (not property descriptions, nested properties or enum values);
- a tool whose ``_meta.ui.visibility`` is a list without ``"model"`` is not searched;
- with its default features Codex also defers five tools of its own (namespace
  ``multi_agent_v1``), which compete; each is indexed under a fixed keyword text (strings of
  the 0.171.0 binary, recorded in ``codex_own_tools.json`` with the tools themselves);
- the default limit is 8; an empty query is refused; equal scores come back in a random order.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache, cached_property
from importlib import resources
from typing import Any

from toolsearch.catalog.codex_names import namespace_of, sanitized
from toolsearch.catalog.model import Location, Tool
from toolsearch.errors import SearchInputError
from toolsearch.retrieval.codex_bm25 import CodexBM25, tokenize
from toolsearch.retrieval.searchers import Found, Ranking, RankingSearch, Result, with_ties

CODEX_VERSION = "0.171.0"
DEFAULT_LIMIT = 8
OWN_SOURCE = "codex"
OWN_TOOLS_FILE = "codex_own_tools.json"
EMPTY_QUERY = "query must not be empty"
ZERO_LIMIT = "limit must be greater than zero"


def is_searched(tool: Tool) -> bool:
    """False for a tool that ``_meta.ui.visibility`` hides from the model (a list without
    ``"model"``)."""
    meta = tool.raw.get("_meta")
    ui = meta.get("ui") if isinstance(meta, Mapping) else None
    visibility = ui.get("visibility") if isinstance(ui, Mapping) else None
    return not isinstance(visibility, list) or "model" in visibility


def _trimmed(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def property_names(schema: Any) -> list[str]:
    """The schema's top-level property names, sorted (byte order, as Rust sorts strings)."""
    properties = schema.get("properties") if isinstance(schema, Mapping) else None
    return sorted(properties) if isinstance(properties, Mapping) else []


def mcp_fields(tool: Tool) -> list[tuple[str, str]]:
    """The parts of an MCP tool's document, each with the field it comes from."""
    namespace = namespace_of(tool.source)
    called = sanitized(tool.name)
    fields = [
        ("name", namespace + called),
        ("name", called),
        ("name", tool.name),
        ("server", tool.source),
    ]
    title = _trimmed(tool.raw.get("title"))
    if title:
        fields.append(("title", title))
    description = _trimmed(tool.description)
    if description:
        fields.append(("description", description))
    fields += [("arguments", name) for name in property_names(tool.input_schema)]
    return fields


def own_fields(tool: Tool) -> list[tuple[str, str]]:
    """The document Codex indexes for one of its own tools: a fixed keyword text."""
    return [("keywords", own_search_texts()[tool.name])]


@cache
def _own_record() -> Mapping[str, Any]:
    text = resources.files("toolsearch.retrieval").joinpath(OWN_TOOLS_FILE).read_text("utf-8")
    record: Mapping[str, Any] = json.loads(text)
    return record


def own_search_texts() -> Mapping[str, str]:
    """Per tool of Codex's own, the keyword text its search indexes (from the 0.171.0 binary)."""
    texts: Mapping[str, str] = _own_record()["search_text"]
    return texts


def own_namespace() -> Mapping[str, Any]:
    """Codex's own deferred namespace as its ``tool_search_output`` carries it (recorded)."""
    namespace: Mapping[str, Any] = _own_record()["namespace"]
    return namespace


@cache
def own_tools() -> tuple[Tool, ...]:
    """Codex's five deferred tools of its own (feature ``multi_agent``, on by default)."""
    namespace = own_namespace()
    tools = []
    for position, function in enumerate(namespace["tools"]):
        location = Location(f"Codex {CODEX_VERSION}", f"/tools/{position}")
        tools.append(
            Tool(
                name=function["name"],
                source=OWN_SOURCE,
                scope=namespace["name"],
                location=location,
                description=function.get("description"),
                input_schema=function.get("parameters"),
                raw=function,
                dialect="openai-responses",
                deferred=True,
                sent_name=function["name"],
                sent_description=function.get("description"),
                toolset=namespace["name"],
            )
        )
    return tuple(tools)


def namespace_of_tool(tool: Tool) -> str:
    """The namespace a searched tool comes back in."""
    return tool.scope if tool.source == OWN_SOURCE else namespace_of(tool.source)


class CodexSearcher(RankingSearch):
    """Codex's ``tool_search`` over ``tools`` (a catalog's MCP tools) and, when ``with_own``,
    Codex's own five deferred tools, placed after them (positions from ``len(tools)``)."""

    def __init__(self, tools: Sequence[Tool], *, with_own: bool = True) -> None:
        self.tools = tuple(tools)
        self.others = own_tools() if with_own else ()

    def tool_at(self, position: int) -> Tool:
        """A tool by position: the catalog's tools, then Codex's own."""
        if position < len(self.tools):
            return self.tools[position]
        return self.others[position - len(self.tools)]

    def fields(self, position: int) -> list[tuple[str, str]]:
        """The parts of the document of the tool at ``position``."""
        tool = self.tool_at(position)
        if position < len(self.tools):
            return mcp_fields(tool)
        return own_fields(tool)

    @cached_property
    def _positions(self) -> list[int]:
        """Positions of the tools indexed, in index order."""
        everything = range(len(self.tools) + len(self.others))
        return [p for p in everything if p >= len(self.tools) or is_searched(self.tools[p])]

    @cached_property
    def engine(self) -> CodexBM25:
        documents = [" ".join(text for _, text in self.fields(p)) for p in self._positions]
        return CodexBM25(documents)

    def ranking(self, query: str) -> Ranking:
        if not query.strip():
            raise SearchInputError("invalid_tool_input", EMPTY_QUERY)
        positions = self._positions
        return [(positions[s.index], s.score) for s in self.engine.ranked(query)]

    def find(self, query: str, limit: int | None = DEFAULT_LIMIT) -> Found:
        if limit is not None and limit < 1:
            raise SearchInputError("invalid_tool_input", ZERO_LIMIT)
        ranking = self.ranking(query)
        shown = ranking if limit is None else ranking[:limit]
        wanted = set(tokenize(query))
        results = [
            Result(self.tool_at(p), rank, score, self.matched(p, wanted))
            for rank, (p, score) in enumerate(shown, 1)
        ]
        return Found(with_ties(results, ranking), len(ranking))

    def matched(self, position: int, wanted: set[str]) -> dict[str, list[str]]:
        """Per field of the document, the words (as written) whose tokens the query holds."""
        matched: dict[str, list[str]] = {}
        for field, text in self.fields(position):
            for word in text.split():
                if set(tokenize(word)) & wanted:
                    found = matched.setdefault(field, [])
                    if word not in found:
                        found.append(word)
        return matched
