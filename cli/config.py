"""Configuration: ``.toolsearch.yaml`` or ``[tool.toolsearch]`` in ``pyproject.toml``."""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolsearch.catalog.loader import DEFAULT_MAX_FILE_SIZE, MAX_DEPTH, load_yaml, read_text_capped
from toolsearch.catalog.walk import MAX_FOLDER_DEPTH
from toolsearch.errors import ConfigError, InputError, UsageError
from toolsearch.hosts import TARGETS as TARGETS
from toolsearch.hosts.platforms import PLATFORM_NAMES
from toolsearch.retrieval.mode_names import MODES, listed

TOP_KEYS = (
    "catalog",
    "target",
    "model",
    "context-window",
    "max-file-size",
    "max-values",
    "max-folder-depth",
    "budget",
    "rules",
    "select",
    "extend-select",
    "ignore",
    "search",
    "claude-code",
    "platform",
    "api-version",
    "codex",
    "probe",
)
BUDGET_KEYS = ("max-upfront", "max-increase")
SEARCH_KEYS = ("mode", "limit")
CLAUDE_CODE_KEYS = ("tool-search", "version", "max-mcp-description-length")
CODEX_KEYS = ("multi-agent",)
PROBE_KEYS = ("target", "model", "api-key-env", "api-version", "beta")
PROBE_TARGETS = ("api", "openai")  # the hosts probe speaks to (Messages, Responses)
ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
IGNORE_KEYS = ("rule", "path", "tool")
SEARCH_MODES = MODES  # the search modes by name (retrieval.mode_names)
SECTIONS = (
    "budget",
    "search",
    "claude-code",
    "codex",
    "probe",
)  # the keys whose values are mappings
YAML_NAME = ".toolsearch.yaml"
_VERSION = re.compile(r"\d+\.\d+\.\d+")
MAX_FILE_SIZE_LIMIT = 16 << 30


@dataclass(frozen=True)
class Config:
    """Settings from a config file; every field is optional."""

    path: Path | None = None
    base: Path = field(default_factory=Path.cwd)
    catalog: tuple[str, ...] = ()
    target: str | None = None
    model: str | None = None
    context_window: int | None = None
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    max_values: int | None = None  # values one document may hold; None: one per 8 bytes
    max_folder_depth: int = MAX_FOLDER_DEPTH  # folder levels -r, ** and transcript folders walk
    max_upfront: int | None = None
    max_increase: int | None = None
    rules: Mapping[str, Any] = field(default_factory=dict)
    select: tuple[str, ...] | None = None  # rule selectors; None: every rule
    extend_select: tuple[str, ...] = ()
    ignore: tuple[Mapping[str, Any], ...] = ()
    search_mode: str | None = None
    search_limit: int | None = None
    claude_code_tool_search: str | None = None  # ENABLE_TOOL_SEARCH's values
    claude_code_version: str | None = None  # the Claude Code version previewed (X.Y.Z)
    # CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH (read by Claude Code 2.1.280 and later)
    claude_code_max_description_length: int | None = None
    platform: str | None = None  # where Claude is served (hosts.platforms); None: the Claude API
    api_version: str | None = None  # the anthropic-version requests are sent with
    codex_multi_agent: bool = True  # Codex's multi_agent feature: its own tools are deferred
    probe_target: str | None = None  # probe: {target, model, api-key-env, api-version, beta}
    probe_model: str | None = None
    probe_api_key_env: str | None = None
    probe_api_version: str | None = None
    probe_beta: tuple[str, ...] = ()
    given: frozenset[str] = frozenset()  # the keys the file sets, dotted ("budget.max-upfront")

    @property
    def where(self) -> str:
        return str(self.path) if self.path else "config"


