"""``toolsearch eval``: search quality over labelled cases, each tool's own words (--self), or
each tool's description with descriptions held out of the index (--held-out)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from toolsearch.catalog.inputs import Inputs
from toolsearch.commands.catalog_args import CatalogArgs, Prepared, choose
from toolsearch.config import Config
from toolsearch.errors import UsageError
from toolsearch.output_policy import report_color, report_width
from toolsearch.report.render_settings import RenderSettings, Reporter, reporter
from toolsearch.retrieval.eval_run import EvalOptions, evaluate
from toolsearch.retrieval.mode_names import MODES

if TYPE_CHECKING:
    from toolsearch.servers.live import LiveOptions


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


def execute(inputs: Inputs, config: Config, options: EvalOptions) -> tuple[str, int]:
    """Evaluate and format; exit 1 when a mode's recall@K is below --min-recall."""
    check_options(options)
    report = evaluate(inputs, options, config)
    settings = RenderSettings(options.color, options.width, misses_shown=options.misses_shown)
    return EVAL_FORMATS[options.fmt](report, settings), 1 if report.failures else 0


def prepare(
    *,
    arguments: list[str] | None,
    self_check: bool,
    held_out: bool,
    mode: list[str] | None,
    at: int | None,
    min_recall: float | None,
    all_tools: bool,
    misses: int,
    output_format: str | None,
    config: Path | None,
    max_values: int | None = None,
    target: str | None,
    claude_code_version: str | None = None,
    platform: str | None = None,
    model: str | None,
    skip_non_catalogs: bool,
    output_file: Path | None,
    recursive: bool,
    live: LiveOptions | None,
) -> Prepared[EvalOptions]:
    """The options of ``toolsearch eval``, checked, and the sources it reads (the first
    argument is the cases file unless ``--self`` or ``--held-out``)."""
    fmt = choose(output_format, EVAL_FORMATS, "--format") or "text"
    for item in mode or []:
        choose(item, MODES, "--mode")
    args = list(arguments or [])
    cases = None
    if not (self_check or held_out):
        if not args:
            raise UsageError("eval needs a CASES file (or --self or --held-out to check each tool)")
        cases = Path(args.pop(0))
        from toolsearch.retrieval.cases import looks_like_catalog

        if cases.is_file() and looks_like_catalog(cases, max_values):
            raise UsageError(
                f"{cases} is a tool catalog, not a cases file: give the cases first "
                f"(toolsearch eval CASES SOURCE...), or search each tool with its own words: "
                f"toolsearch eval --self {' '.join([str(cases), *args])}"
            )
    options = EvalOptions(
        cases=cases,
        self_check=self_check,
        held_out=held_out,
        modes=tuple(dict.fromkeys(mode or ())),
        at=at,
        min_recall=min_recall,
        all_tools=all_tools,
        model=model,
        fmt=fmt,
        misses_shown=misses,
        color=report_color(output_file),
        width=report_width(output_file),
    )
    return Prepared(
        options,
        CatalogArgs(
            args,
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
