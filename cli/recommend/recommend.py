"""Which tools to keep loaded, per scope, with a score and plain reasons.

Ranking: with usage evidence, ``score = calls + points / (MAX_POINTS + 1)`` (points: the
heuristic in ``toolsearch.recommend.heuristic``, from -6 to ``MAX_POINTS``), so calls decide and
the heuristic only orders tools called equally often; without usage, ``score = points``, spread
over actions (``spread``). Ties go to catalog order (cost is never a reason to keep).

How many: pins (``--pin``) and the ``tool_choice`` tool first; then the best-ranked tools up to 3;
a 4th and a 5th only while the next tool is as well supported as the 3rd (usage: called at least
half as often; heuristic: as high a score) and costs no more than the scope's median tool.
``--keep N`` sets the number instead. ``--max-upfront`` drops the lowest-ranked unpinned tools
until the scope fits (never below one), and fails when it cannot. A scope of fewer than 10 tools,
or one where deferral would not lower the upfront cost, is left loaded (tool-search-facts §2.9).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from heapq import heapify, heappop, heappush
from typing import Any

from toolsearch.analysis import Analysis
from toolsearch.catalog.codex_names import CODEX
from toolsearch.catalog.counts import count_of
from toolsearch.catalog.identity import ambiguous_names, find_tool
from toolsearch.catalog.loader import Document
from toolsearch.catalog.model import Catalog, Scope, ServerTool, Tool
from toolsearch.config import Config
from toolsearch.cost.budget import ScopeBudget, rebudget
from toolsearch.cost.tokens import Cl100kCounter, TokenCounter
from toolsearch.edits.search_tool import search_tool_entry
from toolsearch.errors import ToolsearchError, UsageError
from toolsearch.forked import Pending
from toolsearch.hosts import host_of, sending_host
from toolsearch.recommend.client_advice import client_notes
from toolsearch.recommend.heuristic import (
    MAX_POINTS,
    ScopeSignals,
    Signal,
    action_class,
    mentions,
    object_counts,
)
from toolsearch.recommend.reach import reach
from toolsearch.recommend.usage import ToolUsage, UsageReport

MIN_TOOLS_FOR_SEARCH = 10
SPREAD_POINTS = 1.0
ACTION_LABELS = ("finding", "reading", "working", "administration", "unknown-action")
OTHERS = tuple(f"other {label} tool" for label in ACTION_LABELS)  # "after 2 other finding tools"
DEFAULT_KEEP = 3
MAX_KEEP = 5
REACH_APART_FROM = 2000  # tools of a scope: with fewer, a worker costs about what it saves


class MemoCounter:
    """Counts each text once per run: the projections recount the same tools."""

    def __init__(self) -> None:
        self.known: dict[str, int] = {}
        self.base: TokenCounter = Cl100kCounter()

    def use(self, base: TokenCounter) -> None:
        """Count with ``base`` (o200k_base under ``--target openai``), forgetting other counts."""
        if type(base) is not type(self.base):
            self.base, self.known = base, {}

    def count_many(self, texts: Sequence[str]) -> list[int]:
        missing = list(dict.fromkeys(t for t in texts if t not in self.known))
        if missing:
            self.known.update(zip(missing, self.base.count_many(missing), strict=True))
        return [self.known[t] for t in texts]


class ConstraintError(ToolsearchError):
    """Constraints (--keep, --pin, --max-upfront) that no choice meets. Exit code 2."""


@dataclass(frozen=True)
class Options:
    """What the user asked of ``recommend``."""

    keep: int | None = None
    pins: tuple[str, ...] = ()
    max_upfront: int | None = None
    model: str | None = None
    context_window: int | None = None
    search: str = "bm25"
    intents: tuple[str, ...] | None = None  # queries of --intents; None: each tool's own words
    tool_search: str | None = None  # --claude-code-tool-search
    counter: MemoCounter = field(default_factory=MemoCounter, compare=False)
    # from this many tools in a scope, reach searches in a forked worker (toolsearch.forked)
    # while the heuristic runs here; None: never
    reach_apart_from: int | None = None


@dataclass(frozen=True)
class Ranked:
    """One candidate tool, ranked."""

    tool: Tool
    rank: int
    score: float
    points: float
    tokens: float
    reasons: tuple[str, ...]
    calls: int | None = None
    sessions: int | None = None
    kept: bool = False
    pinned: bool = False
    required: bool = False  # named by tool_choice

    def evolve(self, **changes: Any) -> Ranked:
        """A copy with ``changes`` (``dataclasses.replace`` without re-running ``__init__``: a
        scope of 10,000 tools is ranked and re-ranked often)."""
        if not changes.keys() <= self.__dataclass_fields__.keys():  # compared without a set
            unknown = sorted(changes.keys() - self.__dataclass_fields__.keys())
            raise TypeError(f"Ranked has no field {unknown[0]!r}")
        copy = object.__new__(Ranked)
        copy.__dict__.update(self.__dict__, **changes)
        return copy


@dataclass(frozen=True)
class ScopeChoice:
    """The recommendation for one scope."""

    scope: Scope
    before: ScopeBudget
    after: ScopeBudget
    ranked: tuple[Ranked, ...]
    deferral: bool  # False: keep everything loaded (fewer than 10 tools, or it does not pay)
    adds_search: bool  # the projection adds a tool search tool
    notes: tuple[str, ...] = ()

    @property
    def kept(self) -> tuple[Ranked, ...]:
        return tuple(r for r in self.ranked if r.kept)


@dataclass(frozen=True)
class Recommendation:
    """The recommendation for a run."""

    scopes: tuple[ScopeChoice, ...]
    usage: UsageReport | None
    search: str
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def upfront_before(self) -> int:
        return sum(round(s.before.totals.upfront) for s in self.scopes)

    @property
    def upfront_after(self) -> int:
        return sum(round(s.after.totals.upfront) for s in self.scopes)

    @property
    def keep_names(self) -> list[str]:
        """Names of kept tools, all in one form: ``source/name`` for every one when any name is
        not unique in the run, else ``name``."""
        ambiguous = ambiguous_names([r.tool for s in self.scopes for r in s.ranked])
        kept = [r.tool for s in self.scopes for r in s.kept]
        if any(t.name in ambiguous for t in kept):
            return list(dict.fromkeys(t.key for t in kept))
        return list(dict.fromkeys(t.name for t in kept))


def tool_choice_name(scope: Scope) -> str | None:
    choice = scope.tool_choice
    if isinstance(choice, Mapping) and choice.get("type") == "tool":
        name = choice.get("name")
        return name if isinstance(name, str) else None
    return None


def recommend(
    catalog: Catalog,
    documents: Sequence[Document],
    config: Config,
    options: Options,
    usage: UsageReport | None = None,
    analysis: Analysis | None = None,
) -> Recommendation:
    """Rank every scope's tools and choose the ones to keep loaded; ``analysis``, when given,
    is the run's own (of the same catalog and options), whose budgets and searchers are reused."""
    if options.keep is not None and options.keep < 1:
        raise UsageError("--keep must be 1 or more: at least one tool stays loaded")
    if host_of(catalog).costs.counting == "o200k":
        from toolsearch.cost.o200k import O200kCounter

        options.counter.use(O200kCounter())
    analysis = analysis or Analysis(
        catalog,
        config,
        options.model,
        {},
        options.context_window,
        counter=options.counter,
        tool_search=options.tool_search,
        place_rows=False,  # no report of recommend shows a row's line
    )
    before = analysis.budget
    all_tools = [t for s in catalog.scopes for t in s.tools]
    pins = [find_tool(all_tools, p, "--pin") for p in options.pins]
    messages = {d.display: _messages(d) for d in documents}
    warnings: list[str] = []
    if options.keep is not None and options.keep > MAX_KEEP:
        warnings.append(
            f"--keep {options.keep}: Anthropic advises keeping 3-5 tools loaded; more tools "
            "loaded cost tokens on every request"
        )
    limit = options.max_upfront if options.max_upfront is not None else config.max_upfront
    choices = []
    for scope_budget in before.scopes:
        scope = scope_budget.scope
        if not scope.tools or scope.kind == CODEX:
            continue  # Codex keeps no MCP tool loaded: nothing to choose (codex_advice)
        scope_pins = [p for p in pins if p.scope == scope.name]
        in_messages = mentions(scope, messages.get(scope.files[0]) if scope.files else None)
        tokens = {(r.file, r.pointer): r.tokens for r in scope_budget.rows if r.kind == "tool"}
        reaching = Pending(
            partial(reach, scope, options.intents, analysis),
            options.reach_apart_from is not None and len(scope.tools) >= options.reach_apart_from,
        )
        with reaching:
            facts = ScopeSignals(
                tokens,
                in_messages,
                None,
                0,
                object_counts(scope.tools),
                len(scope.tools),
                scope.tools,
            )
            if reaching.forked:
                facts.prepare()  # while a worker searches
            reached, intents = reaching.result()
        signals = replace(facts, reach=reached, intents=intents)
        ranked = rank(scope, signals, usage, scope_pins)
        choices.append(_choose(scope_budget, ranked, options, config, analysis, limit))
    return Recommendation(tuple(choices), usage, options.search, tuple(warnings))


