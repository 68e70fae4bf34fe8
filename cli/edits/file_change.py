"""An edited file: rendered from its plan (JSON or YAML, keeping the file's layout), checked to
read back as intended, shown as a diff, and written back atomically with its byte-order mark."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path

from toolsearch.atomic import write_bytes_atomic
from toolsearch.catalog.loader import Document, parse_text
from toolsearch.edits.edit_plan import EditConflict, apply_to_data
from toolsearch.edits.file_plan import FilePlan
from toolsearch.edits.json_edit import JsonEditError, edit_json
from toolsearch.edits.line_diff import unified_diff
from toolsearch.edits.yaml_edit import YamlEditError, edit_yaml
from toolsearch.errors import InputError, ToolsearchError

BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class FileChange:
    """One edited file: its text before and after, and what changed in words."""

    file: str
    before: str
    after: str
    summary: tuple[str, ...]
    written: bool

    def diff(self) -> str:
        lines = unified_diff(
            self.before.splitlines(keepends=True),
            self.after.splitlines(keepends=True),
            fromfile=f"a/{self.file}",
            tofile=f"b/{self.file}",
        )
        return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def render_plan(plan: FilePlan, refusals: list[str]) -> str | None:
    """The file's text after the plan, or None with why in ``refusals``."""
    document = plan.document
    why = "cannot write it back faithfully"
    try:
        if document.format == "yaml":
            after = edit_yaml(document.text, plan.edit)
        else:
            after = edit_json(document.text, plan.edit)
        expected = copy.deepcopy(document.data)
        apply_to_data(expected, plan.edit)
        parsed, _, _ = parse_text(after, document.display, document.format)
    except (JsonEditError, YamlEditError, EditConflict, ToolsearchError) as error:
        refusals.append(f"{document.display}: {why}: {error}")
        return None
    if json.dumps(parsed) != json.dumps(expected):
        refusals.append(
            f"{document.display}: {why}: the edited text does not read back as intended"
        )
        return None
    return after


def write_back(document: Document, after: str) -> None:
    """Write ``after`` over the file, unless it changed since it was read."""
    path = document.path
    assert path is not None
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise InputError(f"{document.display}: cannot read it again: {error.strerror}") from None
    bom = BOM if raw.startswith(BOM) else b""
    if raw[len(bom) :].decode("utf-8", errors="replace") != document.text:
        raise InputError(f"{document.display}: changed since it was read; run again")
    try:
        write_bytes_atomic(Path(path), bom + after.encode("utf-8"))
    except OSError as error:
        raise InputError(
            f"{document.display}: cannot write it ({error.strerror or error}); the file is "
            "unchanged"
        ) from None