def suggest(word: str, choices: tuple[str, ...] | list[str]) -> str:
    """A ' (did you mean "x"?)' suffix, or ''."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f' (did you mean "{close[0]}"?)' if close else ""


def find_config(start: Path) -> Path | None:
    """Walk up from ``start``; the nearest folder with a config wins (YAML before pyproject)."""
    for folder in (start, *start.parents):
        candidate = folder / YAML_NAME
        if candidate.is_file():
            return candidate
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_tool_table(pyproject):
            return pyproject
    return None


def _has_tool_table(pyproject: Path) -> bool:
    """Whether a pyproject.toml has ``[tool.toolsearch]``. One that cannot be read (too large,
    not UTF-8) or parsed (invalid, too deep) is passed over, unless its text names that table:
    then its error is the user's to see."""
    try:
        text = read_text_capped(pyproject, str(pyproject))
    except InputError:
        return False
    try:
        data = _toml(text, pyproject)
    except ConfigError:
        if "[tool.toolsearch" in text:
            raise
        return False
    tool = data.get("tool")
    return isinstance(tool, dict) and "toolsearch" in tool


def load_config(
    explicit: Path | None = None, start: Path | None = None, max_values: int | None = None
) -> Config:
    """Load the config named by ``--config``, else the one found by walking up; a YAML config
    may hold at most ``max_values`` values (None: the default for its size)."""
    path = explicit if explicit is not None else find_config(start or Path.cwd())
    if path is None:
        return Config()
    if not path.is_file():
        raise ConfigError(f"{path}: config file not found")
    try:
        text = read_text_capped(path, str(path))
        if path.name == "pyproject.toml" or path.suffix == ".toml":
            data: Any = _toml(text, path)
            if path.name == "pyproject.toml":
                data = data.get("tool", {}).get("toolsearch", {})
        else:
            data = load_yaml(text, str(path), allow_empty=True, max_values=max_values)[0] or {}
    except InputError as error:  # the catalog loader's limits, worded for a config
        raise ConfigError(str(error)) from None
    return parse_config(data, path)


