"""``toolsearch.app``: the typer app and the console script's ``main`` (``toolsearch.cli`` builds
them; this name stays for ``python -m``-less callers and the library's users)."""

from __future__ import annotations

from toolsearch.cli.app import app as app
from toolsearch.cli.app import main as main
