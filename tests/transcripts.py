"""Claude Code transcripts for tests, written in the shape Claude Code writes them.

Each line is an entry: ``parentUuid``, ``isSidechain``, ``userType``, ``cwd``, ``sessionId``,
``version``, ``gitBranch``, ``type``, ``message`` (``role`` and ``content`` blocks), ``uuid``
and ``timestamp``; a tool's result is a ``user`` entry with a ``tool_result`` block and a
``toolUseResult``. ToolSearch answers with ``tool_reference`` blocks, or with the text
"No matching deferred tools found".
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

NO_MATCH = "No matching deferred tools found"


@dataclass
class Session:
    """Builds one session's entries, a minute apart from ``start``."""

    session_id: str
    cwd: str = "/home/dev/shop"
    start: datetime = field(default_factory=lambda: datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    version: str = "2.1.100"  # the Claude Code version each entry names
    entries: list[dict[str, Any]] = field(default_factory=list)
    _clock: int = 0
    _parent: str | None = None
    _ids: int = 0

    def _entry(self, kind: str, message: dict[str, Any], **extra: Any) -> dict[str, Any]:
        self._clock += 1
        moment = self.start + timedelta(minutes=self._clock)
        entry = {
            "parentUuid": self._parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session_id,
            "version": self.version,
            "gitBranch": "main",
            "type": kind,
            "message": message,
            "uuid": str(uuid.uuid4()),
            "timestamp": moment.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            **extra,
        }
        self._parent = entry["uuid"]
        self.entries.append(entry)
        return entry

    def prompt(self, text: str) -> None:
        self._entry("user", {"role": "user", "content": text})

    def _tool_use(self, name: str, arguments: dict[str, Any]) -> str:
        self._ids += 1
        block_id = f"toolu_{self.session_id.replace('-', '')}_{self._ids:03d}"
        self._entry(
            "assistant",
            {
                "id": f"msg_{block_id}",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5-20250929",
                "content": [{"type": "tool_use", "id": block_id, "name": name, "input": arguments}],
                "stop_reason": "tool_use",
                "usage": {"input_tokens": 10, "output_tokens": 5},
            },
            requestId=f"req_{block_id}",
        )
        return block_id

    def _result(self, block_id: str, content: Any, result: Any, error: bool = False) -> None:
        block: dict[str, Any] = {"tool_use_id": block_id, "type": "tool_result", "content": content}
        if error:
            block["is_error"] = True
        self._entry("user", {"role": "user", "content": [block]}, toolUseResult=result)

    def search(self, query: str, found: list[str]) -> None:
        """A ToolSearch call and its result: tool_reference blocks, or the no-match text."""
        block_id = self._tool_use("ToolSearch", {"query": query, "max_results": 5})
        if found:
            content: Any = [{"type": "tool_reference", "tool_name": n} for n in found]
        else:
            content = NO_MATCH
        self._result(block_id, content, {"matches": found, "query": query})

    def call(self, name: str, arguments: dict[str, Any] | None = None) -> None:
        """A tool call and a short text result."""
        block_id = self._tool_use(name, arguments or {})
        self._result(block_id, [{"type": "text", "text": "done"}], {"stdout": "done"})

    def search_as(self, tool: str, query: str, found: list[str]) -> None:
        """A search by another name of the tool (``MCPSearch``, Claude Code 2.0.73 to 2.1)."""
        block_id = self._tool_use(tool, {"query": query, "max_results": 5})
        content = [{"type": "tool_reference", "tool_name": n} for n in found]
        self._result(block_id, content, {"matches": found, "query": query})

    def subagent_calls(self, agent: str, names: list[str], repeats: int = 2) -> None:
        """A Task call whose subagent calls ``names``: Claude Code records the subagent's
        messages only in ``progress`` entries of this session (``data.type`` agent_progress,
        ``data.message.message``), and writes each one ``repeats`` times as the agent runs."""
        task = self._tool_use("Task", {"subagent_type": "general-purpose", "prompt": "look"})
        for index, name in enumerate(names, 1):
            block_id = f"toolu_{agent}_{index:03d}"
            inner = {
                "type": "assistant",
                "message": {
                    "model": "claude-haiku-4-5-20251001",
                    "id": f"msg_{block_id}",
                    "type": "message",
                    "role": "assistant",
                    "content": [{"type": "tool_use", "id": block_id, "name": name, "input": {}}],
                    "stop_reason": "tool_use",
                },
                "requestId": f"req_{block_id}",
                "uuid": str(uuid.uuid4()),
                "timestamp": "2026-11-02T09:00:00.000Z",
            }
            for _ in range(repeats):
                self._progress(task, agent, inner)
        self._result(task, [{"type": "text", "text": "done"}], {"status": "completed"})

    def _progress(self, task: str, agent: str, inner: dict[str, Any]) -> None:
        entry = self._entry("progress", {"role": "assistant", "content": []})
        del entry["message"]
        entry["data"] = {
            "type": "agent_progress",
            "prompt": "look",
            "agentId": agent,
            "message": inner,
            "normalizedMessages": [],
        }
        entry["toolUseID"] = f"agent_msg_{agent}"
        entry["parentToolUseID"] = task

    def say(self, text: str) -> None:
        self._entry(
            "assistant",
            {"role": "assistant", "type": "message", "content": [{"type": "text", "text": text}]},
        )

    def lines(self) -> str:
        return "".join(json.dumps(e) + "\n" for e in self.entries)


def write_sessions(projects: Path, project: str, *sessions: Session) -> list[Path]:
    """Write each session as ``<projects>/<project>/<sessionId>.jsonl``."""
    folder = projects / project
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for session in sessions:
        path = folder / f"{session.session_id}.jsonl"
        path.write_text(session.lines(), encoding="utf-8")
        paths.append(path)
    return paths
