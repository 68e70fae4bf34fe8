"""What the client harnesses share: a network namespace with only loopback, one headless
session, and a dump of it for a person looking into a failure."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path


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


def run_headless(
    command: list[str], workdir: Path, environment: dict[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    """One client session, with no standard input, its output kept."""
    return subprocess.run(
        command,
        cwd=workdir,
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def dump_when_asked(
    variable: str, requests: object, run: subprocess.CompletedProcess[str], suffix: str
) -> None:
    """For a person looking into a failure: the requests the fake API received, and the
    client's output beside them, written where ``variable`` names (nothing when unset)."""
    if not os.environ.get(variable):
        return
    dump = Path(os.environ[variable])
    dump.write_text(json.dumps(requests, indent=1))
    dump.with_suffix(suffix).write_text(run.stdout + "\n--- stderr\n" + run.stderr)
