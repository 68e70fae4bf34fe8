"""``toolsearch serve``'s command line: its options, handed to ``toolsearch.commands.serve``."""

from __future__ import annotations

from toolsearch.cli.options import (
    ClaudeCodeVersionOpt,
    ConfigOpt,
    MaxValuesOpt,
    ModeOpt,
    PlatformOpt,
    RecursiveOpt,
    SkipOpt,
    Sources,
    TargetOpt,
)
from toolsearch.cli.running import run_catalog_command


def serve(
    sources: Sources = None,
    config: ConfigOpt = None,
    max_values: MaxValuesOpt = None,
    target: TargetOpt = None,
    claude_code_version: ClaudeCodeVersionOpt = None,
    platform: PlatformOpt = None,
    mode: ModeOpt = None,
    skip_non_catalogs: SkipOpt = False,
    recursive: RecursiveOpt = False,
) -> None:
    """Serve the catalogs' search as an MCP server over stdio: one tool, search_tools."""
    run_catalog_command(
        "serve",
        None,
        sources=sources,
        config=config,
        max_values=max_values,
        target=target,
        claude_code_version=claude_code_version,
        platform=platform,
        mode=mode,
        skip_non_catalogs=skip_non_catalogs,
        recursive=recursive,
    )
