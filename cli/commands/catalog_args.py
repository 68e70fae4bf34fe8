"""What the commands share before they run: choices checked, the config loaded and checked, and
the catalog sources (files and live MCP servers) read into a run's inputs."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from toolsearch.errors import ServerError, UsageError
from toolsearch.hosts import DEFAULT_TARGET, TARGETS

if TYPE_CHECKING:
    from toolsearch.catalog.inputs import Inputs
    from toolsearch.config import Config
    from toolsearch.servers.live import LiveOptions, LiveResult
    from toolsearch.servers.mcp_config import ServerSpec

Opts = TypeVar("Opts")


@dataclass(frozen=True)
class Prepared(Generic[Opts]):
    """A command's options, checked, and the catalog sources it reads."""

    options: Opts
    catalog: CatalogArgs


@dataclass(frozen=True)
class Finished:
    """A command that is done before reading any source (``lint --show-settings``)."""

    text: str
    code: int


def choose(value: str | None, choices: Iterable[str], option: str) -> str | None:
    """Validate a choice option, suggesting the closest valid value."""
    allowed = tuple(choices)
    if value is None or value in allowed:
        return value
    from toolsearch.config import suggest

    raise UsageError(
        f"{option} must be one of {', '.join(allowed)}, not {value!r}{suggest(value, allowed)}"
    )


def checked_tool_search(value: str | None) -> None:
    """Refuse a --claude-code-tool-search value Claude Code would not read (exit 2)."""
    if value is not None:
        from toolsearch.catalog.tool_search_mode import parse_mode

        parse_mode(value, "--claude-code-tool-search")


def load_checked_config(path: Path | None, max_values: int | None = None) -> Config:
    """The config, with its ``rules`` section checked (every command refuses a bad one alike);
    ``--max-values``, when given, bounds the config file itself and wins over its value."""
    from toolsearch.config import load_config

    config = load_config(path, max_values=max_values)
    if max_values is not None:
        from dataclasses import replace

        config = replace(config, max_values=max_values)
    if config.rules:
        from toolsearch.lint.rule_settings import settings

        settings(config)
    return config


def with_platform(config: Config, platform: str | None, api_version: str | None) -> Config:
    """The config with ``--platform`` and ``--api-version``, when given, over its own values."""
    from dataclasses import replace

    from toolsearch.config import checked_api_version
    from toolsearch.hosts.platforms import PLATFORM_NAMES

    if platform is not None:
        config = replace(config, platform=choose(platform, PLATFORM_NAMES, "--platform"))
    if api_version is not None:
        config = replace(config, api_version=checked_api_version(api_version, "--api-version"))
    return config


@dataclass(frozen=True)
class CatalogArgs:
    """What every catalog command is given: sources, config, target and live servers."""

    sources: list[str] | None
    config: Path | None
    target: str | None
    skip_non_catalogs: bool = False
    live: LiveOptions | None = None
    recursive: bool = False
    platform: str | None = None  # --platform: overrides the config's
    api_version: str | None = None  # --api-version: overrides the config's
    claude_code_version: str | None = None  # --claude-code-version
    max_values: int | None = None  # --max-values: overrides the config's


@dataclass(frozen=True)
class Loaded:
    """A run's config and inputs; ``server_failed`` when --keep-going went on without one."""

    config: Config
    inputs: Inputs
    server_failed: bool = False


def load_catalog_inputs(args: CatalogArgs) -> Loaded:
    """Load the config and the inputs every catalog command reads, live MCP servers included."""
    from dataclasses import replace

    from toolsearch.catalog.claude_code_versions import choose_version
    from toolsearch.catalog.inputs import load_inputs

    config = load_checked_config(args.config, args.max_values)
    config = with_platform(config, args.platform, args.api_version)
    chosen: Any = choose(args.target, TARGETS, "--target") or config.target or DEFAULT_TARGET
    claude_code = choose_version(
        args.claude_code_version,
        config.claude_code_version,
        config.claude_code_max_description_length,
        os.environ,
    )
    sources = list(args.sources or [])
    live = args.live
    if live is None or not (live.requested or live.only):
        inputs = load_inputs(
            sources,
            config,
            chosen,
            args.skip_non_catalogs,
            recursive=args.recursive,
            claude_code=claude_code,
        )
        return Loaded(config, inputs)
    result = read_live(live, config.max_file_size, config.max_values)
    if not result.servers and not sources:
        raise ServerError("no MCP server answered; nothing to report")
    inputs = load_inputs(
        sources,
        config,
        chosen,
        args.skip_non_catalogs,
        extra_documents=result.documents,
        always_load=result.always_load,
        recursive=args.recursive,
        claude_code=claude_code,
    )
    inputs = replace(inputs, notes=(*inputs.notes, *result.notes))
    return Loaded(config, inputs, bool(result.failures))


def read_live(options: LiveOptions, max_size: int, max_values: int | None = None) -> LiveResult:
    """Read the live servers, saying on stderr what is started and what failed."""
    from toolsearch.sanitize import one_line
    from toolsearch.servers.live import describe_start, load_live

    def announce(spec: ServerSpec) -> None:
        sys.stderr.write(f"toolsearch: {one_line(describe_start(spec))}\n")
        sys.stderr.flush()

    def report(failure: str) -> None:
        sys.stderr.write(f"toolsearch: error: {one_line(failure)}\n")

    return load_live(options, announce, max_size, report, max_values)
