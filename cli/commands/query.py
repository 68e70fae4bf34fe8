"""``toolsearch query``: what the tool search tool would return, per scope."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from toolsearch.catalog.inputs import Inputs
from toolsearch.commands.catalog_args import CatalogArgs, Prepared, choose
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.output_policy import report_color, report_width
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter
from toolsearch.retrieval.mode_names import MODES
from toolsearch.retrieval.query_run import QueryOptions, search_scopes

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


QUERY_FORMATS: dict[str, Reporter] = {
    "text": reporter("query_text"),
    "json": reporter("query_json"),
    "tool-reference": reporter("query_json", "render_tool_references"),
}


EXPLAIN_FORMATS: dict[str, Reporter] = {
    "text": reporter("explain_text"),
    "json": reporter("explain_json"),
}


def execute(inputs: Inputs, config: Config, options: QueryOptions) -> tuple[str, int]:
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


def prepare(
    *,
    text: str,
    sources: list[str] | None,
    config: Path | None,
    max_values: int | None = None,
    target: str | None,
    claude_code_version: str | None = None,
    platform: str | None = None,
    mode: str | None,
    model: str | None,
    limit: int | None,
    all_tools: bool,
    output_format: str | None,
    explain: str | None,
    skip_non_catalogs: bool,
    output_file: Path | None,
    recursive: bool,
    live: LiveOptions | None,
) -> Prepared[QueryOptions]:
    """The options of ``toolsearch query``, checked, and the sources it reads."""
    fmt = choose(output_format, QUERY_FORMATS, "--format") or "text"
    choose(mode, MODES, "--mode")
    options = QueryOptions(
        query=text,
        mode=mode,
        limit=limit,
        all_tools=all_tools,
        model=model,
        fmt=fmt,
        color=report_color(output_file),
        width=report_width(output_file),
        explain=explain,
    )
    return Prepared(
        options,
        CatalogArgs(
            sources,
            config,
            target,
            skip_non_catalogs,
            live,
            recursive,
            claude_code_version=claude_code_version,
            max_values=max_values,
            platform=platform,
        ),
    )
