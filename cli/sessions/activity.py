"""What the transcripts show: tool calls per tool and session, and ToolSearch's searches.

Only these fields of an entry are read: ``sessionId``, ``timestamp``, ``cwd`` (for
``--project``), ``version`` (the Claude Code that wrote it), ``message.role`` and
``message.content``; of the content, ``tool_use`` blocks
(``id``, ``name``, and ``input.query`` when the name is ``ToolSearch``, or ``MCPSearch`` as
Claude Code 2.0.73 to early 2.1 named it) and ``tool_result``
blocks answering a ToolSearch call (``tool_use_id``, ``is_error``, and the ``tool_name`` of the
``tool_reference`` blocks in ``content``; ``toolUseResult.matches`` when there are none). No
other text of a message is kept. A subagent's messages are read where real transcripts record
them, inside the parent session's ``progress`` entries (``data.type`` ``agent_progress``,
``data.message.message``); each ``tool_use`` id counts once however many files and entries
repeat it.

A search *loads* the tools its result names. A load is *used* when the session calls that tool
at or after the result (by ``timestamp``; by order in the files when an entry has none), else it
is *speculative*: the tool's definition was paid for and never needed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from toolsearch.catalog.model import CLAUDE_CODE_SEARCH
from toolsearch.retrieval.searchers import SELECT
from toolsearch.sessions.transcripts import Entry

MCP_PREFIX = "mcp__"
# ToolSearch, and MCPSearch: its name in Claude Code 2.0.73 to early 2.1
SEARCH_NAMES = frozenset({CLAUDE_CODE_SEARCH, "MCPSearch"})


_VERSION = re.compile(r"\d+\.\d+\.\d+")  # a version field as Claude Code writes it


@dataclass(frozen=True, slots=True)
class Moment:
    """When something happened: its timestamp when the entry has one, and its place in the
    reading order (which decides when a timestamp is missing)."""

    time: datetime | None
    order: int

    def not_before(self, other: Moment) -> bool:
        if self.time is not None and other.time is not None:
            return self.time >= other.time
        return self.order >= other.order


@dataclass(slots=True)
class _Search:
    session: str
    query: str
    asked: Moment
    place: str
    returned: tuple[str, ...] | None = None  # None: no result was found in the transcripts
    error: bool = False
    answered: Moment | None = None
    version: str | None = None  # the Claude Code version of the entry that asked


@dataclass(slots=True)
class _ToolTally:
    calls: int = 0
    sessions: set[str] = field(default_factory=set)
    last_used: datetime | None = None


@dataclass(slots=True)
class _LastCall:
    latest: Moment  # by timestamp where known
    last_order: int

    def after(self, moment: Moment) -> bool:
        if moment.time is not None and self.latest.time is not None:
            return self.latest.time >= moment.time
        return self.last_order >= moment.order


@dataclass(frozen=True, slots=True)
class ToolUse:
    """One tool as the sessions called it (``name`` as sent: ``mcp__server__tool``)."""

    name: str
    calls: int
    sessions: int
    last_used: datetime | None


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """One ToolSearch call: what it asked, what it loaded, which loads the session used."""

    session: str
    query: str
    place: str  # file:line of the call
    returned: tuple[str, ...] | None  # None: its result is not in the transcripts
    used: tuple[str, ...]  # returned tools the session called at or after the result
    error: bool
    version: str | None = None  # the Claude Code version that ran it (the entry's ``version``)

    @property
    def is_select(self) -> bool:
        return self.query.strip()[: len(SELECT)].lower() == SELECT

    @property
    def found_nothing(self) -> bool:
        return self.returned is not None and not self.returned and not self.error

    @property
    def speculative(self) -> tuple[str, ...]:
        used = frozenset(self.used)  # a set: a result of N tools all called stays linear
        return tuple(n for n in self.returned or () if n not in used)


@dataclass(frozen=True, slots=True)
class Activity:
    """Everything the transcripts held that the report needs."""

    sessions: int
    first: datetime | None
    last: datetime | None
    tools: tuple[ToolUse, ...]  # most called first
    searches: tuple[SearchOutcome, ...]
    session_tools: tuple[frozenset[str], ...]  # per session, the tools it called
    entries: int
    versions: tuple[tuple[str, int], ...] = ()  # (Claude Code version, sessions), most first

    @property
    def calls(self) -> int:
        return sum(t.calls for t in self.tools)


class ActivityReader:
    """Takes entries one at a time and keeps only counts, names, searches and moments."""

    def __init__(self, since: datetime | None = None, project: str | None = None) -> None:
        self.since = since
        self.project = project
        self._order = 0
        self._entries = 0
        self._seen_ids: set[str] = set()
        self._tools: dict[str, _ToolTally] = {}
        self._pending: dict[str, _Search] = {}
        self._searches: list[_Search] = []
        self._last_calls: dict[tuple[str, str], _LastCall] = {}
        self._session_tools: dict[str, set[str]] = {}
        self._first: datetime | None = None
        self._last: datetime | None = None
        self._versions: dict[str, set[str]] = {}  # version -> the sessions that ran it
        self._version: str | None = None  # the entry being read's

    @property
    def accepted(self) -> int:
        """Entries taken so far (within ``--since`` and ``--project``)."""
        return self._entries

    def wanted(self, entry: Entry) -> bool:
        """Within ``--since`` and ``--project``."""
        if self.since is not None and (entry.timestamp is None or entry.timestamp < self.since):
            return False
        if self.project is None:
            return True
        return project_matches(self.project, entry.file.project, entry.data.get("cwd"))

    def add(self, entry: Entry) -> None:
        if not self.wanted(entry):
            return
        self._order += 1
        self._entries += 1
        data = entry.data
        session = data.get("sessionId")
        if not isinstance(session, str) or not session:
            if "leafUuid" in data:  # a summary entry: no session, no tools
                return
            session = entry.file.shown
        self._session_tools.setdefault(session, set())
        moment = Moment(entry.timestamp, self._order)
        if entry.timestamp is not None:
            self._first = min(self._first or entry.timestamp, entry.timestamp)
            self._last = max(self._last or entry.timestamp, entry.timestamp)
        place = f"{entry.file.shown}:{entry.line}"
        version = data.get("version")
        self._version = (
            version if isinstance(version, str) and _VERSION.fullmatch(version) else None
        )
        if self._version is not None:
            self._versions.setdefault(self._version, set()).add(session)
        self._message(data.get("message"), data, session, moment, place)
        progress = data.get("data") if data.get("type") == "progress" else None
        if isinstance(progress, Mapping) and progress.get("type") == "agent_progress":
            # a subagent's messages, recorded only here in the parent session's transcript
            inner = progress.get("message")
            if isinstance(inner, Mapping):
                self._message(inner.get("message"), inner, session, moment, place)

    def _message(
        self, message: Any, data: Mapping[str, Any], session: str, moment: Moment, place: str
    ) -> None:
        """The tool calls and ToolSearch results of one message."""
        if not isinstance(message, Mapping):
            return
        content = message.get("content")
        if not isinstance(content, list):
            return
        role = message.get("role")
        if role == "assistant":
            for block in content:
                if isinstance(block, Mapping) and block.get("type") == "tool_use":
                    self._tool_use(block, session, moment, place)
        elif role == "user" and self._pending:
            for block in content:
                if isinstance(block, Mapping) and block.get("type") == "tool_result":
                    self._tool_result(block, data, moment)

    def _tool_use(self, block: Mapping[str, Any], session: str, moment: Moment, place: str) -> None:
        name = block.get("name")
        if not isinstance(name, str) or not name:
            return
        block_id = block.get("id")
        if isinstance(block_id, str):
            if block_id in self._seen_ids:  # a resumed session repeats earlier entries
                return
            self._seen_ids.add(block_id)
        if name in SEARCH_NAMES:
            arguments = block.get("input")
            query = arguments.get("query") if isinstance(arguments, Mapping) else None
            text = query if isinstance(query, str) else ""
            search = _Search(session, text, moment, place, version=self._version)
            self._searches.append(search)
            if isinstance(block_id, str):
                self._pending[block_id] = search
            return
        tally = self._tools.setdefault(name, _ToolTally())
        tally.calls += 1
        tally.sessions.add(session)
        if moment.time is not None:
            tally.last_used = max(tally.last_used or moment.time, moment.time)
        self._session_tools[session].add(name)
        last = self._last_calls.get((session, name))
        if last is None:
            self._last_calls[session, name] = _LastCall(moment, moment.order)
        else:
            if moment.time is not None and (
                last.latest.time is None or moment.time > last.latest.time
            ):
                last.latest = moment
            last.last_order = max(last.last_order, moment.order)

    def _tool_result(
        self, block: Mapping[str, Any], data: Mapping[str, Any], moment: Moment
    ) -> None:
        search = self._pending.pop(str(block.get("tool_use_id")), None)
        if search is None:
            return
        search.answered = moment
        search.error = block.get("is_error") is True
        search.returned = tuple(dict.fromkeys(_references(block.get("content"))))
        if not search.returned:
            extra = data.get("toolUseResult")
            matches = extra.get("matches") if isinstance(extra, Mapping) else None
            if isinstance(matches, list):
                search.returned = tuple(dict.fromkeys(m for m in matches if isinstance(m, str)))

    def finish(self) -> Activity:
        tools = sorted(
            (
                ToolUse(name, t.calls, len(t.sessions), t.last_used)
                for name, t in self._tools.items()
            ),
            key=lambda u: (-u.calls, -u.sessions, u.name),
        )
        searches = tuple(self._outcome(s) for s in self._searches)
        return Activity(
            sessions=len(self._session_tools),
            first=self._first,
            last=self._last,
            tools=tuple(tools),
            searches=searches,
            session_tools=tuple(frozenset(s) for s in self._session_tools.values()),
            entries=self._entries,
            versions=tuple(
                sorted(
                    ((v, len(s)) for v, s in self._versions.items()),
                    key=lambda p: (-p[1], p[0]),
                )
            ),
        )

    def _outcome(self, search: _Search) -> SearchOutcome:
        loaded_at = search.answered or search.asked
        used = []
        for name in search.returned or ():
            last = self._last_calls.get((search.session, name))
            if last is not None and last.after(loaded_at):
                used.append(name)
        return SearchOutcome(
            search.session,
            search.query,
            search.place,
            search.returned,
            tuple(used),
            search.error,
            search.version,
        )


def _references(content: Any) -> Iterable[str]:
    """The ``tool_name`` of each ``tool_reference`` block of a tool result's content."""
    if not isinstance(content, list):
        return
    for item in content:
        if isinstance(item, Mapping) and item.get("type") == "tool_reference":
            name = item.get("tool_name")
            if isinstance(name, str) and name:
                yield name