def _messages(document: Document) -> object:
    data = document.data
    return data.get("messages") if isinstance(data, Mapping) else None


def rank(
    scope: Scope, signals: ScopeSignals, usage: UsageReport | None, pins: Iterable[Tool]
) -> list[Ranked]:
    """Every tool of the scope, best first, with its score and reasons."""
    pinned = {id(t) for t in pins}
    required = tool_choice_name(scope)
    unordered: list[Ranked] = []
    keys: list[float] = []  # minus each unrounded score
    for tool in scope.tools:
        found: list[Signal] = signals.signals(tool)
        points = sum([s.points for s in found])
        reasons = [s.reason for s in found]
        calls = sessions = None
        score = points
        if usage is not None:
            used = usage.get(tool)
            calls = used.calls if used else 0
            sessions = used.sessions if used else 0
            score = calls + points / (MAX_POINTS + 1)
            reasons.insert(0, _usage_reason(calls, sessions, used))
        is_required = required is not None and required in (tool.name, tool.sent_name)
        if is_required:
            reasons.insert(0, "named by tool_choice: must stay loaded")
        if id(tool) in pinned:
            reasons.insert(0, "pinned with --pin")
        tokens = signals.tokens.get((tool.location.file, tool.location.pointer), 0.0)
        ranked = Ranked(
            tool,
            0,
            round(score, 2),
            points,
            tokens,
            tuple(reasons),
            calls,
            sessions,
            pinned=id(tool) in pinned,
            required=is_required,
        )
        unordered.append(ranked)
        keys.append(-score)
    # best first; the sort is stable, so ties keep the catalog's order
    ordered = [unordered[i] for i in sorted(range(len(keys)), key=keys.__getitem__)]
    if usage is None:
        return spread(ordered)
    return [r.evolve(rank=i) for i, r in enumerate(ordered, 1)]


