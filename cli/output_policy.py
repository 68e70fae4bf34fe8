"""Output policy: where a report goes (stdout, or a file written atomically), and the colour
and width it may use (``NO_COLOR``, ``FORCE_COLOR``, the terminal, ``COLUMNS``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from toolsearch.errors import InputError, UsageError
from toolsearch.stdout import discard_stdout


def write_report_file(path: Path, text: str) -> None:
    """``-o PATH``: the report written atomically (a failed write leaves the old file);
    ``-o -`` and ``-o /dev/stdout`` are standard output, without colour."""
    if str(path) in ("-", "/dev/stdout"):
        write(text)
        return
    from toolsearch.atomic import write_text_atomic

    try:
        write_text_atomic(path, text if text.endswith("\n") or not text else text + "\n")
    except OSError as error:
        raise UsageError(
            f"{path}: cannot write the report: {error.strerror or error}; nothing was written"
        ) from None


def write(text: str) -> None:
    """Write a report to stdout; a reader that went away (``| head``) ends the run quietly,
    and a stdout that cannot take it (``> /dev/full``, closed) is an error line."""
    if sys.stdout is None:
        raise InputError("standard output is closed: no report can be written")
    try:
        sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        discard_stdout()
    except OSError as error:
        discard_stdout()
        reason = error.strerror or type(error).__name__
        raise InputError(f"cannot write to standard output: {reason}") from None


def _stdout_is_terminal() -> bool:
    return sys.stdout is not None and sys.stdout.isatty()


def use_color(environ: Mapping[str, str] = os.environ) -> bool:
    """Colour on a terminal. ``NO_COLOR`` set and not empty turns it off (no-color.org);
    ``FORCE_COLOR`` set and not empty turns it on, through a pipe too (force-color.org); with
    both, ``NO_COLOR`` wins, as in rich and pytest."""
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    return _stdout_is_terminal()


def terminal_width() -> int | None:
    if not _stdout_is_terminal():
        return None
    try:
        return os.get_terminal_size().columns
    except OSError:
        return None


def report_color(output: Path | None) -> bool:
    """Colour for a report: never in a report file (``-o``)."""
    return output is None and use_color()


def report_width(output: Path | None) -> int | None:
    """The width a report may use: none (no wrapping) in a report file (``-o``)."""
    return None if output is not None else terminal_width()


WRAP_WIDTH = 100  # reports that wrap (recommend) when no terminal says its width


def wrap_width(output: Path | None = None) -> int:
    """The width to wrap a report to: the terminal's (stdout, unless the report goes to a file),
    else ``COLUMNS``, else the terminal's that stderr writes to (output piped into a pager, or
    a report file the user reads there), else 100."""
    width = report_width(output)
    if width:
        return width
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        if sys.stderr.isatty():
            return os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError):
        pass
    return WRAP_WIDTH
