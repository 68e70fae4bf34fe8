"""Where Claude is served (``--platform``, the config's ``platform``): what each platform refuses.

The same Anthropic request is accepted on one platform and refused on another. Each platform is
data: whether it carries tool search at all, which search variants, whether it takes server
tools and the MCP connector, and the API versions it serves. Facts and sources:
hosts-facts.md §1.3 and §3, tool-search-facts.md §1.6; "uncertain" where nothing published
says, which the rules report as warnings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

Known = Literal["yes", "no", "uncertain"]

CONVERSE_BETA_REFUSAL = (
    "The tool-search-tool beta feature is not currently supported on the Converse and "
    "ConverseStream APIs"
)
CONVERSE_DEFER_REFUSAL = "defer_loading: Extra inputs are not permitted"
API_VERSION_2026_10_21 = "2026-10-21"
# The betas documented for Vertex (tool-search-facts.md §1.5, §1.6): tool search, tool examples.
VERTEX_BETAS = frozenset({"tool-search-tool-2025-10-19", "tool-examples-2025-10-29"})
# Seen refused (claude-code #12429), and the MCP connector's, which Vertex does not serve.
VERTEX_REFUSED_BETAS = ("web-search-2025-03-05", "mcp-client-")


@dataclass(frozen=True)
class Platform:
    """One place Claude is served, and what it takes."""

    name: str  # the --platform value
    label: str
    tool_search: Known  # whether it carries deferral and a search tool
    bm25: Known  # whether the BM25 variant is served (the regex one is where tool search is)
    server_tools: Known  # whether it takes server tools (the search tool is one)
    mcp_connector: Known  # whether it takes mcp_servers / mcp_toolset
    beta: str | None  # the tool-search beta header it needed, where one was documented
    api_version_from: tuple[int, int] | None  # the oldest generation 2026-10-21 serves; None: all
    source: str
    note: str = ""
    known_betas: frozenset[str] | None = None  # the betas it takes, where it refuses others
    refused_betas: tuple[
        str, ...
    ] = ()  # beta values (or their prefixes) seen or documented refused


PLATFORMS: Mapping[str, Platform] = MappingProxyType(
    {
        p.name: p
        for p in (
            Platform(
                "anthropic",
                "the Claude API",
                "yes",
                "yes",
                "yes",
                "yes",
                None,
                None,
                "tool-search-facts.md §1.6 (no beta header since 2026-02-17)",
            ),
            Platform(
                "bedrock",
                "Claude in Amazon Bedrock (the Messages API endpoint)",
                "uncertain",
                "uncertain",
                "uncertain",
                "uncertain",
                None,
                (4, 7),
                "hosts-facts.md §1.3: whether tool search works on the new Bedrock Messages "
                "endpoint is not published",
            ),
            Platform(
                "bedrock-invoke",
                "Amazon Bedrock InvokeModel (legacy)",
                "yes",
                "no",
                "uncertain",
                "no",
                "tool-search-tool-2025-10-19",
                (4, 7),
                "tool-search-facts.md §1.6; hosts-facts.md §1.3 ('BM25 variant is not supported "
                "on Bedrock', LiteLLM's provider docs)",
            ),
            Platform(
                "bedrock-converse",
                "Amazon Bedrock Converse (legacy)",
                "no",
                "no",
                "no",
                "no",
                None,
                (4, 7),
                "hosts-facts.md §1.3 (agentgateway #3240: the beta and defer_loading refused)",
            ),
            Platform(
                "vertex",
                "Google Vertex AI",
                "yes",
                "uncertain",
                "yes",
                "no",
                "tool-search-tool-2025-10-19",
                None,
                "tool-search-facts.md §1.6; hosts-facts.md §1.3 (Vertex refuses beta values it "
                "does not know; no MCP connector, Jan 2026)",
                known_betas=VERTEX_BETAS,
                refused_betas=VERTEX_REFUSED_BETAS,
            ),
            Platform(
                "foundry",
                "Microsoft Foundry (Anthropic-hosted)",
                "yes",
                "yes",
                "yes",
                "yes",
                None,
                None,
                "tool-search-facts.md §1.6",
            ),
            Platform(
                "foundry-azure",
                "Microsoft Foundry (Azure-hosted deployments)",
                "no",
                "no",
                "no",
                "no",
                None,
                None,
                "tool-search-facts.md §1.6 (Azure-hosted deployments reject server-side tools, "
                "tool search and the MCP connector included, with 400)",
            ),
            Platform(
                "claude-platform-aws",
                "Claude Platform on AWS",
                "uncertain",
                "uncertain",
                "uncertain",
                "uncertain",
                None,
                None,
                "hosts-facts.md §3: tool-search availability per surface is not tabulated",
            ),
            Platform(
                "google-cloud",
                "Claude Models on Google Cloud (Anthropic-managed)",
                "uncertain",
                "uncertain",
                "uncertain",
                "uncertain",
                None,
                None,
                "hosts-facts.md §3: launched 2026-10-22; tool-search availability not tabulated",
            ),
        )
    }
)
PLATFORM_NAMES: tuple[str, ...] = tuple(PLATFORMS)
DEFAULT_PLATFORM = "anthropic"


def platform_named(name: str | None) -> Platform:
    """The platform of a name (None: the Claude API)."""
    return PLATFORMS[name or DEFAULT_PLATFORM]


def generation(model: str) -> tuple[int, int] | None:
    """A Claude model's generation, e.g. (4, 7) for claude-opus-4-7 and (3, 5) for
    claude-3-5-haiku; None when the id says none."""
    found = re.search(r"claude-(?:[a-z]+-)?(\d+)(?:-(\d{1,2}))?(?:\b|-|$)", model.lower())
    if found is None:
        return None
    return int(found.group(1)), int(found.group(2) or 0)


@dataclass(frozen=True)
class PlatformFlags:
    """``--platform`` and ``--api-version`` as given (None: not given)."""

    platform: str | None = None
    api_version: str | None = None
