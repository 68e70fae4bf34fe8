"""The search modes by name: each host's own (the searches toolsearch reproduces), then
toolsearch's own ``hybrid``. Names only: the searchers are ``retrieval.modes``'s to build."""

from __future__ import annotations

from toolsearch.hosts import HOSTS

OWN_MODES = ("hybrid",)  # bm25's ranking fused with sentence embeddings (the semantic extra)
MODES: tuple[str, ...] = (
    *dict.fromkeys(mode for host in HOSTS.values() for mode in host.search_modes),
    *OWN_MODES,
)


def listed(modes: tuple[str, ...] = MODES, last: str = "or") -> str:
    """``bm25, regex, claude-code or hybrid``."""
    return f"{', '.join(modes[:-1])} {last} {modes[-1]}" if len(modes) > 1 else modes[0]
