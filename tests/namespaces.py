"""What the client harnesses need to run a client in a network namespace with only loopback."""

from __future__ import annotations

import shutil
import subprocess


def namespace_missing() -> str | None:
    """Why ``unshare --net`` cannot run here (not installed, not permitted), or None."""
    if shutil.which("unshare") is None:
        return "unshare is not installed (util-linux)"
    probe = subprocess.run(
        ["unshare", "--net", "--map-root-user", "true"], capture_output=True, check=False
    )
    if probe.returncode != 0:
        return "unshare --net is not permitted here: " + probe.stderr.decode(errors="replace")
    return None
