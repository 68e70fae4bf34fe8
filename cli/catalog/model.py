"""The catalog model: frozen records every command reads. Deferral is decided here, once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from toolsearch.catalog.claude_code_versions import ClaudeCode

Dialect = Literal["anthropic", "mcp", "openai-chat", "openai-responses"]
ScopeKind = str  # "request", "tools", "mcp", or a host's own (toolsearch.hosts.SCOPE_KINDS)
Target = str  # a name in toolsearch.hosts.HOSTS

SEARCH_TOOL_TYPES = {
    "tool_search_tool_regex_20251119": "regex",
    "tool_search_tool_bm25_20251119": "bm25",
    "tool_search_tool_regex": "regex",
    "tool_search_tool_bm25": "bm25",
}
SEARCH_TOOL_NAMES = {"regex": "tool_search_tool_regex", "bm25": "tool_search_tool_bm25"}
CLAUDE_CODE_SEARCH = "ToolSearch"
CODEX_SEARCH = "tool_search"  # Codex CLI's client-side search tool
OPENAI_SEARCH_TYPE = "tool_search"  # OpenAI Responses' own tool search tool
OPENAI_SCOPE = "openai"  # the request --target openai sends the MCP sources in


@dataclass(frozen=True)
class Location:
    """Where something sits: the file as shown, a JSON Pointer, and a line when known."""

    file: str
    pointer: str
    line: int | None = None
    column: int | None = None


@dataclass(frozen=True)
class Tool:
    """A callable tool definition (custom, MCP or OpenAI function), with effective deferral."""

    name: str
    source: str
    scope: str
    location: Location
    description: str | None
    input_schema: Any
    raw: Mapping[str, Any]
    dialect: Dialect
    deferred: bool
    sent_name: str
    sent_description: str | None
    toolset: str | None = None
    namespace: str | None = None  # the OpenAI namespace (or MCP server) the function sits in

    @property
    def key(self) -> str:
        """Identity as users write it: ``source/name``."""
        return f"{self.source}/{self.name}"

    @property
    def declared_defer_loading(self) -> Any:
        """The tool's own ``defer_loading`` value, as written."""
        return self.raw.get("defer_loading")

    @property
    def always_load(self) -> bool:
        """MCP ``_meta["anthropic/alwaysLoad"]`` is true."""
        meta = self.raw.get("_meta")
        return isinstance(meta, Mapping) and meta.get("anthropic/alwaysLoad") is True


@dataclass(frozen=True)
class ServerTool:
    """A tool entry with a ``type`` other than custom/function: search tools, web search, ..."""

    type: str
    name: str | None
    source: str
    scope: str
    location: Location
    raw: Mapping[str, Any]
    deferred: bool

    @property
    def search_variant(self) -> str | None:
        """``regex`` or ``bm25`` for a tool search tool (by its type), else None."""
        return SEARCH_TOOL_TYPES.get(self.type)

    @property
    def is_search(self) -> bool:
        """True for anything that looks like a tool search tool, valid or not."""
        return self.search_variant is not None or self.type.startswith("tool_search_tool")

    @property
    def is_openai_search(self) -> bool:
        """OpenAI Responses' ``{"type": "tool_search"}`` tool."""
        return self.type == OPENAI_SEARCH_TYPE


@dataclass(frozen=True)
class Namespace:
    """An OpenAI Responses ``namespace`` tool: a named group of functions."""

    name: Any
    description: Any
    source: str
    scope: str
    location: Location
    raw: Mapping[str, Any]
    functions: int  # entries of its ``tools`` array

    @property
    def declared_defer_loading(self) -> Any:
        """``defer_loading`` on the namespace object itself (the API ignores it)."""
        return self.raw.get("defer_loading")


@dataclass(frozen=True)
class InputItem:
    """An item of a Responses request's ``input`` that tool search rules read: a
    ``function_call``, a ``tool_search_call`` or a ``tool_search_output``."""

    type: str
    location: Location
    raw: Mapping[str, Any]

    @property
    def call_id(self) -> Any:
        return self.raw.get("call_id")

    @property
    def name(self) -> Any:
        return self.raw.get("name")

    @property
    def namespace(self) -> Any:
        return self.raw.get("namespace")

    @property
    def execution(self) -> Any:
        return self.raw.get("execution")


@dataclass(frozen=True)
class MalformedTool:
    """An entry of a tools list that cannot be read as a tool."""

    source: str
    scope: str
    location: Location
    reason: str
    raw: Any


