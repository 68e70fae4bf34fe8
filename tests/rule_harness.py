"""Helpers to run one rule through the CLI on fixture files and on documented examples."""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from toolsearch.app import app

CONFIG_STEM = ".toolsearch"
FENCE = re.compile(r"^```(json|yaml)([^\n]*)\n(.*?)^```", re.S | re.M)


def lint_lines(folder: Path, args: list[str], rule: str) -> tuple[int, list[str], str]:
    """Run ``lint --select rule --fail-on info -f json`` in ``folder``; concise lines back."""
    config = folder / "config.yaml"
    extra = ["--config", str(config)] if config.exists() else []
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(
            app, ["lint", "--select", rule, "--fail-on", "info", "-f", "json", *extra, *args]
        )
    finally:
        os.chdir(cwd)
    if result.exit_code not in (0, 1):
        return result.exit_code, [], result.stderr
    data = json.loads(result.stdout)
    lines = []
    for d in data["diagnostics"]:
        place = d["file"]
        if d["line"] is not None:
            place += f":{d['line']}:{d['column']}"
        lines.append(f"{place}: {d['level']} {d['message']} [{d['rule']}]")
    return result.exit_code, lines, result.stderr


def fixture_args(folder: Path, stem: str) -> list[str] | None:
    """Arguments for ``bad``/``good``: ``<stem>.args`` if present, else the one file."""
    args_file = folder / f"{stem}.args"
    if args_file.exists():
        return shlex.split(args_file.read_text())
    for suffix in (".json", ".yaml", ".yml"):
        if (folder / f"{stem}{suffix}").exists():
            return [f"{stem}{suffix}"]
    return None


def doc_section(doc: str, heading: str) -> str:
    """The text of a ``## heading`` section of a rule's documentation."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", doc, re.S | re.M)
    return match.group(1) if match else ""


def write_blocks(section: str, folder: Path) -> list[str]:
    """Write each fenced block as a source file; '```json github' names the source github.

    A '```yaml .toolsearch' block is the config of the example: written, found by discovery
    (the rule runs in ``folder``), and not passed as a source; so is a '```yaml config' block
    (written as config.yaml and passed with --config).
    """
    args = []
    for index, (language, info, body) in enumerate(FENCE.findall(section)):
        name = info.strip() or f"example{index or ''}"
        path = folder / f"{name}.{language}"
        path.write_text(body, encoding="utf-8")
        if name != CONFIG_STEM and path.name != "config.yaml":
            args.append(path.name)
    return args
