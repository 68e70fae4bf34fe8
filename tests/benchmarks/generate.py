"""Generate realistic synthetic tool catalogs of any size for benchmarks."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

SERVICES = [
    "github",
    "slack",
    "jira",
    "notion",
    "linear",
    "sentry",
    "stripe",
    "gmail",
    "calendar",
    "drive",
    "dropbox",
    "hubspot",
    "salesforce",
    "zendesk",
    "asana",
    "trello",
    "figma",
    "aws",
    "gcp",
    "azure",
    "postgres",
    "redis",
    "mongo",
    "kafka",
    "datadog",
    "grafana",
    "pagerduty",
]
VERBS = ["get", "list", "create", "update", "delete", "search", "archive", "export", "sync"]
OBJECTS = [
    "issue",
    "message",
    "channel",
    "user",
    "page",
    "event",
    "invoice",
    "file",
    "comment",
    "project",
    "ticket",
    "alert",
    "dashboard",
    "record",
    "report",
    "branch",
    "review",
    "task",
]
WORDS = [
    "returns",
    "the",
    "matching",
    "items",
    "with",
    "their",
    "identifiers",
    "titles",
    "owners",
    "status",
    "and",
    "timestamps",
    "use",
    "this",
    "when",
    "the",
    "user",
    "asks",
    "about",
    "recent",
    "activity",
    "filters",
    "are",
    "optional",
    "results",
    "are",
    "paginated",
    "and",
    "sorted",
    "by",
    "update",
    "time",
    "newest",
    "first",
    "requires",
    "read",
    "access",
    "to",
    "the",
    "workspace",
]


def make_tool(index: int, rng: random.Random) -> dict[str, Any]:
    service = SERVICES[index % len(SERVICES)]
    verb = VERBS[(index // len(SERVICES)) % len(VERBS)]
    obj = OBJECTS[(index // (len(SERVICES) * len(VERBS))) % len(OBJECTS)]
    name = f"{service}_{verb}_{obj}_{index}"
    sentence = " ".join(rng.choice(WORDS) for _ in range(rng.randint(25, 60)))
    description = f"{verb.capitalize()} a {service} {obj}. {sentence.capitalize()}."
    properties: dict[str, Any] = {}
    for p in range(rng.randint(2, 6)):
        kind = rng.choice(["string", "integer", "boolean", "array"])
        prop: dict[str, Any] = {"type": kind, "description": f"The {obj} {rng.choice(WORDS)} {p}"}
        if kind == "array":
            prop["items"] = {"type": "string"}
        properties[f"{rng.choice(WORDS)}_{p}"] = prop
    return {
        "name": name,
        "description": description,
        "input_schema": {
            "type": "object",
            "properties": properties,
            "required": [next(iter(properties))],
        },
        "defer_loading": index >= 4,
    }


def make_catalog(count: int, seed: int = 7) -> dict[str, Any]:
    """An Anthropic request body with a BM25 search tool and ``count`` tools (4 loaded)."""
    rng = random.Random(seed)
    tools: list[dict[str, Any]] = [
        {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    ]
    tools.extend(make_tool(i, rng) for i in range(count))
    return {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": tools}


def write_catalog(folder: Path, count: int) -> Path:
    path = folder / f"catalog-{count}.json"
    if not path.exists():
        path.write_text(json.dumps(make_catalog(count), indent=1))
    return path


def shared_request(catalogs: Path) -> dict[str, Any] | None:
    """One request body holding every tool of the shared MCP catalogs (``server_tool`` names,
    4 loaded, the rest deferred), or None when the folder is absent."""
    if not catalogs.is_dir():
        return None
    tools: list[dict[str, Any]] = [
        {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    ]
    for path in sorted(catalogs.glob("*.json")):
        listed = json.loads(path.read_text(encoding="utf-8")).get("tools")
        for tool in listed if isinstance(listed, list) else []:
            name = re.sub(r"[^A-Za-z0-9_-]", "_", f"{path.stem}_{tool['name']}")[:64]
            tools.append(
                {
                    "name": name,
                    "description": tool.get("description", ""),
                    "input_schema": tool.get("inputSchema", {"type": "object"}),
                    "defer_loading": len(tools) > 4,
                }
            )
    return {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": tools}


def write_shared_request(folder: Path, catalogs: Path) -> Path | None:
    """``shared_request`` written to a file, or None."""
    body = shared_request(catalogs)
    if body is None:
        return None
    path = folder / "shared-request.json"
    path.write_text(json.dumps(body, indent=1), encoding="utf-8")
    return path
