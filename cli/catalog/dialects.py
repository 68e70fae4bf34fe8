"""Recognise catalog envelopes (Anthropic, MCP, OpenAI) and build request scopes from them."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from toolsearch.catalog.counts import count_of
from toolsearch.catalog.loader import Document
from toolsearch.catalog.locate import join_pointer, pointer_key
from toolsearch.catalog.model import (
    Dialect,
    InputItem,
    Location,
    MalformedTool,
    McpServer,
    McpToolset,
    Namespace,
    Scope,
    ScopeKind,
    ServerTool,
    Tool,
    ToolReference,
)

REQUEST_KEYS = frozenset(
    {
        "model",
        "messages",
        "max_tokens",
        "system",
        "tool_choice",
        "mcp_servers",
        "input",
        "instructions",
        "max_output_tokens",
        "stream",
        "temperature",
        "metadata",
        "thinking",
    }
)
MCP_RESULT_KEYS = frozenset({"tools", "nextCursor", "_meta", "resultType", "ttlMs", "cacheScope"})
TOOLISH_KEYS = frozenset(
    {"name", "type", "function", "input_schema", "inputSchema", "description", "parameters"}
)
EMPTY_SCHEMA: Mapping[str, Any] = {"type": "object", "properties": {}}

Envelope = Literal["request", "tools", "mcp"]


@dataclass
class ParsedSource:
    """A document recognised as a catalog, before scopes are formed."""

    document: Document
    envelope: Envelope
    tools_pointer: str
    entries: list[Any]
    request: Mapping[str, Any] = field(default_factory=dict)
    always_load: bool | None = None  # a Claude Code server config's alwaysLoad, if written

    @property
    def source(self) -> str:
        return self.document.source


def recognise(document: Document) -> ParsedSource | None:
    """Match a document against the accepted envelopes; None when it is not a catalog."""
    data = document.data
    if isinstance(data, list):
        if not _looks_like_tools(data):
            return None
        kind: Envelope = "mcp" if _all_mcp(data) else "tools"
        return ParsedSource(document, kind, "", data)
    if not isinstance(data, Mapping):
        return None
    result = data.get("result")
    if "tools" not in data and isinstance(result, Mapping) and "tools" in result:
        if isinstance(result["tools"], list) and _looks_like_tools(result["tools"]):
            return ParsedSource(document, "mcp", "/result/tools", result["tools"])
        return None
    tools = data.get("tools")
    if not isinstance(tools, list) or not _looks_like_tools(tools):
        return None
    if REQUEST_KEYS & data.keys():
        return ParsedSource(document, "request", "/tools", tools, request=data)
    if set(data) <= MCP_RESULT_KEYS and _all_mcp(tools):
        return ParsedSource(document, "mcp", "/tools", tools)
    return ParsedSource(document, "tools", "/tools", tools)


def _looks_like_tools(items: list[Any]) -> bool:
    if not items:
        return True
    return any(isinstance(item, Mapping) and TOOLISH_KEYS & item.keys() for item in items)


def _all_mcp(items: list[Any]) -> bool:
    """True when the tools are MCP tool objects (``inputSchema``, no Anthropic-only fields)."""
    anthropic_only = {"input_schema", "defer_loading", "type", "function", "cache_control"}
    return all(
        not isinstance(item, Mapping) or not (anthropic_only & item.keys()) for item in items
    )


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,39}")


def _shown_keys(data: Mapping[Any, Any]) -> str:
    """Up to five keys that look like names; the others only counted (a file that is not a
    catalog may hold anything, a password line included: it is not echoed)."""
    shown = [str(k) for k in data if _PLAIN_KEY.fullmatch(str(k))][:5]
    others = len(data) - len(shown)
    if not shown:
        return count_of(len(data), "key") if data else "no keys"
    more = f" and {others} other key{'s' if others != 1 else ''}" if others else ""
    return ", ".join(shown) + more


def not_a_catalog_message(document: Document) -> str:
    """Why a parsed document was not taken as a catalog."""
    data = document.data
    shape = type(data).__name__
    if isinstance(data, Mapping):
        shape = f"an object with {_shown_keys(data)}"
    elif isinstance(data, list):
        shape = "a list whose items are not tool objects"
    return (
        f"{document.display}: not a tool catalog ({shape}); expected a request body with "
        '"tools", a tools array, or an MCP tools/list result'
    )


def _location(document: Document, pointer: str) -> Location:
    """A location whose line is found later, only if it is printed (Catalog.resolve)."""
    return Location(document.display, pointer)


def request_scope(item: ParsedSource, by_server: Mapping[str, ParsedSource]) -> Scope:
    """A request body, tools array or MCP tools/list as the API sees it: one scope, its
    toolsets' tools deferred by ``configs`` > ``default_config`` > not deferred."""
    scope_name = item.source
    kind: ScopeKind = item.envelope
    tools: list[Tool] = []
    server_tools: list[ServerTool] = []
    toolsets: list[McpToolset] = []
    malformed: list[MalformedTool] = []
    namespaces: list[Namespace] = []
    for index, entry in enumerate(item.entries):
        pointer = f"{item.tools_pointer}/{index}"
        loc = _location(item.document, pointer)
        if isinstance(entry, Mapping) and entry.get("type") == "namespace":
            namespace = _namespace(entry, item, pointer, scope_name)
            namespaces.append(namespace)
            _namespace_tools(entry, namespace, item, pointer, tools, malformed)
            continue
        if isinstance(entry, Mapping) and entry.get("type") == "mcp_toolset":
            server = entry.get("mcp_server_name")
            supplier = by_server.get(str(server)) if isinstance(server, str) else None
            toolset = McpToolset(
                server if isinstance(server, str) else None,
                item.source,
                scope_name,
                loc,
                entry,
                supplier.source if supplier else None,
                supplier.document.display if supplier else None,
                _listed_names(supplier) if supplier else (),
            )
            toolsets.append(toolset)
            if supplier is not None:
                _toolset_tools(supplier, toolset, scope_name, tools, malformed)
            continue
        parsed = parse_entry(entry, item.document, pointer, item.source, scope_name)
        if isinstance(parsed, MalformedTool):
            malformed.append(parsed)
        elif isinstance(parsed, ServerTool):
            server_tools.append(parsed)
        else:
            tools.append(parsed)
    request = item.request
    tool_choice = request.get("tool_choice")
    model = request.get("model")
    return Scope(
        name=scope_name,
        kind=kind,
        sources=(item.source, *(s.source for s in by_server.values() if _in(s, toolsets))),
        files=(item.document.display,),
        tools=tuple(tools),
        server_tools=tuple(server_tools),
        toolsets=tuple(toolsets),
        mcp_servers=tuple(_servers(item, scope_name)),
        references=tuple(_references(item, scope_name)),
        malformed=tuple(malformed),
        model=model if isinstance(model, str) else None,
        tool_choice=tool_choice,
        tool_choice_location=(
            _location(item.document, "/tool_choice") if tool_choice is not None else None
        ),
        system=_system_text(request.get("system")),
        tools_location=_location(item.document, item.tools_pointer),
        request=request,
        namespaces=tuple(namespaces),
        input_items=tuple(_input_items(item)),
    )


