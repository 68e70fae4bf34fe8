"""What the API would reject, cheaply: only the request-error rules, for ``budget`` to say so.

The request-error rules are those whose default level is ``error`` (each is a 400 from the API,
or a request the docs say it refuses). A rule the config turns off or down from ``error`` is
left out, and the config's ``ignore`` entries apply, so ``budget`` agrees with ``lint``.
"""

from __future__ import annotations

from collections import defaultdict

from toolsearch.analysis import Analysis
from toolsearch.lint.findings import Diagnostic, Severity
from toolsearch.lint.linter import run
from toolsearch.lint.rule_contract import Rule, RuleOptions
from toolsearch.lint.rule_settings import all_rules, settings

# Errors the API accepts: decisions.md makes tool-poisoning an error though the request is valid
ACCEPTED_BY_THE_API = frozenset({"tool-poisoning"})


def request_error_rules(analysis: Analysis) -> list[tuple[Rule, Severity, RuleOptions]]:
    """The request-error rules still at level error under the run's config."""
    chosen = settings(analysis.config)
    return [
        (rule, Severity.ERROR, chosen[rule.ID].options)
        for rule in all_rules()
        if rule.LEVEL == "error"
        and rule.ID not in ACCEPTED_BY_THE_API
        and chosen[rule.ID].level is Severity.ERROR
    ]


def rejections(analysis: Analysis) -> dict[str, tuple[Diagnostic, ...]]:
    """Per scope name, the errors that make the API reject its request (scopes with none are
    absent)."""
    found: dict[str, list[Diagnostic]] = defaultdict(list)
    for diagnostic in run(analysis, request_error_rules(analysis)):
        found[diagnostic.scope].append(diagnostic)
    return {scope: tuple(items) for scope, items in found.items()}
