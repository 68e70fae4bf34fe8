"""The sessions run: transcripts read, tools matched to the configured catalog, the tools worth
keeping loaded chosen, the exports written, into a ``SessionsReport``."""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path

from toolsearch.catalog.claude_code_versions import ClaudeCode
from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.model import Tool
from toolsearch.catalog.walk import MAX_FOLDER_DEPTH, depth_note
from toolsearch.recommend.usage import match_names
from toolsearch.recommend.usage_read import split_sent_name
from toolsearch.sessions.activity import (
    Activity,
    ActivityReader,
    SearchOutcome,
    ToolUse,
    server_of,
)
from toolsearch.sessions.exports import ExportCase, write_cases, write_usage
from toolsearch.sessions.transcripts import Unreadable, find_transcripts, read_entries

DEFAULT_KEEP = 5


@dataclass(frozen=True)
class SessionsOptions:
    """What the user asked of ``sessions``."""

    paths: tuple[str, ...] = ()
    since: datetime | None = None
    project: str | None = None
    keep: int = DEFAULT_KEEP
    redact: bool = False
    export_usage: Path | None = None
    export_cases: Path | None = None
    model: str | None = None
    fmt: str = "text"
    show_all: bool = False
    color: bool = False
    width: int | None = None
    max_values: int | None = None  # values one transcript line may hold (None: its default)
    max_folder_depth: int = MAX_FOLDER_DEPTH  # folder levels transcript folders are walked
    claude_code: ClaudeCode | None = None  # --claude-code-version: wins over each transcript's


@dataclass(frozen=True)
class ServerUse:
    """One MCP server's calls (``server`` None: Claude Code's own tools), its tools by calls."""

    server: str | None
    calls: int
    sessions: int
    last_used: datetime | None
    tools: tuple[ToolUse, ...]


@dataclass(frozen=True)
class NeverCalled:
    """A configured source's tools that no session called in the period."""

    source: str
    tools: tuple[str, ...]
    total: int  # the source's tools


@dataclass(frozen=True)
class KeepChoice:
    """The MCP tools that served the most sessions, as ``recommend --evaluate`` measures it:
    a use is a (session, tool) pair; the kept tools serve ``served`` of ``uses``."""

    tools: tuple[ToolUse, ...]
    served: int
    uses: int
    sessions_served: int  # sessions whose every MCP call is to a kept tool
    sessions_with_mcp: int
    upfront: float | None  # estimated tokens of the kept tools' definitions
    priced: int  # kept tools whose definitions were found (the upfront figure covers these)
    method: str | None

    @property
    def share(self) -> float | None:
        return self.served / self.uses if self.uses else None


@dataclass(frozen=True)
class SearchSummary:
    """ToolSearch's activity over the period."""

    queries: int
    sessions: int
    keyword: int
    select: int
    found_nothing: int
    no_result: int  # the result is not in the transcripts
    errors: int
    loads: int
    unused_loads: int
    unused_tokens: float | None  # estimated tokens of the unused loads the catalog prices
    unused_priced: int  # unused loads whose tool the catalog holds
    nothing_queries: tuple[tuple[str, int], ...]  # (query, times), most frequent first
    unused_by_tool: tuple[tuple[str, int, int], ...]  # (tool, loads, unused), most unused first


@dataclass(frozen=True)
class SessionsReport:
    """What a sessions reporter gets."""

    origins: tuple[str, ...]
    files: int
    activity: Activity
    servers: tuple[ServerUse, ...]
    searches: SearchSummary
    keep: KeepChoice
    never_called: tuple[NeverCalled, ...] | None  # None: no catalog or server was given
    exports: tuple[str, ...]
    notes: tuple[str, ...]
    redacted: bool
    since: datetime | None
    project: str | None