def _namespace(
    entry: Mapping[str, Any], item: ParsedSource, pointer: str, scope_name: str
) -> Namespace:
    inner = entry.get("tools")
    return Namespace(
        entry.get("name"),
        entry.get("description"),
        item.source,
        scope_name,
        _location(item.document, pointer),
        entry,
        len(inner) if isinstance(inner, list) else 0,
    )


def _namespace_tools(
    entry: Mapping[str, Any],
    namespace: Namespace,
    item: ParsedSource,
    pointer: str,
    tools: list[Tool],
    malformed: list[MalformedTool],
) -> None:
    """The functions inside an OpenAI namespace, each deferred by its own ``defer_loading``."""
    inner = entry.get("tools")
    if not isinstance(inner, list):
        return
    name = namespace.name if isinstance(namespace.name, str) else None
    for index, member in enumerate(inner):
        parsed = parse_entry(
            member, item.document, f"{pointer}/tools/{index}", item.source, namespace.scope
        )
        if isinstance(parsed, MalformedTool):
            malformed.append(parsed)
        elif isinstance(parsed, Tool):
            tools.append(_replace(parsed, namespace=name))


INPUT_ITEM_TYPES = frozenset({"function_call", "tool_search_call", "tool_search_output"})


def _input_items(item: ParsedSource) -> Iterator[InputItem]:
    """The Responses ``input`` items tool search rules read, in order."""
    items = item.request.get("input")
    if not isinstance(items, list):
        return
    for index, value in enumerate(items):
        if isinstance(value, Mapping) and value.get("type") in INPUT_ITEM_TYPES:
            loc = _location(item.document, f"/input/{index}")
            yield InputItem(str(value["type"]), loc, value)


