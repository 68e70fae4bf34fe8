"""``toolsearch eval``: search quality over labelled cases, or each tool's own words (--self)."""

from __future__ import annotations

from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.eval_run import EvalOptions, evaluate
from toolsearch.inputs import Inputs

EVAL_FORMATS = ("text", "json")


def check_options(options: EvalOptions) -> None:
    if options.min_recall is not None and not 0 <= options.min_recall <= 1:
        raise UsageError(f"--min-recall must be between 0 and 1, not {options.min_recall:g}")
    if options.at < 1:
        raise UsageError("--at must be 1 or more")


def run_eval(inputs: Inputs, config: Config, options: EvalOptions) -> tuple[str, int]:
    """Evaluate and format; exit 1 when a mode's recall@K is below --min-recall."""
    check_options(options)
    report = evaluate(inputs, options)
    if options.fmt == "json":
        from toolsearch.report import eval_json

        text = eval_json.render(report)
    else:
        from toolsearch.report import eval_text

        text = eval_text.render(report, options.misses_shown, options.color, options.width)
    return text, 1 if report.failures else 0
