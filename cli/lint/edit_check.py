"""The lint errors edited files would gain: ``recommend --apply`` adds no error (decisions.md).

Linting the result finds no error that linting the original did not (by rule, source and
tool). The command hands this check to the editor (``recommend`` does not import ``lint``).
"""

from __future__ import annotations

from collections.abc import Sequence

from toolsearch.analysis import Analysis
from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.loader import Document, parse_text
from toolsearch.config import Config
from toolsearch.edits.file_plan import FilePlan
from toolsearch.hosts.scopes import load_catalog
from toolsearch.lint.findings import Diagnostic, Severity
from toolsearch.lint.linter import run
from toolsearch.lint.rule_settings import enabled, settings


def _errors(
    documents: Sequence[Document], inputs: Inputs, config: Config, model: str | None
) -> list[Diagnostic]:
    catalog, _ = load_catalog(list(documents), inputs.catalog.target, skip_non_catalogs=True)
    chosen = enabled(settings(config))
    found = run(Analysis(catalog, config, model, {d.display: d for d in documents}), chosen)
    return [d for d in found if d.level is Severity.ERROR]


def new_errors(
    inputs: Inputs, config: Config, model: str | None, changes: list[tuple[FilePlan, str]]
) -> list[str]:
    """Lint errors the edited files would have that the originals do not, in words."""
    replaced = {plan.document.display: (plan.document, after) for plan, after in changes}
    documents = []
    for document in inputs.documents:
        if document.display in replaced:
            original, after = replaced[document.display]
            data, locator, fmt = parse_text(after, original.display, original.format)
            document = Document(
                original.source, original.path, original.display, after, data, fmt, locator
            )
        documents.append(document)
    before = {(d.rule, d.source, d.tool) for d in _errors(inputs.documents, inputs, config, model)}
    return [
        f"{d.concise()} (the result would gain this error)"
        for d in _errors(documents, inputs, config, model)
        if (d.rule, d.source, d.tool) not in before
    ]