def _listed_names(source: ParsedSource) -> tuple[str, ...]:
    """Every tool name a source lists, whatever its entry's other fields."""
    names = (entry.get("name") for entry in source.entries if isinstance(entry, Mapping))
    return tuple(name for name in names if isinstance(name, str))


def _in(source: ParsedSource, toolsets: list[McpToolset]) -> bool:
    return any(t.catalog_source == source.source for t in toolsets)


def source_tools(
    item: ParsedSource, scope_name: str, malformed: list[MalformedTool]
) -> Iterator[Tool]:
    """The tools a source lists, read for ``scope_name``; malformed entries go to
    ``malformed``, server tools are left out."""
    for index, entry in enumerate(item.entries):
        pointer = f"{item.tools_pointer}/{index}"
        parsed = parse_entry(entry, item.document, pointer, item.source, scope_name)
        if isinstance(parsed, MalformedTool):
            malformed.append(parsed)
        elif isinstance(parsed, Tool):
            yield parsed


def _toolset_tools(
    supplier: ParsedSource,
    toolset: McpToolset,
    scope_name: str,
    tools: list[Tool],
    malformed: list[MalformedTool],
) -> None:
    """Add a toolset's server tools, applying configs > default_config > defaults."""
    for parsed in source_tools(supplier, scope_name, malformed):
        if toolset.config_for(parsed.name, "enabled", True) is False:
            continue
        deferred = toolset.config_for(parsed.name, "defer_loading", False) is True
        tools.append(_replace(parsed, deferred=deferred, toolset=toolset.server_name))


def _replace(tool: Tool, **changes: Any) -> Tool:
    from dataclasses import replace

    return replace(tool, **changes)