def redact(query: str) -> str:
    """A query's stand-in in shared reports: the first 12 hex digits of its SHA-256."""
    return "sha256:" + hashlib.sha256(query.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def read_activity(options: SessionsOptions) -> tuple[Activity, list[str], int, Unreadable]:
    """Stream every transcript through the reader (files older than ``--since`` unread)."""
    problems = Unreadable()
    transcripts, origins = find_transcripts(
        options.paths, problems.too_deep, options.max_folder_depth
    )
    reader = ActivityReader(options.since, options.project)
    read = 0
    for transcript in transcripts:
        if options.since is not None and _older(transcript.path, options.since):
            continue  # appended to only: nothing in it is as recent as --since
        before = reader.accepted
        for entry in read_entries(transcript, problems, options.max_values):
            reader.add(entry)
        read += reader.accepted > before  # the header counts transcripts with entries in range
    return reader.finish(), origins, read, problems


PROJECTS_SHOWN = 5


def _no_project_note(project: str, paths: tuple[str, ...], max_depth: int) -> str:
    """--project matched nothing: say so, with the project folders there are."""
    folders = sorted({t.project for t in find_transcripts(paths, None, max_depth)[0]})
    shown = ", ".join(folders[:PROJECTS_SHOWN])
    more = f" and {len(folders) - PROJECTS_SHOWN:,} more" if len(folders) > PROJECTS_SHOWN else ""
    return (
        f"--project {project!r} matched no session; the transcripts' project folders are "
        f"{shown}{more} (a folder name, or its directory's name or path)"
    )


def _older(path: Path, since: datetime) -> bool:
    try:
        return path.stat().st_mtime < since.timestamp()
    except OSError:
        return False


def sessions_report(options: SessionsOptions, inputs: Inputs | None) -> SessionsReport:
    """Read the transcripts, match them to the catalog (when given), choose and export."""
    activity, origins, files, problems = read_activity(options)
    tools = inputs.catalog.tools if inputs is not None else ()
    matched = _matched(activity, tools)
    notes = list(inputs.notes) if inputs is not None else []
    exports = []
    if options.export_usage is not None:
        write_usage(options.export_usage, activity.tools)
        exports.append(
            f"wrote {options.export_usage}: {len(activity.tools):,} tools "
            "(name,count,runs; read it with recommend --usage)"
        )
    if options.export_cases is not None:
        cases, merged, left_out = _cases(activity.searches, matched if tools else None)
        write_cases(options.export_cases, cases)
        extra = f", {merged:,} repeats merged" if merged else ""
        if left_out:
            extra += f", {left_out:,} left out (their tools are not in the catalog)"
        plural = "" if len(cases) == 1 else "s"
        then = (
            f"run them with toolsearch eval {options.export_cases} SOURCE... --target claude-code"
            if cases
            else "no keyword search was followed by a call of a tool it returned"
        )
        exports.append(
            f"wrote {options.export_cases}: {len(cases):,} eval case{plural}{extra}; {then}"
        )
    for note in (
        problems.note(),
        problems.time_note(),
        depth_note(problems.too_deep, options.max_folder_depth),
    ):
        if note:
            notes.append(note)
    if options.project is not None and not activity.sessions and origins:
        notes.append(_no_project_note(options.project, options.paths, options.max_folder_depth))
    base = inputs.catalog.claude_code if inputs is not None else ClaudeCode()
    versions = _versions_of(activity, options.claude_code or base, options.claude_code is not None)
    notes.extend(_version_notes(activity, options.claude_code))
    searches = _search_summary(activity.searches, options.redact, matched, options.model, versions)
    return SessionsReport(
        origins=tuple(origins),
        files=files,
        activity=activity,
        servers=_servers(activity),
        searches=searches,
        keep=_keep(activity, options.keep, matched, options.model),
        never_called=_never_called(tools, matched, activity) if inputs is not None else None,
        exports=tuple(exports),
        notes=tuple(notes),
        redacted=options.redact,
        since=options.since,
        project=options.project,
    )


def _matched(activity: Activity, tools: tuple[Tool, ...]) -> dict[str, Tool]:
    """Sent names (of calls and of loads) -> the catalog tool they name."""
    if not tools:
        return {}
    names = {t.name for t in activity.tools}
    names.update(n for s in activity.searches for n in s.returned or ())
    calls = [split_sent_name(n, "", "") for n in sorted(names)]
    return match_names(calls, tools)


def _servers(activity: Activity) -> tuple[ServerUse, ...]:
    grouped: dict[str | None, list[ToolUse]] = defaultdict(list)
    for use in activity.tools:
        grouped[server_of(use.name)].append(use)
    # per server, the sessions that called it: one pass over each session's tools (scanning
    # every session for every server is quadratic in a session calling N tools on N servers)
    sessions_of: Counter[str | None] = Counter()
    for called in activity.session_tools:
        sessions_of.update({server_of(name) for name in called})
    servers = []
    for server, uses in grouped.items():
        times = [u.last_used for u in uses if u.last_used is not None]
        sessions = sessions_of[server]
        servers.append(
            ServerUse(
                server,
                sum(u.calls for u in uses),
                sessions,
                max(times) if times else None,
                tuple(uses),
            )
        )
    servers.sort(key=lambda s: (s.server is None, -s.calls, s.server or ""))
    return tuple(servers)


def _versions_of(activity: Activity, base: ClaudeCode, chosen: bool) -> dict[str, ClaudeCode]:
    """Each version the transcripts name, as modelled: itself (with the run's description
    length setting), or ``base`` for all when --claude-code-version chose it; "" is ``base``."""
    found = {"": base}
    for version, _ in activity.versions:
        found[version] = base if chosen else ClaudeCode(version, "transcript", *base_length(base))
    return found


def base_length(base: ClaudeCode) -> tuple[int | None, str]:
    return base.description_length, base.description_length_origin


def _version_notes(activity: Activity, chosen: ClaudeCode | None) -> list[str]:
    """Which Claude Code versions ran the sessions, and which one models them: said when
    they differ, or when --claude-code-version overrides them (JSON always lists them)."""
    if not activity.versions or (len(activity.versions) == 1 and chosen is None):
        return []
    listed = ", ".join(f"{v} ({n:,} session{'' if n == 1 else 's'})" for v, n in activity.versions)
    if chosen is not None:
        how = f"modelled as {chosen.label} (--claude-code-version)"
    else:
        how = "each session's loads priced at its version's cuts (--claude-code-version sets one)"
    return [f"Claude Code versions in the transcripts: {listed}; {how}"]


def as_loaded(tool: Tool, version: ClaudeCode) -> Tool:
    """An MCP tool as ``version`` sends it once ToolSearch loads it: its description cut."""
    from toolsearch.hosts import claude_code

    if tool.scope != claude_code.NAME:
        return tool
    cut = claude_code.sent_description(tool.description, version.sent_cut(True))
    return tool if cut == tool.sent_description else replace(tool, sent_description=cut)


def _search_summary(
    searches: tuple[SearchOutcome, ...],
    hashed: bool,
    matched: dict[str, Tool],
    model: str | None,
    versions: dict[str, ClaudeCode] | None = None,
) -> SearchSummary:
    nothing: dict[str, int] = {}
    loads: dict[str, int] = defaultdict(int)
    unused: dict[str, int] = defaultdict(int)
    unused_at: dict[tuple[str, str], int] = defaultdict(int)  # (name, version) -> unused loads
    for search in searches:
        if search.found_nothing:
            query = redact(search.query) if hashed else search.query
            nothing[query] = nothing.get(query, 0) + 1
        for name in search.returned or ():
            loads[name] += 1
        for name in search.speculative:
            unused[name] += 1
            unused_at[name, search.version or ""] += 1
    modelled = versions or {"": ClaudeCode()}
    priced = [
        (as_loaded(matched[name], modelled.get(version, modelled[""])), count)
        for (name, version), count in unused_at.items()
        if name in matched
    ]
    tokens = _upfront([t for t, _ in priced], model, [n for _, n in priced]) if priced else None
    return SearchSummary(
        queries=len(searches),
        sessions=len({s.session for s in searches}),
        keyword=sum(not s.is_select for s in searches),
        select=sum(s.is_select for s in searches),
        found_nothing=sum(s.found_nothing for s in searches),
        no_result=sum(s.returned is None for s in searches),
        errors=sum(s.error for s in searches),
        loads=sum(loads.values()),
        unused_loads=sum(unused.values()),
        unused_tokens=tokens[0] if tokens else None,
        unused_priced=sum(n for _, n in priced),
        nothing_queries=tuple(sorted(nothing.items(), key=lambda p: (-p[1], p[0]))),
        unused_by_tool=tuple(
            sorted(
                ((name, loads[name], count) for name, count in unused.items()),
                key=lambda t: (-t[2], -t[1], t[0]),
            )
        ),
    )


def _keep(activity: Activity, k: int, matched: dict[str, Tool], model: str | None) -> KeepChoice:
    mcp = [t for t in activity.tools if server_of(t.name) is not None]
    ranked = sorted(mcp, key=lambda u: (-u.sessions, -u.calls, u.name))
    kept = tuple(ranked[:k])
    names = {u.name for u in kept}
    with_mcp = [s for s in activity.session_tools if any(server_of(n) for n in s)]
    served = sum(1 for s in with_mcp if all(n in names for n in s if server_of(n)))
    priced = [matched[u.name] for u in kept if u.name in matched]
    upfront, method = _upfront(priced, model) if priced else (None, None)
    return KeepChoice(
        kept,
        sum(u.sessions for u in kept),
        sum(u.sessions for u in mcp),
        served,
        len(with_mcp),
        upfront,
        len(priced),
        method,
    )


def _upfront(
    tools: list[Tool], model: str | None, times: list[int] | None = None
) -> tuple[float, str]:
    """Estimated tokens of the tools' definitions (each ``times`` over), and how the estimate
    was made."""
    from toolsearch.cost.models import resolve
    from toolsearch.cost.tokens import count_tools, estimate, method_for

    info, _ = resolve(model)
    counts = times or [1] * len(tools)
    total = sum(n * estimate(raw, info) for raw, n in zip(count_tools(tools), counts, strict=True))
    return total, f"{method_for(info).describe()}; model {info.id}"


def _never_called(
    tools: tuple[Tool, ...], matched: dict[str, Tool], activity: Activity
) -> tuple[NeverCalled, ...]:
    called = {id(matched[u.name]) for u in activity.tools if u.name in matched}
    by_source: dict[str, list[Tool]] = defaultdict(list)
    for tool in tools:
        by_source[tool.source].append(tool)
    return tuple(
        NeverCalled(source, tuple(t.name for t in members if id(t) not in called), len(members))
        for source, members in by_source.items()
    )


def _cases(
    searches: tuple[SearchOutcome, ...], matched: dict[str, Tool] | None
) -> tuple[list[ExportCase], int, int]:
    """One case per keyword search whose loads the session then used; repeats merged. With a
    catalog (``matched``), tools are named ``source/name`` and a case whose tools are none of
    the catalog's is left out. Returns the cases, repeats merged, cases left out."""
    cases: dict[tuple[str, tuple[str, ...]], ExportCase] = {}
    merged = left_out = 0
    for search in searches:
        if search.is_select or not search.used or not search.query.strip():
            continue
        if matched is None:
            expected = search.used
        else:
            expected = tuple(matched[n].key for n in search.used if n in matched)
            if not expected:
                left_out += 1
                continue
        key = (search.query, expected)
        if key in cases:
            merged += 1
            continue
        cases[key] = ExportCase(f"session-{len(cases) + 1}", search.query, expected, search.place)
    return list(cases.values()), merged, left_out


def parse_since(text: str, now: datetime) -> datetime:
    """``--since``: a date (``2026-11-01``, midnight UTC), an ISO 8601 time, or ``N`` days
    back (``7d``)."""
    from toolsearch.errors import UsageError
    from toolsearch.sessions.transcripts import parse_timestamp

    value = text.strip()
    out_of_range = UsageError(
        f"--since {text!r}: before the year 1 or after the year 9999 in UTC; give a date within "
        "them (2026-11-01) or fewer days back (7d)"
    )
    if value[:-1].isdigit() and value[-1:].lower() == "d":
        try:
            return now - timedelta(days=int(value[:-1]))
        except (OverflowError, ValueError):  # ValueError: a number of days too long to convert
            raise out_of_range from None
    parsed = parse_timestamp(value)
    if parsed is None and parse_timestamp(value[:19]) is not None:
        raise out_of_range  # a valid time whose offset takes it out of range
    if parsed is None:
        raise UsageError(
            f"--since {text!r}: expected a date (2026-11-01), an ISO 8601 time "
            "(2026-11-01T09:00:00Z) or a number of days back (7d)"
        )
    return parsed
