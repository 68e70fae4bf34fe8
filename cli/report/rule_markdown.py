"""``rule ID --format markdown``: one rule's documentation as markdown (its own source form)."""

from __future__ import annotations

import inspect

from toolsearch.lint.rule_contract import Rule, as_config
from toolsearch.lint.rule_settings import RuleSettings
from toolsearch.report.rule_doc import facts_text


def render_doc_markdown(rule: Rule, setting: RuleSettings) -> str:
    level = setting.level.label if setting.level else "off"
    shown = as_config(setting.options).items()
    options = ", ".join(f"`{k}`: {v}" for k, v in shown) or "none"
    lines = [f"# {rule.ID} ({level})", "", rule.SUMMARY, "", f"Options: {options}", ""]
    lines.append((inspect.getdoc(rule) or "").rstrip())
    facts = facts_text(inspect.getdoc(rule) or "")
    if facts:
        lines += ["", facts.rstrip()]
    return "\n".join(lines) + "\n"
