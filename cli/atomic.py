"""Atomic file writes that keep the file's mode: a crash leaves the original intact."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path


def write_text_atomic(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to a temporary file beside ``path``, then rename it over ``path``."""
    write_bytes_atomic(path, text.encode(encoding))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write bytes atomically, keeping an existing file's permission bits."""
    try:
        target = path.resolve(strict=False) if path.is_symlink() else path
    except RuntimeError:  # Python before 3.13 reports a symlink loop so
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path)) from None
    try:
        mode: int | None = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _new_file_mode() -> int:
    """What ``open`` would give a new file: 0o666 less the umask (mkstemp's own is 0o600)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask
