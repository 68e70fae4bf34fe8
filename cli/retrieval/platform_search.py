"""Whether the platform Claude is served on (``--platform``) can run the search a preview ranks
with: ``query``, ``eval`` and ``serve`` refuse a search the platform cannot carry at all (exit 2)
and note one it may not carry.

The platform decides only the Claude API's own deferral (``--target api``), as the platform
rules do: Converse and Azure-hosted Foundry carry no tool search (so no search of any kind
reaches deferred tools), Bedrock's InvokeModel serves only the regex variant, and where nothing
published says, the preview goes on with a note. Facts: ``toolsearch.hosts.platforms``.
"""

from __future__ import annotations

from collections.abc import Iterable

from toolsearch.errors import UsageError
from toolsearch.hosts import api
from toolsearch.hosts.platforms import Platform, platform_named

BM25 = "bm25"


def platform_refusal(platform: Platform, mode: str, flag: str | None = None) -> str | None:
    """Why ``platform`` cannot run a ``mode`` search at all, or None when it can or may;
    ``flag`` names a check that takes no regex (``--self``), so regex is no way out."""
    if platform.tool_search == "no":
        return (
            f"{platform.label} cannot carry tool search (platform {platform.name}): it refuses "
            "deferred tools, so no search runs there; preview another platform"
        )
    if mode == BM25 and platform.bm25 == "no":
        return (
            f"{platform.label} serves only the regex variant of tool search, not bm25 "
            f"(platform {platform.name}); "
            + (f"{flag} checks word search, which it lacks" if flag else "search with --mode regex")
        )
    return None


def platform_note(platform: Platform, mode: str) -> str | None:
    """What is not published about ``platform`` running a ``mode`` search, or None."""
    if platform.tool_search == "uncertain":
        return (
            f"whether {platform.label} carries tool search is not published; this preview "
            "assumes it does"
        )
    if mode == BM25 and platform.bm25 == "uncertain":
        return (
            f"whether {platform.label} serves the bm25 variant of tool search is not published; "
            "this preview assumes it does"
        )
    return None


def platform_sayings(
    platform_name: str | None, target: str, modes: Iterable[str], flag: str | None = None
) -> tuple[list[str], list[str]]:
    """Why the platform cannot run some of ``modes`` (refusals) and what is not published
    about the others (notes). Only the Claude API target is sent to a platform."""
    if target != api.NAME:
        return [], []
    platform = platform_named(platform_name)
    refusals: list[str] = []
    notes: list[str] = []
    for mode in dict.fromkeys(modes):
        refusal = platform_refusal(platform, mode, flag)
        note = platform_note(platform, mode)
        for said, found in ((refusal, refusals), (None if refusal else note, notes)):
            if said is not None and said not in found:
                found.append(said)
    return refusals, notes


def checked_platform_search(
    platform_name: str | None, target: str, modes: Iterable[str], flag: str | None = None
) -> list[str]:
    """The notes for searching in ``modes`` on the platform; UsageError (exit 2) when it cannot
    run one of them (``flag``: the check that takes no regex, as platform_refusal)."""
    refusals, notes = platform_sayings(platform_name, target, modes, flag)
    if refusals:
        raise UsageError(refusals[0])
    return notes
