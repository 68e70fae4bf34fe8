"""``toolsearch report``: one self-contained HTML page of a run, written atomically."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.usage_logs import check_sources
from toolsearch.commands.catalog_args import CatalogArgs, Prepared, checked_tool_search, choose
from toolsearch.config import Config
from toolsearch.errors import InputError, UsageError
from toolsearch.hosts import claude_code, codex
from toolsearch.page_run import PageOptions, check_output, page_report
from toolsearch.report.phrases import count_of
from toolsearch.report.render_settings import RenderSettings, reporter
from toolsearch.sanitize import one_line

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


render_page = reporter("html_page")  # jinja2 and squarify load only when a page is made


def execute(inputs: Inputs, config: Config, options: PageOptions) -> tuple[str, int]:
    """Make the page; write it to ``options.output`` (or return it for stdout)."""
    report = page_report(inputs, config, options)
    page = render_page(report, RenderSettings())
    if options.output is None:
        return page, 0
    from toolsearch.atomic import write_text_atomic

    try:
        write_text_atomic(options.output, page)
    except OSError as error:
        raise InputError(
            f"{options.output}: cannot write the report: {error.strerror or error}"
        ) from None
    tools = count_of(len(report.budget.rows), "tool")
    size = len(page.encode("utf-8"))
    where = one_line(str(options.output))
    return f"wrote {where}: {tools}, {report_size(size)}", 0


def report_size(size: int) -> str:
    """A byte count for people: KB below a megabyte, else MB (decimal units)."""
    if size < 1_000_000:
        return f"{size / 1000:.0f} KB"
    return f"{size / 1_000_000:.1f} MB"


def prepare(
    *,
    sources: list[str] | None,
    output_file: str | None,
    output_format: str | None,
    config: Path | None,
    max_values: int | None = None,
    target: str | None,
    claude_code_version: str | None = None,
    model: str | None,
    mode: str | None,
    usage: list[str] | None,
    baseline: Path | None,
    context_window: int | None,
    claude_code_tool_search: str | None,
    platform: str | None,
    api_version: str | None,
    skip_non_catalogs: bool,
    recursive: bool,
    live: LiveOptions | None,
) -> Prepared[PageOptions]:
    """The options of ``toolsearch report``, checked, and the sources it reads."""
    choose(output_format, ("html",), "--format")
    if mode == "regex":
        raise UsageError("--mode regex: the self-check searches each tool's own words")
    choose(mode, ("bm25", claude_code.SEARCH_MODE, codex.SEARCH_MODE), "--mode")
    if output_file is None:
        raise UsageError("report needs -o/--output-file PATH (or -o - for stdout)")
    output = None if output_file == "-" else check_output(Path(output_file))
    check_sources(sources)
    checked_tool_search(claude_code_tool_search)
    options = PageOptions(
        output=output,
        model=model,
        context_window=context_window,
        claude_code_tool_search=claude_code_tool_search,
        usage=tuple(usage or ()),
        baseline=baseline,
        mode=mode,
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
            platform,
            api_version,
            claude_code_version,
            max_values=max_values,
        ),
    )
