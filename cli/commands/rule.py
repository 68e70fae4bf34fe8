"""``toolsearch rule ID``: one rule's documentation, as text or markdown."""

from __future__ import annotations

from pathlib import Path

from toolsearch.commands.catalog_args import choose, load_checked_config
from toolsearch.errors import ExitCode
from toolsearch.lint.rule_settings import rule_by_id, settings
from toolsearch.output_policy import report_color, report_width

RULE_FORMATS = ("text", "markdown")


def run(
    *,
    rule_id: str,
    config: Path | None,
    output_file: Path | None,
    output_format: str | None,
) -> tuple[str, int]:
    """The rule's documentation, with its level and options under the config."""
    fmt = choose(output_format, RULE_FORMATS, "--format") or "text"
    rule = rule_by_id(rule_id)
    chosen = settings(load_checked_config(config))[rule.ID]
    if fmt == "markdown":
        from toolsearch.report.rule_markdown import render_doc_markdown

        return render_doc_markdown(rule, chosen), ExitCode.OK
    from toolsearch.report.rule_doc import render_doc

    color, width = report_color(output_file), report_width(output_file)
    return render_doc(rule, chosen, color, width), ExitCode.OK
