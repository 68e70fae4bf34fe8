"""``recommend`` under a client target: the client keeps what it keeps loaded; the advice is
its cap (which tools to turn off) and what it assumes.

No client gives a per-tool setting toolsearch could write (Copilot CLI's ``deferTools`` is per
server, VS Code's always-loaded set is its own), so the scope stays as the client sends it and
``--apply`` is refused. The room under a request cap is the cap less what the client keeps of
its own (about 30 tools in Copilot in VS Code, hosts-facts.md §1.4); the lowest-ranked tools are
the ones to turn off.
"""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.catalog.counts import count_of
from toolsearch.cost.budget import ScopeBudget
from toolsearch.errors import UsageError
from toolsearch.hosts.host import Host

SHOWN = 5


def refuse_apply(host: Host) -> None:
    """``--apply`` or ``--diff`` under a client: there is no setting to write."""
    raise UsageError(
        f"--apply and --diff have nothing to write under --target {host.name}: {host.label} "
        "has no per-tool setting toolsearch can write; turn tools off in the client instead"
    )


def room(host: Host) -> int | None:
    """How many MCP tools fit in one request beside the client's own (None: no cap)."""
    cap = host.limits.tools_per_request
    if cap is None:
        return None
    return cap - (host.limits.kept_loaded or 0)


def client_notes(host: Host, before: ScopeBudget, ranked_names: Sequence[str]) -> list[str]:
    """What the client decides, what is assumed, and the tools to turn off to fit its cap
    (``ranked_names``: the scope's tools, best first)."""
    deferred = sum(1 for r in before.rows if r.deferred)
    total = len(ranked_names)
    kept = host.limits.kept_loaded
    own = f" beside about {kept} of its own (assumed)" if kept else ""
    if deferred:
        notes = [
            f"{host.label} chooses what it keeps loaded{own}: it defers {deferred} of these "
            f"{count_of(total, 'tool')} and offers no per-tool setting, so the ranking shows "
            "which would be worth keeping; --apply has nothing to write"
        ]
    else:
        notes = [
            f"{host.label} sends every one of these {count_of(total, 'tool')} loaded here and "
            "offers no per-tool setting; --apply has nothing to write"
        ]
    fits = room(host)
    if fits is not None and total > fits:
        over = list(ranked_names[fits:])
        shown = ", ".join(over[:SHOWN]) + (
            f" and {len(over) - SHOWN} more" if len(over) > SHOWN else ""
        )
        notes.append(
            f"{total} tools are over the {fits} that fit in {host.label}'s request of "
            f"{host.limits.tools_per_request}{own}: turn off the lowest-ranked: {shown}"
        )
    return notes
