"""The lint engine: run the enabled rules per scope, stamp rule ids and levels, apply ignores
(the config's entries and ``# toolsearch: ignore[...]`` comments in YAML).

Rules find problems; this module decides what is reported; reporters decide how it looks. Which
rules run, and how, is ``rule_settings``'s to say: the engine is handed them.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping, Sequence
from typing import Any

from toolsearch.analysis import Analysis
from toolsearch.catalog.model import Catalog, Location, Scope
from toolsearch.config import Config
from toolsearch.hosts import checked_by
from toolsearch.lint.findings import Diagnostic, Problem, Severity, sort_key, subject_of
from toolsearch.lint.rule_context import Context
from toolsearch.lint.rule_contract import Rule, RuleOptions, rule_hosts


def run(
    analysis: Analysis, enabled: Sequence[tuple[Rule, Severity, RuleOptions]]
) -> list[Diagnostic]:
    """The enabled rules over every scope, minus ignored findings, in file order."""
    catalog, config = analysis.catalog, analysis.config
    found: dict[tuple[str, str, str, str], Diagnostic] = {}
    for scope in catalog.scopes:
        ctx = Context(analysis, scope)
        places: dict[tuple[str, str | None], list[str]] | None = None  # made at the first finding
        for rule, level, options in enabled:
            if not checked_by(rule_hosts(rule), catalog, scope):
                continue
            for problem in rule.check(ctx, options):
                if places is None:
                    places = _tool_places(scope)
                diagnostic = Diagnostic(
                    rule.ID,
                    min(level, Severity.WARNING) if problem.uncertain else level,
                    problem.message,
                    catalog.resolve(problem.location),
                    scope.name,
                    problem.tool,
                    problem.source,
                    _subject(problem, places),
                )
                key = (rule.ID, problem.location.file, problem.location.pointer, problem.message)
                found.setdefault(key, diagnostic)
    _check_ignored_tools(catalog, config)
    kept = [d for d in found.values() if not is_ignored(d, config)]
    if analysis.documents:
        from toolsearch.lint.ignore_comments import without_commented
        from toolsearch.lint.rule_settings import all_rules

        kept = without_commented(kept, analysis.documents, [r.ID for r in all_rules()])
    return sorted(kept, key=sort_key)


def _tool_places(scope: Scope) -> dict[tuple[str, str | None], list[str]]:
    """The pointers of the scope's tools and server tools, by (file, name)."""
    places: dict[tuple[str, str | None], list[str]] = {}
    for location, name in [
        *((t.location, t.name) for t in scope.tools),
        *((t.location, t.name) for t in scope.server_tools),
    ]:
        places.setdefault((location.file, name), []).append(location.pointer)
    return places


def _subject(problem: Problem, places: dict[tuple[str, str | None], list[str]]) -> str:
    """The finding's place below its tool (when it names one found there), for identity v3."""
    location: Location = problem.location
    pointer = location.pointer
    suffix = "" if problem.key is None else f" {problem.key}"
    if problem.tool is not None:
        for tool_pointer in places.get((location.file, problem.tool), ()):
            if (pointer + "/").startswith(tool_pointer + "/"):
                return subject_of(pointer, tool_pointer) + suffix
    return subject_of(pointer, None) + suffix


def _check_ignored_tools(catalog: Catalog, config: Config) -> None:
    """An ignore entry naming a tool by an ambiguous bare name is a config error."""
    from toolsearch.catalog.identity import lookup

    for index, entry in enumerate(config.ignore):
        tool = entry.get("tool")
        if tool is not None:
            lookup(catalog.tools, str(tool), f"{config.where}: ignore[{index}].tool")


def is_ignored(diagnostic: Diagnostic, config: Config) -> bool:
    """Config ``ignore`` entries: every key given (rule, path glob#pointer, tool) must match."""
    return any(_matches(entry, diagnostic) for entry in config.ignore)


def _matches(entry: Mapping[str, Any], d: Diagnostic) -> bool:
    rule = entry.get("rule")
    if rule is not None and rule != d.rule:
        return False
    tool = entry.get("tool")
    if tool is not None:
        reference = str(tool)
        source, slash, name = reference.rpartition("/")
        named = d.tool == reference or (bool(slash) and (d.source, d.tool) == (source, name))
        if d.tool is None or not named:
            return False
    path = entry.get("path")
    if path is not None:
        glob, _, pointer = str(path).partition("#")
        if glob and not fnmatch.fnmatch(d.file, glob):
            return False
        if pointer and not (
            d.location.pointer == pointer or d.location.pointer.startswith(pointer + "/")
        ):
            return False
    return True
