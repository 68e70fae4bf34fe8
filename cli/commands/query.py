"""``toolsearch query``: what the tool search tool would return, per scope."""

from __future__ import annotations

from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.inputs import Inputs
from toolsearch.query_run import QueryOptions, search_scopes

QUERY_FORMATS = ("text", "json", "tool-reference")


def run_query(inputs: Inputs, config: Config, options: QueryOptions) -> tuple[str, int]:
    """Search and format; returns the report and the exit code (0, also with no results)."""
    report = search_scopes(inputs, options, config)
    if options.fmt == "json":
        from toolsearch.report import query_json

        return query_json.render(report), 0
    if options.fmt == "tool-reference":
        from toolsearch.report import query_json

        if len(report.scopes) > 1:
            names = ", ".join(s.scope.name for s in report.scopes)
            raise UsageError(
                f"--format tool-reference prints one request's tool_result, but the sources form "
                f"{len(report.scopes)} scopes ({names}); search one request at a time"
            )

        return query_json.render_tool_references(report), 0
    from toolsearch.report import query_text

    return query_text.render(report, options.color, options.width), 0
