"""``query --explain TOOL``: where one tool ranks for a query in each mode, and why.

For each mode: the tool's rank among the searched tools (None: the query does not reach it),
its score, the words that matched in each field, the tools ranked above it; under hybrid also
its cosine similarity to the query. Loaded (not deferred) tools are never results, since only
deferred tools are searched; the report also names the loaded tools the query would reach if
every tool were searched, so that a tool hidden behind a loaded one is seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toolsearch.analysis import Analysis
from toolsearch.catalog.identity import find_tool
from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.model import Scope, Tool
from toolsearch.config import Config
from toolsearch.errors import SearchInputError, UsageError
from toolsearch.hosts.claude_code import SEARCH_MODE as CLAUDE_CODE_MODE
from toolsearch.retrieval.modes import approximation_note
from toolsearch.retrieval.platform_search import platform_sayings
from toolsearch.retrieval.searchers import Result, SearchedSet, searched_tools

ABOVE_SHOWN = 5
LOADED_SHOWN = 5


@dataclass(frozen=True)
class ModeExplain:
    """One mode's answer: the tool's result (None: not reached) and what ranks above it."""

    mode: str
    result: Result | None
    above: list[Result]
    reached: int  # how many searched tools the query reaches in this mode
    similarity: float | None = None  # hybrid: cosine of the query and the tool's text
    error: str | None = None


@dataclass(frozen=True)
class LoadedMatch:
    """A loaded tool the query reaches, and its rank were every tool searched."""

    tool: Tool
    rank: int
    score: float | None


@dataclass(frozen=True)
class ExplainReport:
    """Everything ``query --explain`` shows."""

    query: str
    tool: Tool
    scope: Scope
    searched: int
    searched_set: SearchedSet
    tool_is_searched: bool
    modes: list[ModeExplain]
    loaded_mode: str
    loaded: list[LoadedMatch] = field(default_factory=list)
    loaded_total: int = 0
    notes: list[str] = field(default_factory=list)
    preface: str | None = None  # the first line: what the ranking stands for, when not exact


def explain_modes(requested: str | None, default: str) -> tuple[list[str], list[str]]:
    """The modes to explain, and notes on modes left out: the one asked for, else bm25,
    claude-code and hybrid (when the semantic extra is installed), the run's default first."""
    if requested is not None:
        return [requested], []
    from toolsearch.retrieval.embedding import INSTALL_HINT, semantic_available

    modes = list(dict.fromkeys([default, "bm25", CLAUDE_CODE_MODE, "hybrid"]))
    modes = [m for m in modes if m != "regex"]
    notes = []
    if not semantic_available():
        modes.remove("hybrid")
        notes.append(f"hybrid mode not shown: it needs the semantic extra ({INSTALL_HINT})")
    return modes, notes


def explain(
    inputs: Inputs,
    ident: str,
    query: str,
    mode: str | None,
    config: Config,
    all_tools: bool = False,
    model: str | None = None,
) -> ExplainReport:
    """Explain where the tool ``ident`` ranks for ``query``."""
    if not query.strip():
        raise UsageError("the query is empty: give words to search for")
    analysis = Analysis(inputs.catalog, config, model)
    catalog = analysis.catalog
    tool = find_tool(catalog.tools, ident, "--explain")
    scope = next(s for s in catalog.scopes if s.name == tool.scope)
    tools, which = searched_tools(scope, all_tools)
    is_searched = any(t is tool for t in tools)
    modes, notes = explain_modes(mode, analysis.search_mode)
    refusals, unknown = platform_sayings(config.platform, catalog.target, modes)
    notes = [*refusals, *unknown, *inputs.notes, *notes]
    if not is_searched:
        notes.append(
            f"{tool.name} is loaded, not deferred: the model sees it without a search, and a "
            "search never returns it; its ranks below are as if every tool were searched"
        )
        tools, which = scope.tools, "all"
    explained = [_explain_mode(analysis, m, tools, scope, tool, query) for m in modes]
    loaded: list[LoadedMatch] = []
    total = 0
    if which == "deferred":
        loaded, total = _loaded_matches(analysis, modes[0], scope, query)
    return ExplainReport(
        query,
        tool,
        scope,
        len(tools),
        which,
        is_searched,
        explained,
        modes[0],
        loaded,
        total,
        notes,
        approximation_note(catalog.target, modes),
    )


def _explain_mode(
    analysis: Analysis, mode: str, tools: tuple[Tool, ...], scope: Scope, tool: Tool, query: str
) -> ModeExplain:
    searcher = analysis.searcher(mode, tools, scope.tools)
    try:
        ranking = searcher.find(query, None).results
    except SearchInputError as error:
        return ModeExplain(mode, None, [], 0, error=str(error))
    mine = next((r for r in ranking if r.tool is tool), None)
    above = ranking[: mine.rank - 1] if mine is not None else []
    similarity = None
    scores = getattr(searcher, "semantic_scores", None)
    if scores is not None:
        similarity = float(scores(query)[[id(t) for t in tools].index(id(tool))])
    return ModeExplain(mode, mine, above, len(ranking), similarity)


def _loaded_matches(
    analysis: Analysis, mode: str, scope: Scope, query: str
) -> tuple[list[LoadedMatch], int]:
    deferred = {id(t) for t in scope.deferred_tools}
    searcher = analysis.searcher(mode, scope.tools, scope.tools)
    try:
        ranking = searcher.find(query, None).results
    except SearchInputError:
        return [], 0
    own = {id(t) for t in scope.tools}  # not a host's own tools (Codex's are deferred too)
    loaded = [
        LoadedMatch(r.tool, r.rank, r.score)
        for r in ranking
        if id(r.tool) in own and id(r.tool) not in deferred
    ]
    return loaded[:LOADED_SHOWN], len(loaded)