def spread(ranked: list[Ranked]) -> list[Ranked]:
    """One family per slot: without usage, each further tool of an action already ranked
    (looking up, the server's work, administration) pays ``SPREAD_POINTS`` per such tool, so the
    top tools cover what a task does rather than three ways of doing one thing. Returns the
    tools in their new order, numbered."""
    by_action: dict[int, list[int]] = defaultdict(list)  # places in ``ranked``, best first
    for index, item in enumerate(ranked):
        by_action[action_class(item.tool)].append(index)
    taken = dict.fromkeys(by_action, 0)
    # Each action's next tool, least key first: its score less what its action took (negated),
    # then its place in ``ranked`` for ties. Only the action that took a tool has a new head
    # and key, so a heap finds the best head without rescoring every action.
    heads = [(-ranked[places[0]].score, places[0], kind) for kind, places in by_action.items()]
    heapify(heads)
    ordered: list[Ranked] = []
    while heads:
        _, index, kind = heappop(heads)
        best = ranked[index]
        count = taken[kind]
        if count and not (best.pinned or best.required):
            others = count_of(count, OTHERS[kind])
            reasons = (*best.reasons, f"after {others}: -{SPREAD_POINTS * count:g}")
            score = round(best.score - SPREAD_POINTS * count, 2)
            best = best.evolve(rank=len(ordered) + 1, score=score, reasons=reasons)
        else:
            best = best.evolve(rank=len(ordered) + 1)
        ordered.append(best)
        count = taken[kind] = count + 1
        places = by_action[kind]
        if count < len(places):
            head = places[count]
            heappush(heads, (-(ranked[head].score - SPREAD_POINTS * count), head, kind))
    return ordered


