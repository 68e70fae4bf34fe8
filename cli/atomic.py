"""Atomic file writes that keep the file's mode: a crash leaves the original intact.

Only regular files are replaced: a device, FIFO or directory behind a name (or behind a
symlink) is refused, as are a read-only file and one with other hard links, which a rename
would silently replace or split.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path


class RefusedTarget(OSError):
    """The path exists but is not a file an atomic write may replace; ``strerror`` says why."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(errno.EPERM, reason, str(path))


def write_text_atomic(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to a temporary file beside ``path``, then rename it over ``path``."""
    write_bytes_atomic(path, text.encode(encoding))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write bytes atomically, keeping an existing file's permission bits; a new file gets the
    mode the umask allows (as ``open`` would give), not the temporary file's 0600."""
    try:
        target = path.resolve(strict=False) if path.is_symlink() else path
    except RuntimeError:  # Python before 3.13 reports a symlink loop so
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path)) from None
    try:
        status: os.stat_result | None = target.stat()
    except FileNotFoundError:
        status = None
    mode = _mode_for_new_file() if status is None else _replaceable_mode(target, status)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _replaceable_mode(target: Path, status: os.stat_result) -> int:
    """The permission bits of an existing regular file that may be replaced; else refuse."""
    if not stat.S_ISREG(status.st_mode):
        raise RefusedTarget(
            target, f"not a regular file ({file_kind(status.st_mode)}): refusing to replace it"
        )
    mode = stat.S_IMODE(status.st_mode)
    if not mode & 0o222:
        raise RefusedTarget(
            target, "the file is read-only: refusing to replace it; make it writable first"
        )
    if status.st_nlink > 1:
        raise RefusedTarget(
            target,
            f"the file has {status.st_nlink} hard links, which replacing it would split: "
            "refusing; give it a copy of its own (cp FILE TMP && mv TMP FILE) first",
        )
    return mode


def _mode_for_new_file() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def file_kind(mode: int) -> str:
    """'a FIFO', 'a directory', ... for a file that is not regular."""
    kinds = [
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ]
    return next((name for test, name in kinds if test(mode)), "a special file")
