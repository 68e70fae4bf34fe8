"""Token budget per scope: what stays loaded, what is deferred, and what deferral saves."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from toolsearch.catalog.codex_names import CODEX
from toolsearch.catalog.model import Catalog, Location, Scope, ServerTool, Tool
from toolsearch.cost.host_models import resolve_for
from toolsearch.cost.models import ModelInfo
from toolsearch.cost.tokens import (
    Method,
    RawCount,
    TokenCounter,
    count_tools,
    estimate,
    estimate_flat,
    flat_factor,
    method_for,
    server_tool_json,
)
from toolsearch.hosts import costing_host, host_named, sending_host
from toolsearch.hosts.host import Host


@dataclass(frozen=True)
class Row:
    """One costed tool (or a server tool with no published cost)."""

    name: str
    source: str
    scope: str
    file: str
    pointer: str
    line: int | None
    tokens: float
    deferred: bool
    kind: str = "tool"  # "tool", "server-tool" (estimated from its JSON) or "namespace"
    cl100k: int = 0
    # tokens it still costs upfront while deferred (OpenAI: a function's name and description)
    upfront_when_deferred: float = 0.0


@dataclass(frozen=True)
class Totals:
    """Totals of one scope, or of the whole run."""

    upfront: float
    all_loaded: float
    system_prompt: float
    search_tool: float
    context_window: int
    context_share: float  # percent of the context window the upfront cost takes

    @property
    def saved(self) -> float:
        return self.all_loaded - self.upfront

    @property
    def saved_pct(self) -> float:
        return 100.0 * self.saved / self.all_loaded if self.all_loaded else 0.0


@dataclass(frozen=True)
class ScopeBudget:
    """The budget of one scope."""

    scope: Scope
    model: ModelInfo
    model_id: str
    method: Method
    rows: tuple[Row, ...]
    totals: Totals
    notes: tuple[str, ...]
    host: Host  # whose cost model the totals follow


@dataclass(frozen=True)
class Budget:
    """The budget of a run."""

    scopes: tuple[ScopeBudget, ...]
    skipped: tuple[str, ...]

    @property
    def rows(self) -> tuple[Row, ...]:
        return tuple(r for s in self.scopes for r in s.rows)

    @property
    def totals(self) -> Totals:
        """Sums over scopes; context share and window of the largest scope."""
        if not self.scopes:
            return Totals(0, 0, 0, 0, 0, 0)
        largest = max(self.scopes, key=lambda s: s.totals.context_share).totals
        return Totals(
            upfront=sum(s.totals.upfront for s in self.scopes),
            all_loaded=sum(s.totals.all_loaded for s in self.scopes),
            system_prompt=sum(s.totals.system_prompt for s in self.scopes),
            search_tool=sum(s.totals.search_tool for s in self.scopes),
            context_window=largest.context_window,
            context_share=largest.context_share,
        )


def compute_budget(
    catalog: Catalog,
    model_override: str | None = None,
    config_model: str | None = None,
    context_window: int | None = None,
    counter: TokenCounter | None = None,
    lines: bool = True,
) -> Budget:
    """Cost every scope: --model > the request's model > config model > default.

    ``lines=False`` leaves rows without line numbers (finding them re-reads every tool's text).
    """
    place = catalog if lines else Catalog(())
    all_tools = [t for s in catalog.scopes for t in s.tools]
    counts = dict(zip(map(id, all_tools), count_tools(all_tools, counter), strict=True))
    scopes = []
    skipped: list[str] = []
    for scope in catalog.scopes:
        if scope.kind == CODEX:
            skipped.extend(
                f"{bad.location.file}#{bad.location.pointer}: skipped: {bad.reason}"
                for bad in scope.malformed
            )
            scopes.append(_codex_scope(scope, context_window, counter, place))
            continue
        sender = sending_host(catalog, scope)
        model_id = model_override or scope.model or config_model
        host = costing_host(sender, model_id)  # a client's figures: its model's host's counts
        model, model_note = resolve_for(sender.name, model_id)
        notes = [model_note] if model_note else []
        if model.note:
            notes.append(f"{model.label}: {model.note}")
        if host.costs.counting == "o200k":
            scopes.append(
                _openai_scope(
                    host, scope, model, model_id, notes, context_window, counter, place, sender
                )
            )
            skipped.extend(_skipped(scope))
            continue
        rows = [_tool_row(t, counts[id(t)], model, place) for t in scope.tools]
        listed = listing_tokens(host, catalog, scope.tools, model, counter)
        if listed is not None:
            rows = [replace(r, upfront_when_deferred=n) for r, n in zip(rows, listed, strict=True)]
        listing = listed is not None and bool(scope.deferred_tools)  # said where it counts
        if listing and host.costs.listing_note is not None:
            notes.append(host.costs.listing_note(catalog))
        rows.extend(_server_rows(scope.other_server_tools, model, counter, place))
        skipped.extend(_skipped(scope))
        for toolset in scope.unknown_toolsets:
            name = toolset.server_name or "?"
            notes.append(f"mcp_toolset {name!r}: tools unknown: pass {name}=PATH")
        notes.extend(note for note in _host_notes(sender, scope) if note)
        if any(r.kind == "server-tool" for r in rows):
            notes.append("server tools with no published cost are estimated from their JSON")
        rows.sort(key=lambda r: (-r.tokens, r.source, r.name))
        totals = _totals(host, scope, rows, model, context_window or model.context_window)
        method = method_for(model) if model_id else _defaulted(method_for(model), sender)
        if listing:
            factor = f"x{flat_factor(model):.2f}"
            method = replace(method, counted=f"{method.counted} and {LISTED_NAMES} ({factor})")
        scopes.append(
            ScopeBudget(
                scope,
                model,
                model_id or model.id,
                method,
                tuple(rows),
                totals,
                tuple(notes),
                host,
            )
        )
    return Budget(tuple(scopes), tuple(skipped))


LISTED_NAMES = "each deferred tool's name line as listed upfront"


def listing_tokens(
    host: Host,
    catalog: Catalog,
    tools: Sequence[Tool],
    model: ModelInfo,
    counter: TokenCounter | None = None,
) -> list[float] | None:
    """What each of ``tools`` puts upfront while deferred, in tokens (each rounded once), when
    ``host`` lists deferred tools (Claude Code: their names); None when it does not."""
    from toolsearch.cost.token_cache import cached_counts
    from toolsearch.cost.tokens import Cl100kCounter

    listing = host.costs.deferred_listing
    if listing is None:
        return None
    lines = [listing(t, catalog) for t in tools]
    counts = cached_counts([line for line in lines if line], counter or Cl100kCounter())
    found = iter(counts)
    return [float(round(estimate_flat(next(found), model))) if line else 0.0 for line in lines]


def with_upfront(budget: ScopeBudget, tokens: float) -> ScopeBudget:
    """``budget`` with ``tokens`` more upfront (what tools left out of it still cost)."""
    totals = budget.totals
    upfront = totals.upfront + tokens
    window = totals.context_window
    share = 100.0 * upfront / window if window else 0.0
    return replace(budget, totals=replace(totals, upfront=upfront, context_share=share))


def _codex_scope(
    scope: Scope, context_window: int | None, counter: TokenCounter | None, place: Catalog
) -> ScopeBudget:
    """Codex's scope (``codex_cost``): its built-ins and tool_search upfront, each MCP tool
    deferred at what loading it costs."""
    from toolsearch.cost import codex_cost
    from toolsearch.retrieval.codex_search import CODEX_VERSION, OWN_SOURCE

    counts = codex_cost.codex_counts(scope, counter)
    rows = []
    for tool, tokens in zip(scope.tools, counts.tools, strict=True):
        loc = place.resolve(tool.location)
        file, pointer, line = loc.file, loc.pointer, loc.line
        rows.append(Row(tool.name, tool.source, scope.name, file, pointer, line, tokens, True))
    where = f"Codex {CODEX_VERSION}"
    for name, tokens in counts.built_ins:
        built_in = codex_cost.BUILT_IN
        rows.append(Row(name, OWN_SOURCE, scope.name, where, "", None, tokens, False, built_in))
    rows = [replace(r, tokens=float(r.tokens), cl100k=int(r.tokens)) for r in rows]
    rows.sort(key=lambda r: (-r.tokens, r.source, r.name))
    model = codex_cost.CODEX_MODEL
    window = context_window or model.context_window
    search_tool = float(counts.search)
    upfront = search_tool + sum(r.tokens for r in rows if not r.deferred)
    totals = Totals(
        upfront=upfront,
        all_loaded=sum(r.tokens for r in rows),
        system_prompt=0.0,
        search_tool=search_tool,
        context_window=window,
        context_share=100.0 * upfront / window if window else 0.0,
    )
    host = host_named(CODEX)
    notes = (*(n for n in _host_notes(host, scope) if n), *codex_cost.window_notes(window))
    method = codex_cost.codex_method()
    return ScopeBudget(scope, model, model.id, method, tuple(rows), totals, notes, host)


def _skipped(scope: Scope) -> list[str]:
    return [f"{b.location.file}#{b.location.pointer}: skipped: {b.reason}" for b in scope.malformed]


def _openai_scope(
    host: Host,
    scope: Scope,
    model: ModelInfo,
    model_id: str | None,
    notes: list[str],
    context_window: int | None,
    counter: TokenCounter | None,
    place: Catalog,
    sender: Host | None = None,
) -> ScopeBudget:
    """One scope under ``--target openai`` (or a client sending to a GPT model, ``sender``):
    o200k counts, OpenAI's upfront rules."""
    from toolsearch.cost import openai_cost

    sender = sender or host
    stubs = sender.costs.stubs_upfront
    tools, servers, namespaces, search = openai_cost.count_scope(scope, counter)
    rows = [
        replace(
            _openai_row(t.name, t, t.location, full, place),
            upfront_when_deferred=float(alone if stubs else 0),
        )
        for t, full, alone in tools
    ]
    for server, full, stub in servers:
        row = _openai_row(server.name or server.type, server, server.location, full, place)
        rows.append(replace(row, kind="server-tool", upfront_when_deferred=float(stub)))
    for namespace, tokens in zip(openai_cost.namespace_stubs(scope), namespaces, strict=True):
        line = place.resolve(Location(namespace.file, namespace.pointer)).line
        rows.append(
            Row(
                namespace.name,
                namespace.source,
                scope.name,
                namespace.file,
                namespace.pointer,
                line,
                float(tokens),
                False,
                kind="namespace",
                cl100k=tokens,
            )
        )
    stand_in = sender.costs.stand_in
    notes.extend([] if stand_in else openai_cost.openai_notes(scope, place))
    notes.extend(scope.notes)
    notes.extend(note for note in _host_notes(sender, scope) if note and sender is not host)
    if any(r.kind == "server-tool" for r in rows):
        notes.append("server tools with no published cost are estimated from their JSON")
    window = context_window or model.context_window
    if not window:
        notes.append(
            f"{model.label}'s context window is not published in toolsearch's facts: pass "
            "--context-window to see the share it takes"
        )
    rows.sort(key=lambda r: (-r.tokens, r.source, r.name))
    totals = _totals(host, scope, rows, model, window, search_tokens=float(search))
    return ScopeBudget(
        scope,
        model,
        model_id or model.id,
        _o200k_method(model, sender, model_id),
        tuple(rows),
        totals,
        tuple(notes),
        host,
    )


def _o200k_method(model: ModelInfo, sender: Host, model_id: str | None) -> Method:
    """OpenAI's method line; a stand-in's own words (Gemini's), the client's default named."""
    from toolsearch.cost import openai_cost

    method = openai_cost.openai_method(model)
    if sender.costs.stand_in:
        method = replace(method, family="o200k stand-in", estimator=sender.costs.stand_in)
    elif not sender.costs.stubs_upfront:
        method = replace(method, estimator=openai_cost.NAMES_ONLY)
    if model_id is None and (sender.counts_as is not None or sender.costs.stand_in):
        method = _defaulted(method, sender)
    return method


def _defaulted(method: Method, sender: Host) -> Method:
    """The method line of a run that names no model: the host's default, and for a client
    (whose model decides how it is counted) that model's id."""
    named = sender.default_model if sender.counts_as or sender.costs.stand_in else None
    return replace(method, default_of=sender.name, default_id=named)


def _openai_row(
    name: str, item: Tool | ServerTool, location: Location, tokens: int, catalog: Catalog
) -> Row:
    loc = catalog.resolve(location)
    return Row(
        name,
        item.source,
        item.scope,
        loc.file,
        loc.pointer,
        loc.line,
        float(tokens),
        item.deferred,
        cl100k=tokens,  # o200k under --target openai: the count itself
    )


def rebudget(before: ScopeBudget, scope: Scope, search_tokens: float | None = None) -> ScopeBudget:
    """``before`` for ``scope``: the same tools, deferred otherwise, and perhaps another search
    tool. Each tool's figure stands (its text and the model are the same), so only deferral and
    the totals change; nothing is counted again. ``search_tokens``: the search tool's count
    when the projection adds one (OpenAI's hosted tool_search)."""
    deferred = {(t.location.file, t.location.pointer): t.deferred for t in scope.tools}
    for server in scope.other_server_tools:
        deferred[(server.location.file, server.location.pointer)] = server.deferred
    rows = [
        r
        if deferred.get((r.file, r.pointer), r.deferred) is r.deferred
        else replace(r, deferred=not r.deferred)
        for r in before.rows
    ]
    window = before.totals.context_window
    search = search_tokens
    if search is None and before.host.costs.counting == "o200k":
        search = before.totals.search_tool
    totals = _totals(before.host, scope, rows, before.model, window, search_tokens=search)
    return replace(before, scope=scope, rows=tuple(rows), totals=totals)


def _host_notes(host: Host, scope: Scope) -> tuple[str | None, ...]:
    """Why the host defers nothing here, the scope's own notes, and what the host sends that
    is not counted."""
    return (host.costs.deferral_note(scope), *scope.notes, host.costs.uncounted_note(scope))


def _tool_row(tool: Tool, raw: RawCount, model: ModelInfo, catalog: Catalog) -> Row:
    loc = catalog.resolve(tool.location)
    return Row(
        tool.name,
        tool.source,
        tool.scope,
        loc.file,
        loc.pointer,
        loc.line,
        float(round(estimate(raw, model))),  # each tool rounded once; sums then add up
        tool.deferred,
        cl100k=raw.total,
    )


def _server_rows(
    tools: Iterable[ServerTool], model: ModelInfo, counter: TokenCounter | None, catalog: Catalog
) -> list[Row]:
    from toolsearch.cost.tokens import Cl100kCounter

    items = list(tools)
    if not items:
        return []
    counts = (counter or Cl100kCounter()).count_many([server_tool_json(t) for t in items])
    return [
        Row(
            t.name or t.type,
            t.source,
            t.scope,
            t.location.file,
            t.location.pointer,
            catalog.resolve(t.location).line,
            float(round(estimate_flat(n, model))),
            t.deferred,
            kind="server-tool",
            cl100k=n,
        )
        for t, n in zip(items, counts, strict=True)
    ]


def _totals(
    host: Host,
    scope: Scope,
    rows: list[Row],
    model: ModelInfo,
    window: int,
    search_tokens: float | None = None,
) -> Totals:
    """The scope's figures under ``host``'s cost model; ``search_tokens``: the search tools'
    own count (OpenAI's), else the host's figure per search tool."""
    has_tools = bool(rows) or bool(scope.server_tools) or scope.uses_tool_search
    system_prompt = float(model.system_prompt(scope.tool_choice)) if has_tools else 0.0
    searches = sum(1 for t in scope.search_tools if not t.deferred)
    if scope.implicit_search:
        searches += 1
    search_tool = float(host.costs.search_tool_tokens * searches)
    if search_tokens is not None:
        search_tool = search_tokens
    loaded = sum(
        r.tokens if not r.deferred else host.costs.deferred_upfront(r.tokens) for r in rows
    )
    stubs = sum(r.upfront_when_deferred for r in rows if r.deferred)
    everything = sum(r.tokens for r in rows)
    upfront = system_prompt + search_tool + loaded + stubs
    return Totals(
        upfront=upfront,
        all_loaded=system_prompt + everything,
        system_prompt=system_prompt,
        search_tool=search_tool,
        context_window=window,
        context_share=100.0 * upfront / window if window else 0.0,
    )