@dataclass(frozen=True)
class McpToolset:
    """An ``mcp_toolset`` entry, with the source that supplied its tools when there is one."""

    server_name: str | None
    source: str
    scope: str
    location: Location
    raw: Mapping[str, Any]
    catalog_source: str | None = None
    catalog_file: str | None = None  # the file of the supplying source
    catalog_names: tuple[str, ...] = ()  # every tool name it lists, disabled ones too

    @property
    def keeps_something_loaded(self) -> bool:
        """Whether this toolset, its catalog unknown, keeps any tool loaded: its default config
        leaves tools enabled and loaded, or a per-tool config loads one."""
        default = self.default_config
        if default.get("enabled", True) is not False and default.get("defer_loading") is not True:
            return True
        return any(
            isinstance(config, Mapping)
            and config.get("defer_loading") is False
            and config.get("enabled", True) is not False
            for config in self.configs.values()
        )

    @property
    def defers_something(self) -> bool:
        """Whether this toolset defers any tool, by its default config or a per-tool one."""
        if self.default_config.get("defer_loading") is True:
            return True
        return any(
            isinstance(config, Mapping) and config.get("defer_loading") is True
            for config in self.configs.values()
        )

    @property
    def default_config(self) -> Mapping[str, Any]:
        value = self.raw.get("default_config")
        return value if isinstance(value, Mapping) else {}

    @property
    def configs(self) -> Mapping[str, Any]:
        value = self.raw.get("configs")
        return value if isinstance(value, Mapping) else {}

    def config_for(self, tool: str, key: str, default: Any) -> Any:
        """Per-tool config > default_config > the API's default."""
        per_tool = self.configs.get(tool)
        if isinstance(per_tool, Mapping) and key in per_tool:
            return per_tool[key]
        if key in self.default_config:
            return self.default_config[key]
        return default


@dataclass(frozen=True)
class McpServer:
    """An ``mcp_servers`` entry of a request."""

    name: Any
    url: Any
    type: Any
    location: Location
    raw: Mapping[str, Any]


@dataclass(frozen=True)
class ToolReference:
    """A ``tool_reference`` block found in ``messages``."""

    tool_name: Any
    source: str
    scope: str
    location: Location


@dataclass(frozen=True)
class Scope:
    """What the API would see as one request."""

    name: str
    kind: ScopeKind
    sources: tuple[str, ...]
    files: tuple[str, ...]
    tools: tuple[Tool, ...] = ()
    server_tools: tuple[ServerTool, ...] = ()
    toolsets: tuple[McpToolset, ...] = ()
    mcp_servers: tuple[McpServer, ...] = ()
    references: tuple[ToolReference, ...] = ()
    malformed: tuple[MalformedTool, ...] = ()
    model: str | None = None
    tool_choice: Any = None
    tool_choice_location: Location | None = None
    system: str | None = None
    implicit_search: str | None = None  # Claude Code's ToolSearch, not in any file
    tools_location: Location | None = None  # the request's or file's tools array
    notes: tuple[str, ...] = ()
    request: Mapping[str, Any] = field(default_factory=dict)  # a request body's own fields
    namespaces: tuple[Namespace, ...] = ()
    input_items: tuple[InputItem, ...] = ()
    # sources whose server config's alwaysLoad: false defers every tool (Claude Code 2.1.300+)
    always_load_off: tuple[str, ...] = ()

    @property
    def openai_search_tools(self) -> tuple[ServerTool, ...]:
        """OpenAI ``tool_search`` tools in the request."""
        return tuple(t for t in self.server_tools if t.is_openai_search)

    @property
    def search_tools(self) -> tuple[ServerTool, ...]:
        return tuple(t for t in self.server_tools if t.is_search)

    @property
    def other_server_tools(self) -> tuple[ServerTool, ...]:
        return tuple(t for t in self.server_tools if not t.is_search)

    @property
    def uses_tool_search(self) -> bool:
        """A search tool is present (in the file, or Claude Code's own)."""
        return bool(self.search_tools) or self.implicit_search is not None

    @property
    def loaded_tools(self) -> tuple[Tool, ...]:
        return tuple(t for t in self.tools if not t.deferred)

    @property
    def deferred_tools(self) -> tuple[Tool, ...]:
        return tuple(t for t in self.tools if t.deferred)

    @property
    def unknown_toolsets(self) -> tuple[McpToolset, ...]:
        """Toolsets whose server catalog was not supplied."""
        return tuple(t for t in self.toolsets if t.catalog_source is None)


@dataclass(frozen=True)
class Catalog:
    """Everything read in one run, grouped into scopes."""

    scopes: tuple[Scope, ...]
    target: Target = "api"  # toolsearch.hosts.DEFAULT_TARGET (the model sits below hosts/)
    notes: tuple[str, ...] = field(default=())
    # file as shown -> its locator; lines are found only for what is printed with one
    locators: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    claude_code: ClaudeCode = field(default_factory=ClaudeCode)  # the version previewed

    def resolve(self, location: Location) -> Location:
        """The location with its line and column filled in, when its file can tell them."""
        if location.line is not None:
            return location
        locator = self.locators.get(location.file)
        found = locator.position(location.pointer) if locator is not None else None
        if not found:
            return location
        return Location(location.file, location.pointer, found[0], found[1])

    def subset(self, *scopes: Scope) -> Catalog:
        """A catalog of some scopes, keeping the target and the locators."""
        return Catalog(tuple(scopes), self.target, self.notes, self.locators, self.claude_code)

    @property
    def tools(self) -> tuple[Tool, ...]:
        return tuple(t for s in self.scopes for t in s.tools)

    @property
    def catalog_files(self) -> tuple[str, ...]:
        """The files (as shown) read as catalogs: not those skipped as something else."""
        return tuple(sorted(self.locators))

    @property
    def malformed(self) -> tuple[MalformedTool, ...]:
        return tuple(m for s in self.scopes for m in s.malformed)