def _toml(text: str, path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(f"{path}: nesting is too deep (limit {MAX_DEPTH})") from None
    except ValueError as error:  # an integer longer than Python converts
        raise ConfigError(f"{path}: cannot read a value: {error}; correct it in the file") from None


def parse_config(data: Any, path: Path) -> Config:
    """Validate config data; unknown keys are errors with a suggestion."""
    where = str(path)
    if not isinstance(data, Mapping):
        raise ConfigError(f"{where}: config must be a mapping of keys to values")
    _check_keys(data, TOP_KEYS, where, "")
    catalog = data.get("catalog", ())
    if isinstance(catalog, str):
        catalog = (catalog,)
    if not isinstance(catalog, list | tuple) or not all(isinstance(c, str) for c in catalog):
        raise ConfigError(f"{where}: catalog must be a path or a list of paths")
    target = _optional(data, "target", str, where)
    if target is not None and target not in TARGETS:
        raise ConfigError(
            f"{where}: target must be one of {', '.join(TARGETS)}{suggest(target, TARGETS)}"
        )
    budget = data.get("budget", {}) or {}
    if not isinstance(budget, Mapping):
        raise ConfigError(f"{where}: budget must be a mapping")
    _check_keys(budget, BUDGET_KEYS, where, "budget.")
    search = data.get("search", {}) or {}
    if not isinstance(search, Mapping):
        raise ConfigError(f"{where}: search must be a mapping")
    _check_keys(search, SEARCH_KEYS, where, "search.")
    mode = _optional(search, "mode", str, where, "search.")
    if mode is not None and mode not in SEARCH_MODES:
        raise ConfigError(
            f"{where}: search.mode must be {listed(SEARCH_MODES)}{suggest(mode, SEARCH_MODES)}"
        )
    claude_code = data.get("claude-code", {}) or {}
    if not isinstance(claude_code, Mapping):
        raise ConfigError(f"{where}: claude-code must be a mapping")
    _check_keys(claude_code, CLAUDE_CODE_KEYS, where, "claude-code.")
    tool_search = claude_code.get("tool-search")
    if isinstance(tool_search, bool):  # YAML reads true/false as booleans
        tool_search = "true" if tool_search else "false"
    if tool_search is not None and not isinstance(tool_search, str):
        raise ConfigError(f"{where}: claude-code.tool-search must be true, false, auto or auto:N")
    claude_code_version = claude_code.get("version")
    if claude_code_version is not None and (
        not isinstance(claude_code_version, str) or not _VERSION.fullmatch(claude_code_version)
    ):
        raise ConfigError(
            f"{where}: claude-code.version must be a Claude Code version such as 2.1.332 "
            "(quote it in YAML)"
        )
    codex = data.get("codex", {}) or {}
    if not isinstance(codex, Mapping):
        raise ConfigError(f"{where}: codex must be a mapping")
    _check_keys(codex, CODEX_KEYS, where, "codex.")
    multi_agent = codex.get("multi-agent")
    if multi_agent is not None and not isinstance(multi_agent, bool):
        raise ConfigError(f"{where}: codex.multi-agent must be true or false")
    probe = _probe_section(data, where)
    rules = data.get("rules", {}) or {}
    if not isinstance(rules, Mapping):
        raise ConfigError(f"{where}: rules must be a mapping of rule id to level or options")
    ignore = data.get("ignore", []) or []
    if not isinstance(ignore, list):
        raise ConfigError(f"{where}: ignore must be a list of {{rule, path, tool}} entries")
    for index, entry in enumerate(ignore):
        if not isinstance(entry, Mapping) or not entry:
            raise ConfigError(f"{where}: ignore[{index}] must be a mapping with rule, path or tool")
        _check_keys(entry, IGNORE_KEYS, where, f"ignore[{index}].")
    select = _selectors(data, "select", where)
    extend_select = _selectors(data, "extend-select", where)
    max_file_size = _positive(data, "max-file-size", where)
    if max_file_size is not None and max_file_size > MAX_FILE_SIZE_LIMIT:
        raise ConfigError(
            f"{where}: max-file-size must be at most {MAX_FILE_SIZE_LIMIT:,} bytes (16 GiB)"
        )
    return Config(
        path=path,
        base=path.parent,
        catalog=tuple(catalog),
        target=target,
        model=_optional(data, "model", str, where),
        context_window=_positive(data, "context-window", where),
        max_file_size=max_file_size if max_file_size is not None else DEFAULT_MAX_FILE_SIZE,
        max_values=_positive(data, "max-values", where),
        max_folder_depth=_positive(data, "max-folder-depth", where) or MAX_FOLDER_DEPTH,
        max_upfront=_positive(budget, "max-upfront", where, "budget."),
        max_increase=_optional(budget, "max-increase", int, where, "budget."),
        rules=dict(rules),
        select=select,
        extend_select=extend_select or (),
        ignore=tuple(dict(e) for e in ignore),
        search_mode=mode,
        search_limit=_positive(search, "limit", where, "search."),
        claude_code_tool_search=tool_search,
        claude_code_version=claude_code_version,
        claude_code_max_description_length=_positive(
            claude_code, "max-mcp-description-length", where, "claude-code."
        ),
        platform=_platform(data, where),
        api_version=_api_version(data, where),
        codex_multi_agent=multi_agent is not False,
        probe_target=_optional(probe, "target", str, where, "probe."),
        probe_model=_optional(probe, "model", str, where, "probe."),
        probe_api_key_env=_optional(probe, "api-key-env", str, where, "probe."),
        probe_api_version=_optional(probe, "api-version", str, where, "probe."),
        probe_beta=_probe_beta(probe, where),
        given=frozenset(_given(data)),
    )


def _probe_section(data: Mapping[str, Any], where: str) -> Mapping[str, Any]:
    """``probe:`` (issue 30): the probe's host, model, key variable, API version and betas."""
    probe = data.get("probe", {}) or {}
    if not isinstance(probe, Mapping):
        raise ConfigError(f"{where}: probe must be a mapping")
    _check_keys(probe, PROBE_KEYS, where, "probe.")
    target = probe.get("target")
    if target is not None and target not in PROBE_TARGETS:
        raise ConfigError(f"{where}: probe.target must be api or openai")
    key_env = probe.get("api-key-env")
    if key_env is not None and not (isinstance(key_env, str) and ENV_NAME.match(key_env)):
        raise ConfigError(  # a key written here by mistake: never echo it
            f"{where}: probe.api-key-env takes the name of an environment variable (letters, "
            "digits and _), not a key; the value given is not shown"
        )
    return probe


def _probe_beta(probe: Mapping[str, Any], where: str) -> tuple[str, ...]:
    beta = probe.get("beta")
    if beta is None:
        return ()
    items = [beta] if isinstance(beta, str) else beta
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        raise ConfigError(f"{where}: probe.beta must be a beta header value or a list of them")
    return tuple(items)


def _given(data: Mapping[str, Any]) -> list[str]:
    """The keys a config sets, sections' keys dotted (``budget.max-upfront``)."""
    found = []
    for key, value in data.items():
        if value is None:
            continue
        found.append(str(key))
        if key in SECTIONS and isinstance(value, Mapping):
            found.extend(f"{key}.{inner}" for inner, v in value.items() if v is not None)
    return found


def _selectors(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...] | None:
    """``select``/``extend-select``: a list of rule selectors, or one comma-separated text."""
    value = data.get(key)
    if value is None:
        return None
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        raise ConfigError(
            f"{where}: {key} must be a list of rule ids, globs, levels or ALL "
            f"(e.g. {key}: [ALL] or {key}: ['*-tool-name', error])"
        )
    return tuple(w.strip() for item in items for w in item.split(",") if w.strip())


def _check_keys(data: Mapping[str, Any], allowed: tuple[str, ...], where: str, prefix: str) -> None:
    for key in data:
        if key not in allowed:
            raise ConfigError(
                f'{where}: unknown key "{prefix}{key}"{suggest(str(key), allowed)}; '
                f"valid keys: {', '.join(prefix + k for k in allowed)}"
            )


def _optional(data: Mapping[str, Any], key: str, kind: type, where: str, prefix: str = "") -> Any:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ConfigError(f"{where}: {prefix}{key} must be {'a number' if kind is int else 'text'}")
    return value


def _positive(data: Mapping[str, Any], key: str, where: str, prefix: str = "") -> int | None:
    value = _optional(data, key, int, where, prefix)
    if value is not None and value <= 0:
        raise ConfigError(f"{where}: {prefix}{key} must be a positive number")
    return value  # type: ignore[no-any-return]


def _platform(data: Mapping[str, Any], where: str) -> str | None:
    platform = _optional(data, "platform", str, where)
    if platform is not None and platform not in PLATFORM_NAMES:
        raise ConfigError(
            f"{where}: platform must be one of {', '.join(PLATFORM_NAMES)}"
            f"{suggest(platform, PLATFORM_NAMES)}"
        )
    return platform  # type: ignore[no-any-return]


def _api_version(data: Mapping[str, Any], where: str) -> str | None:
    """``api-version``: a date, as the anthropic-version header takes (YAML may read it as one)."""
    value = data.get("api-version")
    if value is None:
        return None
    text = value.isoformat() if hasattr(value, "isoformat") else value
    try:
        return checked_api_version(text, "api-version")
    except UsageError as error:
        raise ConfigError(f"{where}: {error}") from None


def checked_api_version(value: Any, name: str) -> str:
    """An API version: a date, YYYY-MM-DD."""
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise UsageError(f"{name} must be a date such as 2023-06-01 or 2026-10-21")
    return value
