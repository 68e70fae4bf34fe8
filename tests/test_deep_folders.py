"""A folder tree 1,500 levels deep (issue 24): walked without recursion, to max-folder-depth
(100 by default); what lies deeper is skipped with one note naming the folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import HANG_LIMIT
from tests.transcripts import Session, write_sessions
from toolsearch.app import app

LEVELS = 1_500


@pytest.fixture(scope="module")
def deep_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder holding ``tree/``: a catalog and a transcript near the top, and 1,500 levels of
    ``d/`` holding a catalog and a transcript at the bottom (made once for the module)."""
    root = tmp_path_factory.mktemp("deep")
    tree = root / "tree"
    tree.mkdir()
    bottom = tree
    for _ in range(LEVELS):  # Path.mkdir(parents=True) would itself recurse once per level
        bottom = bottom / "d"
        bottom.mkdir()
    tool = {
        "name": "get_page",
        "description": "Reads one page.",
        "input_schema": {"type": "object"},
    }
    for folder in (tree / "d", bottom):
        (folder / "tools.json").write_text(json.dumps([tool]))
        session = Session("b1b2c3d4-0000-4000-8000-00000000000b")
        session.call("mcp__pages__get_page")
        write_sessions(folder, "p", session)
    try:
        yield root
    finally:  # shutil.rmtree (pytest's own clean-up too) recurses once per level: never leave it
        if shutil.which("rm"):
            subprocess.run(["rm", "-rf", str(tree)], check=True, timeout=HANG_LIMIT)
        else:
            remove_tree(tree)


@pytest.fixture
def deep(deep_root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(deep_root)
    return Path("tree")


def remove_tree(root: Path) -> None:
    """Delete a deep tree, deepest folders first, without recursion."""
    folders, stack = [], [root]
    while stack:
        folder = stack.pop()
        folders.append(folder)
        for entry in os.scandir(folder):
            if entry.is_dir(follow_symlinks=False):
                stack.append(Path(entry.path))
            else:
                os.unlink(entry.path)
    for folder in reversed(folders):
        os.rmdir(folder)


def note_of(deep: Path) -> str:
    first = deep / os.path.join(*["d"] * 101)
    return (
        f"skipped {first}: deeper than 100 folder levels (raise max-folder-depth in the config "
        "to read deeper)"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["budget", "-r", "-f", "json", "tree"],
        ["lint", "-r", "-f", "json", "tree"],
        ["budget", "-f", "json", "tree/**/*.json"],
    ],
)
def test_catalog_walks_stop_at_the_depth_limit(
    runner: CliRunner, deep: Path, args: list[str]
) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 1), result.output
    data = json.loads(result.stdout)
    assert note_of(deep) in data["notes"]
    text = runner.invoke(app, [a for a in args if a not in ("-f", "json")])
    assert note_of(deep) in text.stdout.replace("\n", " ") or note_of(deep) in text.stderr


def test_sessions_and_usage_walks_stop_at_the_depth_limit(runner: CliRunner, deep: Path) -> None:
    result = runner.invoke(app, ["sessions", "-f", "json", "tree"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert note_of(deep) in data["notes"]
    assert data["calls"] == 1  # the transcript near the top, not the one 1,500 levels down
    usage = ["recommend", "-f", "json", "tree/d/tools.json", "--usage", "tree/**/*.jsonl"]
    result = runner.invoke(app, usage)
    assert result.exit_code == 0, result.output
    assert note_of(deep) in json.loads(result.stdout)["usage"]["notes"]


def test_the_limit_is_a_config_key(runner: CliRunner, deep: Path, tmp_path: Path) -> None:
    config = tmp_path / "deep.yaml"
    config.write_text("max-folder-depth: 2000\n")
    result = runner.invoke(app, ["budget", "--config", str(config), "-r", "-f", "json", "tree"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert len(data["scopes"]) == 2 and not any("deeper than" in n for n in data["notes"])


def test_the_config_key_reaches_sessions_and_usage_walks(
    runner: CliRunner, deep: Path, tmp_path: Path
) -> None:
    config = tmp_path / "shallow.yaml"
    config.write_text("max-folder-depth: 3\n")
    shallow = f"skipped {deep / os.path.join(*['d'] * 4)}: deeper than 3 folder levels"
    result = runner.invoke(app, ["sessions", "--config", str(config), "-f", "json", "tree"])
    assert result.exit_code == 0, result.output
    assert any(n.startswith(shallow) for n in json.loads(result.stdout)["notes"])
    usage = ["recommend", "--config", str(config), "-f", "json", "tree/d/tools.json"]
    result = runner.invoke(app, [*usage, "--usage", "tree/**/*.jsonl"])
    assert result.exit_code == 0, result.output
    assert any(n.startswith(shallow) for n in json.loads(result.stdout)["usage"]["notes"])
