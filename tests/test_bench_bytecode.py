"""The speed bench writes toolsearch's bytecode where Python will look for it (issue 34)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import toolsearch.app
import toolsearch.lint.linter
import toolsearch.rules.all_deferred
from tests.benchmarks.bench import bytecode_folders


def test_the_bench_compiles_every_module_where_its_bytecode_is_looked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "pycache_prefix", None)  # as the bench's runs (the suite sets one)
    folders = bytecode_folders()
    for module in (toolsearch.app, toolsearch.lint.linter, toolsearch.rules.all_deferred):
        assert module.__file__ is not None
        cached = Path(importlib.util.cache_from_source(module.__file__))
        assert any(cached.is_relative_to(folder) for folder in folders), (cached, folders)