def _usage_reason(calls: int, sessions: int, used: ToolUsage | None) -> str:
    if not calls:
        return "never called in the usage evidence"
    from_table = used is not None and used.from_table
    times = "once" if calls == 1 else f"{calls:,} times"
    plural = "s" if sessions != 1 else ""
    if from_table and used is not None and used.runs is not None and used.runs != sessions:
        runs = f"{used.runs:,} run{'s' if used.runs != 1 else ''}"
        if sessions:
            return f"called {times} in {runs} ({sessions} session{plural} and a usage table)"
        return f"called {times} in {runs} (usage table)"
    if sessions and from_table:
        return f"called {times} ({sessions} session{plural} and a usage table)"
    if sessions:
        return f"called {times} in {sessions} session{plural}"
    return f"called {times} (usage table)" if from_table else f"called {times}"


def project(
    before: ScopeBudget,
    kept: Iterable[Tool],
    options: Options,
) -> tuple[ScopeBudget, bool]:
    """The scope's budget with only ``kept`` loaded; adds a search tool when one is needed."""
    scope = before.scope
    keep = {id(t) for t in kept}
    tools = tuple(
        t if t.deferred is (id(t) not in keep) else replace(t, deferred=id(t) not in keep)
        for t in scope.tools
    )
    deferring = any(t.deferred for t in tools)
    server_tools = tuple(
        replace(t, deferred=False) if t.is_search and deferring else t for t in scope.server_tools
    )
    if before.host.costs.counting == "o200k":  # --target openai: a hosted tool_search
        from toolsearch.cost.openai_cost import hosted_search_tokens

        searched = bool(scope.openai_search_tools or scope.implicit_search)
        adds = deferring and not searched
        projected = replace(scope, tools=tools)
        extra = hosted_search_tokens() if adds else None
        return rebudget(before, projected, extra), adds
    adds = deferring and not scope.uses_tool_search
    if adds:
        server_tools = (_search_tool(scope, options.search), *server_tools)
    projected = replace(scope, tools=tools, server_tools=server_tools)
    return rebudget(before, projected), adds


def _search_tool(scope: Scope, mode: str) -> ServerTool:
    location = scope.tools_location or scope.tools[0].location
    raw = search_tool_entry(mode)
    return ServerTool(raw["type"], raw["name"], scope.sources[0], scope.name, location, raw, False)


def _choose(
    before: ScopeBudget,
    ranked: list[Ranked],
    options: Options,
    config: Config,
    analysis: Analysis,
    limit: int | None,
) -> ScopeChoice:
    scope = before.scope
    notes: list[str] = []
    client = sending_host(analysis.catalog, scope)
    if client.apply == "none":  # a client keeps what it keeps: only its cap is advice
        notes.extend(client_notes(client, before, [r.tool.name for r in ranked]))
        final = _marked(ranked, lambda r: not r.tool.deferred)
        deferral = any(r.tool.deferred for r in ranked)
        return ScopeChoice(scope, before, before, final, deferral, False, tuple(notes))
    decision = analysis.tool_search_decision
    if decision is not None and not decision.defers and host_of(analysis.catalog).sends(scope):
        notes.append(f"{decision.summary()}; nothing to choose: --apply leaves this scope as it is")
        return _unchanged(before, ranked, options, limit, notes)
    # Claude Code's ToolSearch is there whatever this scope does (it defers built-ins too), so
    # its cost is sunk: the API's "too few tools to pay for a search tool" does not apply.
    sunk = scope.implicit_search is not None
    if len(ranked) < MIN_TOOLS_FOR_SEARCH and not sunk:
        ignored = f"; --keep {options.keep} does not apply" if options.keep is not None else ""
        notes.append(
            f"{count_of(len(ranked), 'tool')}: below {MIN_TOOLS_FOR_SEARCH}, tool search does not "
            "pay "
            f"(tool-search-facts §2.9); keep every tool loaded{ignored}; --apply leaves this "
            "scope as it is"
        )
        return _unchanged(before, ranked, options, limit, notes)
    ranked, eligible = _referenced_stay_deferred(scope, ranked, notes)
    forced = [r for r in ranked if r.pinned or r.required]
    if not eligible and not forced:
        notes.append(
            "every tool is named by a tool_reference in messages, so none can stay loaded; "
            "keep every tool loaded; --apply leaves this scope as it is"
        )
        return _unchanged(before, ranked, options, limit, notes)
    if options.keep is not None:
        if len(forced) > options.keep:
            raise ConstraintError(
                f"scope {scope.name!r}: {count_of(len(forced), 'tool')} must stay loaded "
                f"({_names(forced)}) but --keep is {options.keep}; raise --keep or pin fewer"
            )
        if options.keep > len(eligible):
            held = len(ranked) - len(eligible)
            why = f" ({held} named by a tool_reference must stay deferred)" if held else ""
            raise ConstraintError(
                f"scope {scope.name!r} has {count_of(len(ranked), 'tool')}{why}; "
                f"--keep {options.keep:,} "
                "cannot be met"
            )
        chosen = _fill(forced, eligible, options.keep)
    else:
        chosen = default_count(forced, eligible)
    after, adds = project(before, (r.tool for r in chosen), options)
    if options.keep is None and not sunk and after.totals.upfront >= before.totals.all_loaded:
        notes.append(
            f"deferral does not pay here: {round(after.totals.upfront):,} tokens upfront with "
            f"tool search against {round(before.totals.all_loaded):,} with every tool loaded; "
            "keep every tool loaded; --apply leaves this scope as it is"
        )
        return _unchanged(before, ranked, options, limit, notes)
    if limit is not None:
        chosen, after, adds = _fit(before, chosen, forced, after, adds, limit, options, notes)
    kept = {id(r.tool) for r in chosen}
    final = _marked(ranked, lambda r: id(r.tool) in kept)
    return ScopeChoice(scope, before, after, final, True, adds, tuple(notes))


