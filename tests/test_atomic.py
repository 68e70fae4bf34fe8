"""Atomic writes: the original survives an interrupted write, and the file mode is kept."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from toolsearch.atomic import RefusedTarget, write_text_atomic


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


def test_a_new_file_gets_the_umask_mode_not_0600(tmp_path: Path) -> None:
    previous = os.umask(0o022)
    try:
        write_text_atomic(tmp_path / "new.json", "{}")
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644


@pytest.mark.parametrize("kind", ["fifo", "device-link", "fifo-link", "directory"])
def test_only_regular_files_are_replaced(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "fifo-link":
        os.mkfifo(tmp_path / "pipe")
        path.symlink_to(tmp_path / "pipe")
    elif kind == "device-link":
        path.symlink_to("/dev/null")
    else:
        path.mkdir()
    with pytest.raises(RefusedTarget, match=r"^.*not a regular file \(a .*\): refusing"):
        write_text_atomic(path, "{}")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)  # still the device
    assert not path.is_file()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_read_only_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    path.write_text("old")
    path.chmod(0o444)
    with pytest.raises(RefusedTarget) as caught:
        write_text_atomic(path, "new")
    assert caught.value.strerror == (
        "the file is read-only: refusing to replace it; make it writable first"
    )
    assert path.read_text() == "old"


def test_a_hard_linked_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    path.write_text("old")
    os.link(path, tmp_path / "other.json")
    with pytest.raises(RefusedTarget, match="2 hard links"):
        write_text_atomic(path, "new")
    assert path.read_text() == "old" and path.stat().st_nlink == 2
