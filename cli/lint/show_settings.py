"""``lint --show-settings``: the merged settings a lint run would use, each with where its value
came from (a flag, the config file, the environment, or the default)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolsearch.config import Config
from toolsearch.hosts import DEFAULT_TARGET
from toolsearch.hosts.platforms import DEFAULT_PLATFORM, PlatformFlags
from toolsearch.lint.lint_run import LintOptions
from toolsearch.lint.rule_contract import as_config
from toolsearch.lint.rule_settings import all_rules, settings
from toolsearch.lint.selection import words


@dataclass(frozen=True)
class Setting:
    """One setting: its key, its value in words, and where the value came from."""

    key: str
    value: str
    origin: str


@dataclass(frozen=True)
class SettingsReport:
    """What ``--show-settings`` shows: the config file, the settings, then every rule."""

    config_file: str | None
    settings: tuple[Setting, ...]
    rules: tuple[Setting, ...]


def show_settings(
    config: Config,
    options: LintOptions,
    target: str | None,
    fmt_given: bool,
    environ: Mapping[str, str],
    flags: PlatformFlags | None = None,
    claude_code_version: str | None = None,
    max_values: int | None = None,
) -> SettingsReport:
    """The settings of a lint run with these flags and this config, and their origins."""
    from toolsearch.catalog.claude_code_versions import (
        choose_version,
        description_length_setting,
    )
    from toolsearch.catalog.tool_search_mode import choose_mode
    from toolsearch.cost.host_models import resolve_for
    from toolsearch.hosts import host_named

    in_file = f"config {config.where}"

    def origin(key: str, flag: str | None = None, given: object = None) -> str:
        if flag is not None and given is not None:
            return flag
        return in_file if key in config.given else "default"

    mode = choose_mode(options.claude_code_tool_search, config.claude_code_tool_search, environ)
    mode_origin = {"config claude-code.tool-search": in_file}.get(mode.origin, mode.origin)
    version = choose_version(
        claude_code_version,
        config.claude_code_version,
        config.claude_code_max_description_length,
        environ,
    )
    version_origin = {"config": in_file}.get(version.origin, version.origin)
    length_origin = version.description_length_origin
    length_origin = in_file if length_origin.startswith("config") else length_origin
    fmt_origin = (
        "--format"
        if fmt_given
        else ("GITHUB_ACTIONS=true" if options.fmt == "github" else "default")
    )
    select = words(options.select) or list(config.select or ("ALL",))
    select_origin = "--select" if options.select else origin("select")
    extend = [*config.extend_select, *words(options.extend_select)]
    chosen_target = target or config.target or DEFAULT_TARGET
    host = host_named(chosen_target)
    default_model = host.default_model
    default_window = resolve_for(host.name, None)[0].context_window
    window = f"{default_window:,}" if default_window else "not published"
    rows = [
        Setting("catalog", ", ".join(config.catalog) or "(none: name sources)", origin("catalog")),
        Setting("target", chosen_target, origin("target", "--target", target)),
        Setting(
            "model",
            options.model or config.model or f"{default_model} (unless a request names one)",
            origin("model", "--model", options.model),
        ),
        Setting(
            "context-window",
            f"{config.context_window:,}" if config.context_window else window,
            origin("context-window"),
        ),
        Setting("max-file-size", f"{config.max_file_size:,} bytes", origin("max-file-size")),
        Setting(
            "max-values",
            f"{config.max_values:,}" if config.max_values else "one per 8 bytes (at least 100,000)",
            origin("max-values", "--max-values", max_values),
        ),
        Setting("budget.max-upfront", _number(config.max_upfront), origin("budget.max-upfront")),
        Setting("claude-code.tool-search", mode.text or "true", mode_origin),
        Setting("claude-code.version", version.version, version_origin),
        Setting(
            "claude-code.max-mcp-description-length",
            description_length_setting(version),
            length_origin,
        ),
        Setting(
            "platform",
            config.platform or DEFAULT_PLATFORM,
            origin("platform", "--platform", flags and flags.platform),
        ),
        Setting(
            "api-version",
            config.api_version or "(none: the SDK's)",
            origin("api-version", "--api-version", flags and flags.api_version),
        ),
        Setting("format", options.fmt, fmt_origin),
        Setting(
            "fail-on", options.fail_on, "--fail-on" if options.fail_on != "error" else "default"
        ),
        Setting("select", ", ".join(select), select_origin),
        Setting(
            "extend-select",
            ", ".join(extend) or "(none)",
            _joined(
                bool(config.extend_select) and in_file,
                bool(options.extend_select) and "--extend-select",
            ),
        ),
        Setting(
            "--ignore",
            ", ".join(words(options.ignore)) or "(none)",
            "--ignore" if options.ignore else "default",
        ),
        Setting(
            "ignore (suppressions)",
            "; ".join(_entry(e) for e in config.ignore) or "(none)",
            origin("ignore"),
        ),
        Setting(
            "baseline",
            str(options.baseline) if options.baseline else "(none)",
            "--baseline" if options.baseline else "default",
        ),
    ]
    origins: dict[str, str] = {}
    chosen = settings(config, options.select, options.ignore, options.extend_select, origins)
    rules = []
    for rule in all_rules():
        setting = chosen[rule.ID]
        level = setting.level.label if setting.level else "off"
        shown = ", ".join(f"{k}: {_value(v)}" for k, v in as_config(setting.options).items())
        rules.append(Setting(rule.ID, f"{level} ({shown})" if shown else level, origins[rule.ID]))
    return SettingsReport(str(config.path) if config.path else None, tuple(rows), tuple(rules))


def _value(value: object) -> str:
    """An option's value as the config writes it (true, not True)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _number(value: int | None) -> str:
    return f"{value:,}" if value is not None else "(none)"


def _joined(*origins: object) -> str:
    found = [str(o) for o in origins if o]
    return " + ".join(found) or "default"


def _entry(entry: Mapping[str, object]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in entry.items()) + "}"