def _marked(ranked: Iterable[Ranked], keeps: Callable[[Ranked], bool]) -> tuple[Ranked, ...]:
    """The ranking with ``kept`` set as ``keeps`` says; a tool already marked so is not copied
    (a scope of 10,000 tools keeps 3-5)."""
    return tuple(r if r.kept == keeps(r) else r.evolve(kept=not r.kept) for r in ranked)


REFERENCED = "named by a tool_reference in messages: stays deferred (search results load it)"


def _referenced_stay_deferred(
    scope: Scope, ranked: list[Ranked], notes: list[str]
) -> tuple[list[Ranked], list[Ranked]]:
    """Tools a ``tool_reference`` in ``messages`` names stay deferred: a search result loads
    them, and keeping one loaded makes lint warn ``reference-to-loaded-tool``. Returns the
    ranking with that reason added, and the tools that may be kept (pins and the tool_choice
    tool stay, with a note)."""
    names = {r.tool_name for r in scope.references if isinstance(r.tool_name, str)}
    if not names:
        return ranked, ranked
    marked: list[Ranked] = []
    eligible: list[Ranked] = []
    for item in ranked:
        if item.tool.sent_name in names or item.tool.name in names:
            item = replace(item, reasons=(*item.reasons, REFERENCED))
            if item.pinned or item.required:
                notes.append(
                    f"{item.tool.name} is named by a tool_reference in messages but must stay "
                    "loaded (--pin or tool_choice): lint will warn reference-to-loaded-tool"
                )
            else:
                marked.append(item)
                continue
        marked.append(item)
        eligible.append(item)
    return marked, eligible


def _names(items: Iterable[Ranked]) -> str:
    return ", ".join(r.tool.name for r in items)


def _fill(forced: list[Ranked], ranked: list[Ranked], count: int) -> list[Ranked]:
    chosen = list(forced)
    taken = {id(r) for r in chosen}
    for item in ranked:
        if len(chosen) >= count:
            break
        if id(item) not in taken:
            chosen.append(item)
    return sorted(chosen, key=lambda r: r.rank)


def default_count(forced: list[Ranked], ranked: list[Ranked]) -> list[Ranked]:
    """3 tools, then a 4th and 5th while they are as well supported as the 3rd and cost no
    more than the scope's median tool."""
    chosen = _fill(forced, ranked, max(DEFAULT_KEEP, len(forced)))
    if len(chosen) >= MAX_KEEP or not ranked:
        return chosen
    third = ranked[min(DEFAULT_KEEP, len(ranked)) - 1]
    median = statistics.median(r.tokens for r in ranked)
    for item in ranked:
        if len(chosen) >= MAX_KEEP:
            break
        if any(item is r for r in chosen):
            continue
        if _as_strong(item, third) and item.tokens <= median:
            chosen.append(item)
        else:
            break
    return sorted(chosen, key=lambda r: r.rank)


