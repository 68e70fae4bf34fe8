"""Atomic writes: the original survives an interrupted write, and the file mode is kept."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from toolsearch.atomic import write_text_atomic


def test_replaces_content_and_keeps_mode(tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    path.write_text("old")
    path.chmod(0o640)
    write_text_atomic(path, "new")
    assert path.read_text() == "new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["tools.json"]


def test_interrupted_write_leaves_the_original(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tools.json"
    path.write_text("original")

    def interrupted(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_text_atomic(path, "half-written")
    assert path.read_text() == "original"
    assert [p.name for p in tmp_path.iterdir()] == ["tools.json"]


def test_failed_write_of_data_leaves_the_original(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tools.json"
    path.write_text("original")

    def no_space(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(OSError, match="No space"):
        write_text_atomic(path, "x" * 1000)
    assert path.read_text() == "original"
    assert len(list(tmp_path.iterdir())) == 1


def test_writes_through_a_symlink(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    os.symlink(target, link)
    write_text_atomic(link, "new")
    assert link.is_symlink()
    assert target.read_text() == "new"


def test_a_symlink_loop_is_an_os_error(tmp_path: Path) -> None:
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop.name)
    with pytest.raises(OSError) as caught:
        write_text_atomic(loop, "{}")
    assert caught.value.errno == errno.ELOOP
    assert loop.is_symlink() and list(tmp_path.iterdir()) == [loop]
