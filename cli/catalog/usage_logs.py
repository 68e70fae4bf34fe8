"""Usage logs passed where catalogs are expected (an unquoted ``--usage logs/*.jsonl`` does
that): caught before anything is read."""

from __future__ import annotations

from pathlib import Path

from toolsearch.errors import UsageError

LOG_SUFFIXES = (".jsonl", ".ndjson", ".csv")


def check_sources(sources: list[str] | None) -> None:
    """Catch usage logs passed as catalogs."""
    for source in sources or []:
        if Path(source.split("=", 1)[-1]).suffix.lower() in LOG_SUFFIXES:
            raise UsageError(
                f"{source}: looks like a usage log, not a catalog; pass it with --usage "
                "(quote globs: --usage 'logs/*.jsonl')"
            )