def _as_strong(item: Ranked, third: Ranked) -> bool:
    if item.calls is not None and third.calls is not None:
        return item.calls > 0 and 2 * item.calls >= third.calls
    return item.score >= third.score  # without usage the score is the points, spread


def _fit(
    before: ScopeBudget,
    chosen: list[Ranked],
    forced: list[Ranked],
    after: ScopeBudget,
    adds: bool,
    limit: int,
    options: Options,
    notes: list[str],
) -> tuple[list[Ranked], ScopeBudget, bool]:
    """Drop the lowest-ranked unforced tools until the scope's upfront fits ``limit``."""
    scope = before.scope
    while round(after.totals.upfront) > limit:
        droppable = [r for r in chosen if not any(r is f for f in forced)]
        if options.keep is not None or not droppable or len(chosen) == 1:
            raise ConstraintError(_over_limit(scope, chosen, forced, after, limit, options))
        chosen = [r for r in chosen if r is not droppable[-1]]
        after, adds = project(before, (r.tool for r in chosen), options)
    if len(chosen) < DEFAULT_KEEP and options.keep is None:
        notes.append(
            f"kept {len(chosen)} tool{'s' if len(chosen) != 1 else ''}, fewer than 3, to stay "
            f"within --max-upfront {limit:,}"
        )
    return chosen, after, adds


def _over_limit(
    scope: Scope,
    chosen: list[Ranked],
    forced: list[Ranked],
    after: ScopeBudget,
    limit: int,
    options: Options,
) -> str:
    totals = after.totals
    listed = sum(r.upfront_when_deferred for r in after.rows if r.deferred)
    loaded = totals.upfront - totals.system_prompt - totals.search_tool - listed
    parts = (
        f"system prompt {round(totals.system_prompt):,} + search tool "
        f"{round(totals.search_tool):,} + {len(chosen)} loaded "
        f"tool{'s' if len(chosen) != 1 else ''} {round(loaded):,}"
    )
    if listed:
        parts += f" + {after.host.costs.deferred_label} {round(listed):,}"
    if options.keep is not None:
        why = f"keeping the {options.keep} best-ranked tools"
        fix = "lower --keep or raise --max-upfront"
    elif forced and len(chosen) == len(forced):
        why = f"keeping only the pinned tools ({_names(forced)})"
        fix = "pin fewer tools or raise --max-upfront"
    else:
        why = f"keeping only {_names(chosen)}"
        fix = "raise --max-upfront"
    return (
        f"scope {scope.name!r}: {why} costs {round(totals.upfront):,} tokens upfront "
        f"({parts}), over --max-upfront {limit:,}; {fix}"
    )


def _unchanged(
    before: ScopeBudget,
    ranked: list[Ranked],
    options: Options,
    limit: int | None,
    notes: list[str],
) -> ScopeChoice:
    after, _ = project(before, (r.tool for r in ranked), options)
    if limit is not None and round(after.totals.upfront) > limit:
        raise ConstraintError(
            f"scope {before.scope.name!r}: with every tool loaded (recommended here: "
            f"{notes[-1].split(';')[0]}) the upfront cost is {round(after.totals.upfront):,} "
            f"tokens, over --max-upfront {limit:,}; raise the limit or trim the tools"
        )
    final = tuple(r.evolve(kept=True) for r in ranked)
    return ScopeChoice(before.scope, before, after, final, False, False, tuple(notes))


def ranked_tools(
    catalog: Catalog, documents: list[Document], config: Config, model: str | None, scope: str
) -> list[Tool] | None:
    """The tools of the scope named ``scope`` as ``recommend`` ranks them, best first; None when
    it cannot recommend or there is no such scope (``lint --fix`` keeps the first loaded)."""
    try:
        chosen = recommend(catalog, documents, config, Options(model=model))
    except ToolsearchError:
        return None
    choice = next((c for c in chosen.scopes if c.scope.name == scope), None)
    return None if choice is None else [r.tool for r in choice.ranked]
