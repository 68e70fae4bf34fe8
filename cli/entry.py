"""The console script's entry: Ctrl-C at any moment ends a run with exit 130 and one line.

Until the command's modules are imported there is nothing to clean up, so an interrupt there
ends the process at once; from then on it is a KeyboardInterrupt, which the command turns
into the same line after removing what it was writing.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

from toolsearch.errors import ExitCode
from toolsearch.stdout import discard_stdout

INTERRUPTED_LINE = b"toolsearch: interrupted\n"


def _interrupted_while_starting(signum: int, frame: FrameType | None) -> None:
    os.write(2, INTERRUPTED_LINE)
    os._exit(ExitCode.INTERRUPTED)


def main() -> None:
    """Run the command line."""
    previous = signal.signal(signal.SIGINT, _interrupted_while_starting)
    if sys.stdout is None:  # started with stdout closed (>&-)
        os.write(2, b"toolsearch: error: standard output is closed: no report can be written\n")
        sys.exit(ExitCode.ERROR)
    from toolsearch.app import main as run

    signal.signal(signal.SIGINT, previous)
    try:
        run()
    except KeyboardInterrupt:
        sys.stderr.write(INTERRUPTED_LINE.decode())
        sys.exit(ExitCode.INTERRUPTED)
    except BrokenPipeError:  # help or version to a reader that went away: quietly, as reports
        discard_stdout()
    except OSError as error:  # help or version to a full or failing stdout (reports handle theirs)
        discard_stdout()
        reason = error.strerror or type(error).__name__
        sys.stderr.write(f"toolsearch: error: cannot write to standard output: {reason}\n")
        sys.exit(ExitCode.ERROR)