def parse_entry(
    entry: Any, document: Document, pointer: str, source: str, scope: str
) -> Tool | ServerTool | MalformedTool:
    """Read one entry of a tools list."""
    loc = _location(document, pointer)

    def bad(reason: str) -> MalformedTool:
        return MalformedTool(source, scope, loc, reason, entry)

    if not isinstance(entry, Mapping):
        return bad(f"tool entry is {kind_of(entry)}, not an object")
    kind = entry.get("type")
    dialect: Dialect = "anthropic"
    body: Mapping[str, Any] = entry
    schema_key = "input_schema"
    if kind == "function":
        if isinstance(entry.get("function"), Mapping):
            dialect, body, schema_key = "openai-chat", entry["function"], "parameters"
        else:
            dialect, schema_key = "openai-responses", "parameters"
    elif kind not in (None, "custom"):
        if not isinstance(kind, str):
            return bad(f"tool type is {kind_of(kind)}, not a string")
        name = entry.get("server_label") if kind == "mcp" else entry.get("name")
        return ServerTool(
            kind,
            name if isinstance(name, str) else None,
            source,
            scope,
            loc,
            entry,
            entry.get("defer_loading") is True,
        )
    elif "inputSchema" in entry and "input_schema" not in entry:
        dialect, schema_key = "mcp", "inputSchema"
    name = body.get("name")
    if name is None:
        return bad("tool has no name")
    if not isinstance(name, str):
        return bad(f"tool name is {kind_of(name)}, not a string")
    description = body.get("description")
    if description is not None and not isinstance(description, str):
        return bad(f"description of {name!r} is {kind_of(description)}, not a string")
    if schema_key in body:
        schema = body[schema_key]
        if schema is None and dialect.startswith("openai"):
            schema = EMPTY_SCHEMA
    elif dialect.startswith("openai"):
        schema = EMPTY_SCHEMA
    else:
        return bad(f"tool {name!r} has no {schema_key}")
    if not isinstance(schema, Mapping):
        return bad(f"{schema_key} of {name!r} is {kind_of(schema)}, not an object")
    return Tool(
        name=name,
        source=source,
        scope=scope,
        location=loc,
        description=description,
        input_schema=schema,
        raw=entry,
        dialect=dialect,
        deferred=entry.get("defer_loading") is True,
        sent_name=name,
        sent_description=description,
    )


def kind_of(value: Any) -> str:
    """A value's JSON type in words: "an object", "a string", ..."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    return "null" if value is None else type(value).__name__


def _servers(item: ParsedSource, scope: str) -> Iterator[McpServer]:
    servers = item.request.get("mcp_servers")
    if not isinstance(servers, list):
        return
    for index, server in enumerate(servers):
        if isinstance(server, Mapping):
            loc = _location(item.document, f"/mcp_servers/{index}")
            yield McpServer(server.get("name"), server.get("url"), server.get("type"), loc, server)


def _references(item: ParsedSource, scope: str) -> Iterator[ToolReference]:
    """Every ``tool_reference`` block inside ``messages``, wherever it is nested."""
    messages = item.request.get("messages")
    if not isinstance(messages, list):
        return
    stack: list[tuple[Any, str]] = [(messages, "/messages")]
    found: list[ToolReference] = []
    while stack:
        value, pointer = stack.pop()
        if isinstance(value, Mapping):
            if value.get("type") == "tool_reference":
                loc = _location(item.document, pointer)
                found.append(ToolReference(value.get("tool_name"), item.source, scope, loc))
                continue
            for key, child in value.items():
                if isinstance(child, Mapping | list):
                    stack.append((child, pointer + join_pointer(str(key))))
        elif isinstance(value, list):
            for index, child in enumerate(value):
                if isinstance(child, Mapping | list):
                    stack.append((child, f"{pointer}/{index}"))
    found.sort(key=lambda r: pointer_key(r.location.pointer))
    yield from found


def _system_text(system: Any) -> str | None:
    if isinstance(system, str):
        return system
    if isinstance(system, list):
        texts = [b.get("text") for b in system if isinstance(b, Mapping)]
        return "\n".join(t for t in texts if isinstance(t, str)) or None
    return None


def toolset_suppliers(parsed: Sequence[ParsedSource]) -> dict[str, ParsedSource]:
    """The sources that supply an ``mcp_toolset``'s tools, by server name: the source (not a
    request) named as a request's toolset's ``mcp_server_name``."""
    by_server: dict[str, ParsedSource] = {}
    for request in (p for p in parsed if p.envelope == "request"):
        for entry in request.entries:
            if isinstance(entry, Mapping) and entry.get("type") == "mcp_toolset":
                server = entry.get("mcp_server_name")
                for candidate in parsed:
                    if candidate.envelope != "request" and candidate.source == server:
                        by_server[str(server)] = candidate
    return by_server
