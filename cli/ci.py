"""What CI services expect: GitHub's default format and step summary, repository-relative paths."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path

from toolsearch.catalog.loader import Document
from toolsearch.lint.findings import Diagnostic


def default_format(env: Mapping[str, str]) -> str | None:
    """``github`` inside GitHub Actions (used only when no ``--format`` was given)."""
    return "github" if env.get("GITHUB_ACTIONS") == "true" else None


def step_summary_path(env: Mapping[str, str]) -> Path | None:
    """The file GitHub Actions shows as the step's summary, when set."""
    value = env.get("GITHUB_STEP_SUMMARY")
    return Path(value) if value else None


def repo_root(env: Mapping[str, str]) -> Path | None:
    """The checkout that annotation paths are relative to (GitHub Actions, GitLab CI)."""
    value = env.get("GITHUB_WORKSPACE") or env.get("CI_PROJECT_DIR")
    return Path(value) if value else None


def append_step_summary(path: Path, markdown: str) -> str | None:
    """Append markdown to the summary file; a note saying why when it cannot be written."""
    text = markdown if markdown.endswith("\n") else markdown + "\n"
    try:
        if path.is_file() and path.stat().st_size:
            text = "\n" + text
        with path.open("a", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        return f"cannot write the step summary to {path}: {error.strerror or error}"
    return None


def repo_path(document: Document, root: Path | None) -> str:
    """A document's path for a CI service: below ``root`` when it is there, with ``/``."""
    if document.path is not None and root is not None:
        try:
            relative = document.path.resolve().relative_to(root.resolve())
        except (ValueError, OSError):
            pass
        else:
            return relative.as_posix()
    return document.display.replace(os.sep, "/")


def repo_paths(documents: Iterable[Document], root: Path | None) -> dict[str, str]:
    """Each document's shown name mapped to its path for a CI service."""
    return {d.display: repo_path(d, root) for d in documents}


def rebase(
    diagnostics: Iterable[Diagnostic], documents: Iterable[Document], root: Path | None
) -> list[Diagnostic]:
    """Diagnostics whose file is the path a CI service resolves against its checkout."""
    paths = repo_paths(documents, root)
    return [
        replace(d, location=replace(d.location, file=paths[d.file])) if d.file in paths else d
        for d in diagnostics
    ]
