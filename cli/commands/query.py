"""``toolsearch query``: what the tool search tool would return, per scope."""

from __future__ import annotations

from toolsearch.catalog.inputs import Inputs
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter
from toolsearch.retrieval.query_run import QueryOptions, search_scopes

QUERY_FORMATS: dict[str, Reporter] = {
    "text": reporter("query_text"),
    "json": reporter("query_json"),
    "tool-reference": reporter("query_json", "render_tool_references"),
}


EXPLAIN_FORMATS: dict[str, Reporter] = {
    "text": reporter("explain_text"),
    "json": reporter("explain_json"),
}


def run_query(inputs: Inputs, config: Config, options: QueryOptions) -> tuple[str, int]:
    """Search and format; returns the report and the exit code (0, also with no results)."""
    settings = RenderSettings(options.color, options.width)
    if options.explain is not None:
        from toolsearch.retrieval.explain_run import explain

        if options.fmt not in EXPLAIN_FORMATS:
            raise UsageError("--explain prints text or json (--format text or json)")
        found = explain(
            inputs,
            options.explain,
            options.query,
            options.mode,
            config,
            options.all_tools,
            options.model,
        )
        return EXPLAIN_FORMATS[options.fmt](found, settings), 0
    report = search_scopes(inputs, options, config)
    if options.fmt == "tool-reference" and len(report.scopes) > 1:
        names = ", ".join(s.scope.name for s in report.scopes)
        raise UsageError(
            f"--format tool-reference prints one request's tool_result, but the sources form "
            f"{len(report.scopes)} scopes ({names}); search one request at a time"
        )
    return QUERY_FORMATS[options.fmt](report, settings), 0
