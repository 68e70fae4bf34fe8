"""``toolsearch serve``: the catalogs' search as an MCP server over stdio."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from toolsearch.analysis import Analysis
from toolsearch.catalog.inputs import Inputs
from toolsearch.commands.catalog_args import CatalogArgs, Prepared, choose
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.retrieval.mode_names import MODES
from toolsearch.retrieval.platform_search import checked_platform_search
from toolsearch.sanitize import one_line


@dataclass(frozen=True)
class ServeOptions:
    """What the user asked of ``serve``."""

    mode: str | None = None


def execute(inputs: Inputs, config: Config, options: ServeOptions) -> tuple[str, int]:
    """Build every searcher (loading the model in hybrid mode), then serve until stdin closes."""
    from toolsearch.servers.jsonrpc_guard import MAX_MESSAGE
    from toolsearch.servers.mcp_client import require_sdk
    from toolsearch.servers.mcp_serve import CatalogSearch, serve

    require_sdk("toolsearch serve")
    analysis = Analysis(inputs.catalog, config)
    mode = options.mode or analysis.search_mode
    for note in checked_platform_search(config.platform, inputs.catalog.target, [mode]):
        sys.stderr.write(f"toolsearch: note: {one_line(note)}\n")  # stdout is the protocol's
    search = CatalogSearch.build(analysis.catalog, mode, analysis)
    if search.searcher is None:
        raise UsageError("no tools to serve: the sources hold no tool definitions")
    serve(search, min(config.max_file_size, MAX_MESSAGE))
    return "", 0


def prepare(
    *,
    sources: list[str] | None,
    config: Path | None,
    max_values: int | None = None,
    target: str | None,
    claude_code_version: str | None = None,
    platform: str | None = None,
    mode: str | None,
    skip_non_catalogs: bool,
    recursive: bool,
) -> Prepared[ServeOptions]:
    """The options of ``toolsearch serve``, checked, and the sources it serves."""
    choose(mode, MODES, "--mode")
    return Prepared(
        ServeOptions(mode),
        CatalogArgs(
            sources,
            config,
            target,
            skip_non_catalogs,
            recursive=recursive,
            claude_code_version=claude_code_version,
            max_values=max_values,
            platform=platform,
        ),
    )
