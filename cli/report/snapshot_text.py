"""``snapshot`` for people: one block per server, with added, removed and changed tools."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from toolsearch.catalog.counts import count_of
from toolsearch.report.console import render as render_console
from toolsearch.report.render_settings import RenderSettings
from toolsearch.sanitize import escape_unsafe, one_line
from toolsearch.servers.snapshot import changed_paths

if TYPE_CHECKING:
    from toolsearch.servers.snapshot import FieldChange
    from toolsearch.servers.snapshot_run import ServerOutcome, SnapshotRun

TEXT_FIELDS = ("description", "title", "name")
SHOWN_LIMIT = 1_000


def _plural(count: int, word: str) -> str:
    return count_of(count, word)


def render(run: SnapshotRun, settings: RenderSettings) -> str:
    color, width = settings.color, settings.width
    parts: list[Any] = []
    for outcome in run.outcomes:
        parts.append(_headline(outcome))
        if outcome.status in ("updated", "missing", "drift"):
            parts.extend(_details(outcome))
    parts.extend(Text(f"note: {one_line(n)}", style="dim") for n in run.notes)
    if run.failures:
        parts.append(Text(f"{_plural(len(run.failures), 'server')} failed (see above)", "red"))
    if run.mode == "check":
        drifted = sum(o.status in ("missing", "drift") for o in run.outcomes)
        if drifted:
            parts.append(
                Text(
                    f"drift in {drifted} of {_plural(len(run.outcomes), 'server')}: review it, "
                    f"then update with: toolsearch snapshot ... --out {run.directory}",
                    style="bold red",
                )
            )
        else:
            parts.append(
                Text(f"No drift in {_plural(len(run.outcomes), 'server')}.", style="green")
            )
    return render_console(parts, color, width)


def _headline(outcome: ServerOutcome) -> Text:
    tools = _plural(outcome.tools, "tool")
    file = one_line(outcome.file)
    line = Text()
    if outcome.status == "missing":
        line.append(f"{file}: ", style="bold")
        line.append(f"no snapshot of server {one_line(outcome.server)!r} ({tools})", "red")
    elif outcome.status == "drift":
        line.append(f"{file}: ", style="bold")
        line.append(outcome.drift.summary(), style="red")
    elif outcome.status == "clean":
        line.append(f"{file}: ", style="bold")
        line.append(f"no change ({tools})", style="green")
    else:
        line.append(f"{outcome.status} ", style="green" if outcome.status != "updated" else "")
        line.append(file, style="bold")
        line.append(f" ({tools})")
        if outcome.status == "updated" and outcome.drift.any:
            line.append(f": {outcome.drift.summary()}")
    return line


def _details(outcome: ServerOutcome) -> list[Text]:
    drift = outcome.drift
    lines: list[Text] = []
    descriptions = drift.added_descriptions or (None,) * len(drift.added)
    for name, description in zip(drift.added, descriptions, strict=True):
        lines.append(Text(f"  + {one_line(name)}", style="green"))
        if description is not None:  # what the new tool tells the model: review it whole
            lines.append(Text(f"      description: {_shown(description)}", style="dim"))
    lines.extend(Text(f"  - {one_line(name)}", style="red") for name in drift.removed)
    for change in drift.changed:
        fields = ", ".join(one_line(f.field) for f in change.fields) or "(whole entry)"
        line = Text(f"  ~ {one_line(change.name)}", style="yellow")
        line.append(f": {fields}")
        lines.append(line)
        for field in change.fields:
            lines.extend(_text_change(field))
    return lines


def _text_change(field: FieldChange) -> list[Text]:
    """Old and new text of a changed description, title or name; else where inside it changed."""
    if field.field not in TEXT_FIELDS:
        if field.before is None or field.after is None:
            state = "added" if field.before is None else "removed"
            return [Text(f"      {one_line(field.field)}: {state}", style="dim")]
        paths = changed_paths(field.before, field.after)
        if not paths or paths == ["/"]:
            return []
        inside = ", ".join(one_line(p) for p in paths)
        return [Text(f"      {one_line(field.field)}: {inside}", style="dim")]
    shown = []
    for label, value in (("was", field.before), ("now", field.after)):
        # hidden characters are shown as \uXXXX: they are what a rug pull would hide
        text = _shown(value) if isinstance(value, str) else "(absent)"
        shown.append(Text(f"      {field.field} {label}: {text}", style="dim"))
    return shown


def _shown(text: str) -> str:
    """A description on one line, hidden characters as ``\\uXXXX`` (what a rug pull would
    hide), up to SHOWN_LIMIT characters and a count of the rest."""
    flat = one_line(escape_unsafe(text))
    if len(flat) <= SHOWN_LIMIT:
        return flat
    rest = len(flat) - SHOWN_LIMIT
    return f"{flat[:SHOWN_LIMIT]}… ({rest:,} more characters: see the snapshot file)"
