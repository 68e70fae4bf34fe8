"""``toolsearch rules`` and ``toolsearch rule ID``: the rule list and one rule's documentation."""

from __future__ import annotations

import inspect
from typing import Any

from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from toolsearch.facts import cited, source_keys
from toolsearch.lint.fixable import fix_line
from toolsearch.lint.rule_contract import Rule, as_config, rule_hosts
from toolsearch.lint.rule_settings import RuleSettings
from toolsearch.report.console import render as render_console


def render_list(
    rules: tuple[Rule, ...], chosen: dict[str, RuleSettings], color: bool, width: int | None
) -> str:
    table = Table(box=None, header_style="bold", pad_edge=False)
    table.add_column("rule")
    table.add_column("level")
    table.add_column("what it finds", overflow="fold")
    for rule in rules:
        level = chosen[rule.ID].level
        table.add_row(rule.ID, level.label if level else "off", rule.SUMMARY)
    return render_console([table], color, width)


def facts_text(doc: str) -> str:
    """The cited sections of the API facts, and the source keys they use, as markdown."""
    found = cited(doc)
    if not found:
        return ""
    lines = [
        "## Facts behind this rule",
        "",
        "From toolsearch's research notes on the tool search API (each fact with its source).",
        "",
    ]
    for _label, text in found:
        lines += [text, ""]
    keys = source_keys("\n".join(text for _label, text in found))
    if keys:
        lines += ["Sources:", ""]
        lines += [f"- {key}: {what} ({where})" for key, what, where in keys]
    return "\n".join(lines).rstrip() + "\n"


def render_doc(rule: Rule, setting: RuleSettings, color: bool, width: int | None) -> str:
    level = setting.level.label if setting.level else "off"
    shown = as_config(setting.options).items()
    options = ", ".join(f"{k}: {v}" for k, v in shown) or "none"
    parts: list[Any] = [
        Text(f"{rule.ID} ({level})", style="bold"),
        Text(rule.SUMMARY),
        Text(f"options: {options}", style="dim"),
        Text(fix_line(rule.ID), style="dim"),
    ]
    hosts = rule_hosts(rule)
    if hosts is not None:
        where = f"only under --target {'|'.join(hosts)}, on the requests that host sends"
        parts.append(Text(f"Hosts: {', '.join(hosts)} ({where})", style="dim"))
    parts.append(Text(""))
    doc = inspect.getdoc(rule) or ""
    parts.append(Markdown(doc) if color else Text(doc))
    facts = facts_text(doc)
    if facts:
        parts.append(Text(""))
        parts.append(Markdown(facts) if color else Text(facts))
    return render_console(parts, color, width)
