"""``toolsearch serve``: toolsearch's search as an MCP server over stdio (the ``mcp`` extra).

It exposes one tool, ``search_tools``, over the catalogs it was given: each scope's deferred
tools when any is deferred, else every tool (as ``query``), in the mode chosen at start. The
result is JSON text (and the same as structured content): the matching tools, best first, with
their source, score and description, so an MCP client can pick the tools to load.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from toolsearch import __version__
from toolsearch.analysis import Analysis
from toolsearch.catalog.model import Catalog
from toolsearch.errors import SearchInputError
from toolsearch.retrieval.searchers import DEFAULT_LIMIT, MAX_QUERY, Searcher, searched_tools
from toolsearch.servers.jsonrpc_guard import MAX_MESSAGE

TOOL_NAME = "search_tools"
MAX_LIMIT = 20
DESCRIPTION = (
    "Search the tool catalog by what a tool does. Give a few words (actions, objects, service "
    "names); returns the best matching tools, best first, with their descriptions. Call it again "
    "with other words if nothing fits."
)
QUERY_DESCRIPTION = f"What the tool should do, in a few words (at most {MAX_QUERY} characters)."
LIMIT_DESCRIPTION = f"How many tools to return, 1 to {MAX_LIMIT}."


@dataclass(frozen=True)
class CatalogSearch:
    """One searcher over every scope's searched tools, built once, in one mode: scores of
    separate indexes are not comparable, so the catalogs are ranked as one."""

    mode: str
    searcher: Searcher | None
    searched: int

    @classmethod
    def build(cls, catalog: Catalog, mode: str, analysis: Analysis) -> CatalogSearch:
        tools = tuple(t for scope in catalog.scopes for t in searched_tools(scope)[0])
        if not tools:
            return cls(mode, None, 0)
        everything = tuple(t for scope in catalog.scopes for t in scope.tools)
        searcher = analysis.searcher(mode, tools, everything)
        prepare = getattr(searcher, "prepare_many", None)
        if prepare is not None:
            prepare()  # index (and embed) every tool before the first request
        return cls(mode, searcher, len(tools))

    def answer(self, query: str, limit: int = DEFAULT_LIMIT) -> dict[str, Any]:
        """The best ``limit`` tools for ``query`` (SearchInputError for a refused query)."""
        limit = max(1, min(int(limit), MAX_LIMIT))
        results = self.searcher.search(query, limit) if self.searcher is not None else []
        tools = [
            {
                "name": result.tool.sent_name,
                "source": result.source,
                "score": None if result.score is None else round(result.score, 4),
                "description": result.tool.sent_description or "",
            }
            for result in results
        ]
        return {"query": query, "mode": self.mode, "tools": tools}


def serve(search: CatalogSearch, message_limit: int = MAX_MESSAGE) -> None:
    """Serve ``search`` over stdio until the client closes the connection; each message is
    bounded by ``message_limit`` bytes and a bad one answered with its JSON-RPC error (see
    ``stdio_guard``)."""
    import sys
    from typing import Annotated

    import anyio
    from mcp.server import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.server.stdio import stdio_server
    from pydantic import Field

    from toolsearch.servers.stdio_guard import run_guarded

    server = MCPServer(
        "toolsearch",
        instructions=f"One tool, {TOOL_NAME}: find tools among {search.searched} by what they do.",
        version=__version__,
        log_level="ERROR",
    )

    def search_tools(query: str, limit: int = DEFAULT_LIMIT) -> str:
        """Search the catalog (``limit``: 1 to 20 tools)."""
        if isinstance(limit, bool) or not 1 <= limit <= MAX_LIMIT:
            raise ToolError(f"limit is {limit!r}; ask for 1 to {MAX_LIMIT} tools")
        try:
            return json.dumps(search.answer(query, limit), ensure_ascii=False)
        except SearchInputError as error:  # a refused query: its reason, for the model to read
            raise ToolError(str(error)) from None

    # The parameters' descriptions go into the tool's input schema (set here rather than in
    # the signature: string annotations are evaluated in this module's globals)
    search_tools.__annotations__ = {
        "query": Annotated[str, Field(description=QUERY_DESCRIPTION)],
        "limit": Annotated[
            int,
            Field(
                description=LIMIT_DESCRIPTION,
                json_schema_extra={"minimum": 1, "maximum": MAX_LIMIT},
            ),
        ],
        "return": str,
    }
    server.tool(name=TOOL_NAME, description=DESCRIPTION)(search_tools)
    # pydantic titles every schema after a name ("search_toolsArguments", "Query"): words the
    # model pays for and learns nothing from (redundant-title), so the schema goes without them
    registered = server._tool_manager.get_tool(TOOL_NAME)
    if registered is not None:
        schema = registered.parameters
        for node in (schema, *schema.get("properties", {}).values()):
            node.pop("title", None)
    lowlevel = server._lowlevel_server  # MCPServer.run("stdio") without its stdio streams

    async def run(stdin: Any, stdout: Any) -> None:
        async with stdio_server(stdin=stdin, stdout=stdout) as (read, write):
            await lowlevel.run(read, write, lowlevel.create_initialization_options())

    anyio.run(run_guarded, run, sys.stdin.buffer, sys.stdout.buffer, message_limit)
