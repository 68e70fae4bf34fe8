"""Match calls from usage evidence to catalog tools: counts, sessions and runs per tool.

A call names its server when the evidence does (``mcp_tool_use.server_name``, Claude Code's
``mcp__<server>__<tool>``): it then matches the tool of that name in the source of that name.
Claude Code replaces characters outside ``A-Z a-z 0-9 _ -`` with ``_`` in both parts, so names
are compared in that form. A call whose server is no source's name, or that names no server,
matches by tool name when exactly one tool has it. Everything else is reported, never dropped:
search calls, server-tool calls, unknown tools and names that fit several tools.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from toolsearch.catalog.model import Tool
from toolsearch.recommend.usage_read import Call, Evidence

_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")


def sanitized(name: str) -> str:
    """A name as Claude Code writes it inside ``mcp__...`` names."""
    return _UNSAFE.sub("_", name)


@dataclass(frozen=True)
class ToolUsage:
    """How often one tool was called, in how many sessions, and in how many runs."""

    calls: int
    sessions: int
    from_table: bool  # some counts came from a table, which has no sessions
    runs: int | None = None  # sessions plus tables' runs; None: a table without runs gave calls


@dataclass
class UsageReport:
    """Evidence matched to a run's tools."""

    evidence: Evidence
    by_tool: dict[tuple[str, str], ToolUsage] = field(default_factory=dict)
    search_calls: int = 0
    server_calls: Counter[str] = field(default_factory=Counter)
    unknown: Counter[str] = field(default_factory=Counter)
    ambiguous: Counter[str] = field(default_factory=Counter)
    by_name_only: int = 0  # calls whose server was not a source, matched by tool name
    matched_sessions: int = 0  # sessions (transcripts, logs) with a call to a catalog tool

    @property
    def total_calls(self) -> int:
        return sum(c.count for c in self.evidence.calls)

    @property
    def matched_calls(self) -> int:
        return sum(u.calls for u in self.by_tool.values())

    @property
    def sessions(self) -> int:
        """Sessions seen in transcripts and logs (tables have none)."""
        tables = self.table_files
        return len({c.session for c in self.evidence.calls if c.file not in tables})

    @property
    def runs_known(self) -> bool:
        """Whether every call came with its runs (a session is a run; tables need ``runs``)."""
        return all(u.runs is not None for u in self.by_tool.values())

    @property
    def table_files(self) -> set[str]:
        return {f.file for f in self.evidence.files if f.kind == "table"}

    def get(self, tool: Tool) -> ToolUsage | None:
        return self.by_tool.get((tool.source, tool.name))


class _Index:
    """Tools by name, by (source, name) and in Claude Code's sanitised forms."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        self.by_name: dict[str, list[Tool]] = defaultdict(list)
        self.by_source: dict[tuple[str, str], Tool] = {}
        self.sources: set[str] = set()
        for tool in tools:
            for name in {tool.name, tool.sent_name, sanitized(tool.name)}:
                if tool not in self.by_name[name]:
                    self.by_name[name].append(tool)
            key = (sanitized(tool.source), sanitized(tool.name))
            self.by_source.setdefault(key, tool)
            self.by_source.setdefault((tool.source, tool.name), tool)
            self.sources.add(sanitized(tool.source))

    def server_source(self, call: Call) -> str | None:
        """The source a call's server names (plugin servers: ``<plugin>_<server>``)."""
        assert call.server is not None
        server = sanitized(call.server)
        if server in self.sources:
            return server
        if call.plugin:
            ends = [s for s in self.sources if server.endswith("_" + s)]
            if len(ends) == 1:
                return ends[0]
        return None

    def match(self, call: Call) -> tuple[Tool | None, bool, int]:
        """(tool, matched by name only, how many tools fit the name)."""
        if call.server is not None:
            source = self.server_source(call)
            if source is not None:
                tool = self.by_source.get((source, sanitized(call.name)))
                return tool, False, 1 if tool else 0
        if "/" in call.name and call.server is None:
            source, _, name = call.name.rpartition("/")
            tool = self.by_source.get((source, name))
            if tool is not None:
                return tool, False, 1
        fits = self.by_name.get(call.name) or self.by_name.get(sanitized(call.name)) or []
        if len(fits) == 1:
            return fits[0], call.server is not None, 1
        return None, False, len(fits)


def match_names(calls: Iterable[Call], tools: Iterable[Tool]) -> dict[str, Tool]:
    """The catalog tool each call names (by ``Call.shown``), for the calls that name one."""
    index = _Index(list(tools))
    found: dict[str, Tool] = {}
    for call in calls:
        tool, _name_only, _fits = index.match(call)
        if tool is not None:
            found[call.shown] = tool
    return found


def match_usage(evidence: Evidence, tools: Iterable[Tool]) -> UsageReport:
    """Count calls per tool; report search calls, server tools and unknown names."""
    index = _Index(list(tools))
    report = UsageReport(evidence)
    calls: Counter[tuple[str, str]] = Counter()
    sessions: dict[tuple[str, str], set[str]] = defaultdict(set)
    tabled: set[tuple[str, str]] = set()
    table_runs: Counter[tuple[str, str]] = Counter()
    runs_unknown: set[tuple[str, str]] = set()
    tables = report.table_files
    for call in evidence.calls:
        if call.kind == "search":
            report.search_calls += call.count
            continue
        if call.kind == "server":
            report.server_calls[call.name] += call.count
            continue
        tool, name_only, fits = index.match(call)
        if tool is None:
            (report.ambiguous if fits > 1 else report.unknown)[call.shown] += call.count
            continue
        key = (tool.source, tool.name)
        if name_only:
            report.by_name_only += call.count
        calls[key] += call.count
        if call.file in tables:
            tabled.add(key)
            if call.runs is None:
                runs_unknown.add(key)
            else:
                table_runs[key] += call.runs
        elif call.count:
            sessions[key].add(call.session)
    for key, count in calls.items():
        runs = None if key in runs_unknown else len(sessions[key]) + table_runs[key]
        report.by_tool[key] = ToolUsage(count, len(sessions[key]), key in tabled, runs)
    report.matched_sessions = len({s for found in sessions.values() for s in found})
    return report


def confidence(usage: UsageReport | None) -> str:
    """How well founded the choice is, in one phrase: what it rests on."""
    if usage is None:
        return "heuristic, no usage: estimate"
    if not usage.matched_calls:
        return "heuristic, no usage: estimate (the usage evidence calls none of these tools)"
    calls, sessions = usage.matched_calls, usage.matched_sessions
    tables = sum(1 for f in usage.evidence.files if f.kind == "table")
    places = []
    if sessions or not tables:
        places.append(f"{sessions:,} session{'' if sessions == 1 else 's'}")
    if tables:
        places.append(f"{tables} usage table{'' if tables == 1 else 's'}")
    return f"from usage: {calls:,} call{'' if calls == 1 else 's'} in {' and '.join(places)}"
