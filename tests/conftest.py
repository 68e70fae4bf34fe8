"""Shared test fixtures: paths, a CLI runner, an isolated token cache."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.testing
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
APP_ONLY = FIXTURES / "apps" / "app.json"  # fetch_labels is for apps only (_meta.ui.visibility)
# ../shared beside the checkout; TOOLSEARCH_TEST_SHARED names it elsewhere (a worktree in a folder
# of worktrees has no ../shared of its own)
SHARED = Path(os.environ.get("TOOLSEARCH_TEST_SHARED") or ROOT.parent / "shared")
CATALOGS = SHARED / "catalogs"
# Seconds a test waits for a process or a server before calling it hung. It stops a hang and
# measures nothing: a loaded machine (load 10 on 2 cores) must never reach it.
HANG_LIMIT = 900
# What the suite keeps between its runs (compiled modules, pre-commit's hook environment); git
# ignores it, as pytest's own cache beside it.
TEST_CACHE = ROOT / ".pytest_cache"


def keep_compiled_modules(folder: Path) -> None:
    """Under PYTHONDONTWRITEBYTECODE, compile each module once per checkout, not once per process.

    With bytecode writing off, every xdist worker rewrote and compiled every test module again
    (collection: 6.5 s of CPU a worker, 2.9 s with the compiled files kept), and every process
    the tests start compiled what had no compiled file yet. Python and pytest's assertion
    rewriting then keep their compiled files in ``folder`` (under the gitignored
    ``.pytest_cache``), for this process and every process it starts, and nowhere else.
    """
    if not sys.dont_write_bytecode:
        return  # compiled files go beside the sources, as usual
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return  # a read-only checkout: compile every time, as asked
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    sys.pycache_prefix = str(folder)
    sys.dont_write_bytecode = False


keep_compiled_modules(TEST_CACHE / "pycache")


# typer's CliRunner.invoke builds the click command from the Typer app on every call: about
# 20 ms, three quarters of a small in-process run (the fuzz tests make thousands). A real process
# builds it once, so build it once per app for the whole test run too. The command is rebuilt
# from the same app each time, so the cached one is the same command; only the build is saved.
_build_command = getattr(typer.testing, "_get_command", None)
if callable(_build_command):  # typer.testing's own name for typer.main.get_command
    setattr(typer.testing, "_get_command", functools.cache(_build_command))  # noqa: B010


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-expected", action="store_true", help="rewrite golden .expected files"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the tests marked slow first (a stable sort: the order is otherwise unchanged).

    With xdist, a slow test started last keeps its worker busy while the others have finished.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def _isolated_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOOLSEARCH_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    monkeypatch.delenv("CI_PROJECT_DIR", raising=False)
    monkeypatch.delenv("TOOLSEARCH_NO_CACHE", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Run inside an empty temporary directory (no config above it is found)."""
    monkeypatch.chdir(tmp_path)
    yield tmp_path


def shared_catalogs() -> list[Path]:
    """The real catalogs beside the project, or [] when ../shared is absent."""
    if not CATALOGS.is_dir():
        return []
    return sorted(p for p in CATALOGS.glob("*.json") if p.name != "SOURCES.json")


needs_shared = pytest.mark.skipif(not CATALOGS.is_dir(), reason="../shared/catalogs is absent")


def env_without_cache() -> dict[str, str]:
    env = dict(os.environ)
    env["NO_COLOR"] = "1"
    return env


DOCS_PAGES = ROOT / "docs" / "pages"


def docs_text() -> str:
    """README.md and every hand-written page of the site, as one text (what the docs show)."""
    pages = [ROOT / "README.md"]
    pages += sorted(
        p for p in DOCS_PAGES.rglob("*.md") if p.parent.name not in ("rules", "reference")
    )
    return "\n".join(p.read_text(encoding="utf-8") for p in pages)
