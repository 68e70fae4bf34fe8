"""A stdout that cannot encode the report's glyphs (``PYTHONIOENCODING=cp1252`` or ``ascii``):
ASCII bars and escapes, never an encoding error (issue 24)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, HANG_LIMIT
from toolsearch.stdout import encodable

GITHUB = str(FIXTURES / "example" / "github.json")


def run(encoding: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "NO_COLOR": "1", "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "toolsearch", *args],
        capture_output=True,
        env=env,
        timeout=HANG_LIMIT,
        check=False,
    )


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_budget_bars_fall_back_to_ascii(encoding: str, tmp_path: Path) -> None:
    done = run(encoding, "budget", GITHUB)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode(encoding).splitlines()
    assert any("####" in line for line in lines)
    assert "█" not in done.stdout.decode(encoding)
    # a description beyond the encoding shows escaped, and a shortened one with "..."
    tools = [{"name": "weather_\u00e9t\u00e9_\u4e2d", "description": "x " * 200,
              "input_schema": {"type": "object"}}]  # fmt: skip
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(tools), encoding="utf-8")
    done = run(encoding, "budget", str(path))
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode(encoding)
    assert "\\u4e2d" in out
    assert ("\u00e9t\u00e9" in out) is (encoding == "cp1252")  # cp1252 has the accented letters


def test_encodable_keeps_what_the_encoding_has() -> None:
    assert encodable("█ … é", "utf-8") == "█ … é"
    assert encodable("█ … é", "cp1252") == "# … é"  # cp1252 has the ellipsis and é
    assert encodable("█ … é 中", "ascii") == "# ... \\xe9 \\u4e2d"
