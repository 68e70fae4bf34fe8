"""``toolsearch eval``: search quality over labelled cases, each tool's own words (--self), or
each tool's description with descriptions held out of the index (--held-out)."""

from __future__ import annotations

from toolsearch.catalog.inputs import Inputs
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter
from toolsearch.retrieval.eval_run import EvalOptions, evaluate

EVAL_FORMATS: dict[str, Reporter] = {
    "text": reporter("eval_text"),
    "json": reporter("eval_json"),
    "markdown": reporter("eval_markdown"),
}


def check_options(options: EvalOptions) -> None:
    if options.min_recall is not None and not 0 <= options.min_recall <= 1:
        raise UsageError(f"--min-recall must be between 0 and 1, not {options.min_recall:g}")
    if options.at is not None and options.at < 1:
        raise UsageError("--at must be 1 or more")


def run_eval(inputs: Inputs, config: Config, options: EvalOptions) -> tuple[str, int]:
    """Evaluate and format; exit 1 when a mode's recall@K is below --min-recall."""
    check_options(options)
    report = evaluate(inputs, options, config)
    settings = RenderSettings(options.color, options.width, misses_shown=options.misses_shown)
    return EVAL_FORMATS[options.fmt](report, settings), 1 if report.failures else 0
