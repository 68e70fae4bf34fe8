"""``toolsearch report``: one self-contained HTML page of a run, written atomically."""

from __future__ import annotations

from toolsearch.catalog.inputs import Inputs
from toolsearch.config import Config
from toolsearch.errors import InputError
from toolsearch.page_run import PageOptions, page_report
from toolsearch.report.phrases import count_of
from toolsearch.report.render_settings import RenderSettings, reporter
from toolsearch.sanitize import one_line

render_page = reporter("html_page")  # jinja2 and squarify load only when a page is made


def run_report(inputs: Inputs, config: Config, options: PageOptions) -> tuple[str, int]:
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
