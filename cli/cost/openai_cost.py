"""What a Responses request costs under ``--target openai``, counted with o200k_base.

OpenAI's guide says what the model sees (hosts-facts.md §1.1): a loaded function in full; a
deferred function's name and description upfront, its schema on demand; for a namespace or an MCP
server only its name and description. So each function's row holds its full definition (what a
search loads) and, when it stands alone, its name and description (what it costs while deferred);
a namespaced function costs nothing upfront while deferred, and each namespace is a row of its own
(its name and description, always sent). OpenAI publishes no per-tool overhead: none is added.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from toolsearch.catalog.model import OPENAI_SCOPE, Catalog, Scope, ServerTool, Tool
from toolsearch.cost.models import ModelInfo
from toolsearch.cost.o200k import O200K_NAME, O200kCounter
from toolsearch.cost.openai_models import NO_OVERHEAD_NOTE
from toolsearch.cost.tokens import Method, TokenCounter

HOSTED_SEARCH_JSON = '{"type":"tool_search"}'


def _compact(value: Mapping[str, Any]) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)


def function_json(tool: Tool) -> str:
    """The function as the Responses API takes it: type, name, description, parameters."""
    body: dict[str, Any] = {"type": "function", "name": tool.sent_name}
    if tool.sent_description is not None:
        body["description"] = tool.sent_description
    body["parameters"] = tool.input_schema
    return _compact(body)


def stub_json(name: Any, description: Any, kind: str = "function") -> str:
    """What the model sees of a deferred function, a namespace or an MCP server."""
    body: dict[str, Any] = {"type": kind, "name": name}
    if isinstance(description, str):
        body["description"] = description
    return _compact(body)


def hosted_search_tokens() -> float:
    """What a hosted ``{"type": "tool_search"}`` entry costs, counted."""
    return float(O200kCounter().count_many([HOSTED_SEARCH_JSON])[0])


NAMES_ONLY = (
    f"{NO_OVERHEAD_NOTE}: none is added (assumed 0); a deferred tool costs nothing counted "
    "upfront (its name alone stays, not counted)"
)


def openai_method(model: ModelInfo) -> Method:
    """The method line under ``--target openai``."""
    return Method(
        O200K_NAME,
        "openai",
        f"{NO_OVERHEAD_NOTE}: none is added (assumed 0); a deferred function costs its name "
        "and description upfront, a namespaced one nothing but its namespace's name and "
        "description",
        "low",
        counted="compact JSON of each function (type, name, description, parameters)",
    )


@dataclass(frozen=True)
class NamespaceStub:
    """A namespace the request sends, and the JSON of what the model sees of it."""

    name: str
    source: str
    file: str
    pointer: str
    text: str


def namespace_stubs(scope: Scope) -> list[NamespaceStub]:
    """Each namespace the scope sends: its namespace objects, and under ``--target openai``
    each MCP source's own namespace (named after the source, no description)."""
    found = [
        NamespaceStub(
            str(n.name),
            n.source,
            n.location.file,
            n.location.pointer,
            stub_json(n.name, n.description, "namespace"),
        )
        for n in scope.namespaces
    ]
    if scope.kind == OPENAI_SCOPE:
        first: dict[str, Tool] = {}
        for tool in scope.tools:
            if tool.namespace is not None:
                first.setdefault(tool.namespace, tool)
        for name, tool in first.items():
            pointer = tool.location.pointer.rsplit("/", 1)[0]
            text = stub_json(name, None, "namespace")
            found.append(NamespaceStub(name, tool.source, tool.location.file, pointer, text))
    return found


def search_json(scope: Scope) -> list[str]:
    """The ``tool_search`` tools the request sends (a hosted one is implied for an MCP source)."""
    texts = [_compact(dict(t.raw)) for t in scope.openai_search_tools]
    if not texts and scope.implicit_search:
        texts.append(HOSTED_SEARCH_JSON)
    return texts


def count_scope(
    scope: Scope, counter: TokenCounter | None
) -> tuple[list[tuple[Tool, int, int]], list[tuple[ServerTool, int, int]], list[int], int]:
    """o200k counts: per tool (full, upfront while deferred), per other server tool (JSON,
    upfront while deferred), per namespace, and the search tools together."""
    count = (counter or O200kCounter()).count_many
    tools = list(scope.tools)
    servers = [t for t in scope.other_server_tools if not t.is_openai_search]
    texts = [function_json(t) for t in tools]
    texts += [stub_json(t.sent_name, t.sent_description) for t in tools]
    texts += [_compact(dict(t.raw)) for t in servers]
    texts += [
        stub_json(t.name, t.raw.get("server_description"), t.type) if t.type == "mcp" else ""
        for t in servers
    ]
    stubs = namespace_stubs(scope)
    texts += [s.text for s in stubs]
    searches = search_json(scope)
    texts += searches
    counts = count(texts)
    n, m = len(tools), len(servers)
    full, alone = counts[:n], counts[n : 2 * n]
    server_full, server_stub = counts[2 * n : 2 * n + m], counts[2 * n + m : 2 * n + 2 * m]
    rest = counts[2 * n + 2 * m :]
    tool_counts = [
        (t, f, 0 if t.namespace is not None else a)
        for t, f, a in zip(tools, full, alone, strict=True)
    ]
    server_counts = list(zip(servers, server_full, server_stub, strict=True))
    return tool_counts, server_counts, rest[: len(stubs)], sum(rest[len(stubs) :])


def openai_notes(scope: Scope, catalog: Catalog) -> list[str]:
    """What the figures of an OpenAI scope assume."""
    notes = [
        f"{NO_OVERHEAD_NOTE}: none is added; a deferred function's schema is counted only in "
        "all_loaded (it loads on demand)"
    ]
    if scope.kind == OPENAI_SCOPE and scope.tools:
        notes.append(
            "each MCP source is sent as one namespace named after it, with a hosted "
            "tool_search; its functions are deferred unless kept loaded (alwaysLoad)"
        )
    return notes
