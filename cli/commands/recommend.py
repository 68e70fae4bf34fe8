"""``toolsearch recommend``: rank tools, choose those to keep loaded, and apply it."""

from __future__ import annotations

from functools import partial

from toolsearch.catalog.codex_names import CODEX
from toolsearch.catalog.inputs import Inputs
from toolsearch.config import Config
from toolsearch.lint.edit_check import new_errors
from toolsearch.recommend.recommend_run import RecommendOptions, recommend_report
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter

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


def run_recommend(inputs: Inputs, config: Config, options: RecommendOptions) -> tuple[str, int]:
    """Recommend, apply or diff when asked, and format; returns the report and exit code."""
    if inputs.catalog.target == CODEX:
        return _run_codex(inputs, config, options)
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
