"""How a command runs: its body makes the report and the exit code; the report goes to stdout
or a file (``toolsearch.output_policy``), and an error becomes one line and its exit code."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import typer

from toolsearch.commands.catalog_args import Finished, Prepared, load_catalog_inputs
from toolsearch.errors import ExitCode, ToolsearchError
from toolsearch.output_policy import write, write_report_file

REPORT_URL = "https://github.com/toolsearch/toolsearch/issues"


def fail(message: str, code: int = ExitCode.ERROR) -> NoReturn:
    """Print one error line to stderr and exit."""
    from toolsearch.sanitize import one_line

    sys.stderr.write(f"toolsearch: error: {one_line(message)}\n")
    raise typer.Exit(code)


def run_command(command: str, output: Path | None = None, **values: Any) -> NoReturn:
    """Run ``toolsearch.commands.<command>``'s ``run`` with the command line's ``values``."""
    _run(lambda: _command(command).run(**values), output)


def run_catalog_command(command: str, output: Path | None = None, **values: Any) -> NoReturn:
    """Run a command over catalog sources: its ``prepare`` checks the command line's ``values``
    before anything is read, the sources (and live servers) are loaded, its ``execute`` makes
    the report from them and the options (unless ``prepare`` finished the command itself)."""
    _run(lambda: _over_catalogs(_command(command), values), output)


def _command(name: str) -> Any:
    """The command's module, imported when it runs (a command loads only what it uses)."""
    return importlib.import_module(f"toolsearch.commands.{name}")


def _over_catalogs(command: Any, values: dict[str, Any]) -> tuple[str, int]:
    prepared: Prepared[Any] | Finished = command.prepare(**values)
    if isinstance(prepared, Finished):
        return prepared.text, prepared.code
    loaded = load_catalog_inputs(prepared.catalog)
    text, code = command.execute(loaded.inputs, loaded.config, prepared.options)
    if loaded.server_failed:  # --keep-going went on without a server: still exit 2
        code = max(code, ExitCode.ERROR)
    return text, code


def _run(body: Callable[[], tuple[str, int]], output: Path | None) -> NoReturn:
    """The one way a command runs: its body returns the report and the exit code; the report
    goes to stdout (or atomically to ``output``), and an error becomes one line on stderr and
    its exit code."""
    try:
        text, code = body()
        if output is None:
            write(text)
        else:
            write_report_file(output, text)
    except ToolsearchError as error:
        fail(str(error), error.exit_code)
    except typer.Exit:
        raise
    except KeyboardInterrupt:
        sys.stderr.write("toolsearch: interrupted\n")
        raise typer.Exit(ExitCode.INTERRUPTED) from None
    except Exception as error:  # the last line of defence: never a traceback
        sys.stderr.write(
            f"toolsearch: internal error: {type(error).__name__}: {error}\n"
            f"toolsearch: this is a bug; please report it at {REPORT_URL} with the command "
            "you ran and, if you can, the input (set TOOLSEARCH_DEBUG=1 for a traceback)\n"
        )
        if os.environ.get("TOOLSEARCH_DEBUG"):
            import traceback

            traceback.print_exc()
        raise typer.Exit(ExitCode.BUG) from None
    raise typer.Exit(code)