def project_matches(wanted: str, folder: str, cwd: Any) -> bool:
    """``--project NAME``: the project folder is NAME or ends with ``-NAME`` (Claude Code
    writes ``/home/me/shop`` as ``-home-me-shop``), or the entry's ``cwd`` is NAME or ends
    with ``/NAME``."""
    if folder == wanted or folder.endswith("-" + wanted.strip("/").replace("/", "-")):
        return True
    if isinstance(cwd, str) and cwd:
        trimmed = cwd.rstrip("/\\")
        return trimmed == wanted.rstrip("/") or trimmed.replace("\\", "/").endswith(
            "/" + wanted.strip("/")
        )
    return False


def server_of(name: str) -> str | None:
    """The MCP server of a sent name (``mcp__github__create_issue`` -> ``github``; a plugin's
    ``mcp__plugin_p_s__t`` -> ``plugin_p_s``), None for Claude Code's own tools."""
    if not name.startswith(MCP_PREFIX):
        return None
    server, sep, tool = name[len(MCP_PREFIX) :].partition("__")
    return server if sep and server and tool else None


def tool_part(name: str) -> str:
    """The tool of a sent name: after the server for MCP tools, else the name itself."""
    server = server_of(name)
    return name[len(MCP_PREFIX) + len(server) + 2 :] if server is not None else name


def load_counts(searches: Iterable[SearchOutcome]) -> tuple[Counter[str], Counter[str]]:
    """Per tool: how often searches loaded it, and how often those loads went unused."""
    loads: Counter[str] = Counter()
    unused: Counter[str] = Counter()
    for search in searches:
        for name in search.returned or ():
            loads[name] += 1
        for name in search.speculative:
            unused[name] += 1
    return loads, unused
