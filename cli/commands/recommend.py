"""``toolsearch recommend``: rank tools, choose those to keep loaded, and apply it."""

from __future__ import annotations

from functools import partial

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


def run_recommend(inputs: Inputs, config: Config, options: RecommendOptions) -> tuple[str, int]:
    """Recommend, apply or diff when asked, and format; returns the report and exit code."""
    check = partial(new_errors, inputs, config, options.model)
    report = recommend_report(inputs, config, options, check)
    settings = RenderSettings(options.color, options.width, options.show_all)
    return RECOMMEND_FORMATS[options.fmt](report, settings), 0
