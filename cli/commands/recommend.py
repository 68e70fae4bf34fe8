"""``toolsearch recommend``: rank tools, choose those to keep loaded, and apply it."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from toolsearch.catalog.codex_names import CODEX
from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.usage_logs import check_sources
from toolsearch.commands.catalog_args import CatalogArgs, Prepared, checked_tool_search, choose
from toolsearch.config import Config
from toolsearch.hosts import host_of
from toolsearch.lint.edit_check import new_errors
from toolsearch.output_policy import report_color, wrap_width
from toolsearch.recommend.recommend_run import RecommendOptions, recommend_report
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


RECOMMEND_FORMATS: dict[str, Reporter] = {
    "text": reporter("recommend_text"),
    "json": reporter("recommend_json"),
    "markdown": reporter("recommend_markdown"),
}
CODEX_FORMATS: dict[str, Reporter] = {
    "text": reporter("codex_advice_text"),
    "json": reporter("codex_advice_json"),
    "markdown": reporter("codex_advice_markdown"),
}


def execute(inputs: Inputs, config: Config, options: RecommendOptions) -> tuple[str, int]:
    """Recommend, apply or diff when asked, and format; returns the report and exit code."""
    if inputs.catalog.target == CODEX:
        return _run_codex(inputs, config, options)
    host = host_of(inputs.catalog)
    if host.apply == "none" and (options.apply or options.diff):
        from toolsearch.recommend.client_advice import refuse_apply

        refuse_apply(host)
    check = partial(new_errors, inputs, config, options.model)
    report = recommend_report(inputs, config, options, check)
    settings = RenderSettings(options.color, options.width, options.show_all)
    return RECOMMEND_FORMATS[options.fmt](report, settings), 0


def _run_codex(inputs: Inputs, config: Config, options: RecommendOptions) -> tuple[str, int]:
    """Codex keeps nothing loaded: no choice to make or write, only what its search misses."""
    from toolsearch.recommend.codex_advice import codex_advice, refuse_apply

    if options.apply or options.diff:
        refuse_apply()
    settings = RenderSettings(options.color, options.width, options.show_all)
    return CODEX_FORMATS[options.fmt](codex_advice(inputs, config), settings), 0


def prepare(
    *,
    sources: list[str] | None,
    config: Path | None,
    max_values: int | None = None,
    target: str | None,
    claude_code_version: str | None = None,
    model: str | None,
    output_format: str | None,
    usage: list[str] | None,
    evaluate: list[str] | None,
    keep: int | None,
    pin: list[str] | None,
    max_upfront: int | None,
    apply: bool,
    diff: bool,
    search: str | None,
    intents: Path | None,
    context_window: int | None,
    show_all: bool,
    claude_code_tool_search: str | None,
    platform: str | None,
    api_version: str | None,
    skip_non_catalogs: bool,
    output_file: Path | None,
    recursive: bool,
    live: LiveOptions | None,
) -> Prepared[RecommendOptions]:
    """The options of ``toolsearch recommend``, checked, and the sources it reads."""
    fmt = choose(output_format, RECOMMEND_FORMATS, "--format") or "text"
    mode = choose(search, ("bm25", "regex"), "--search")
    check_sources(sources)
    checked_tool_search(claude_code_tool_search)
    options = RecommendOptions(
        fmt=fmt,
        usage=tuple(usage or ()),
        evaluate=tuple(evaluate or ()),
        keep=keep,
        pins=tuple(pin or ()),
        max_upfront=max_upfront,
        model=model,
        context_window=context_window,
        search=mode,
        intents=intents,
        apply=apply,
        diff=diff,
        show_all=show_all,
        claude_code_tool_search=claude_code_tool_search,
        color=report_color(output_file),
        width=wrap_width(output_file),
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
