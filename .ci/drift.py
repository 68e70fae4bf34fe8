"""Drift check: does the suite still pass with the newest and the oldest releases the bounds in
pyproject.toml allow? A maintainer runs it (it needs the package registry); CI does not.

Usage (from the repository root):
    python .ci/drift.py                   # both: newest, then oldest direct dependencies
    python .ci/drift.py --only newest     # or --only oldest
    python .ci/drift.py -- -k loader      # arguments after -- go to pytest

For each resolution it makes a fresh virtual environment with uv (installed into a temporary
venv when it is not on PATH), installs the project with its test extra, runs the suite, and
reports which releases differ from .ci/requirements.lock, which tests broke and whether ruff and
mypy still pass as CI runs them. Exit code 0 when
every resolution passed, 1 when one broke, 2 when one could not be installed.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import venv
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / ".ci" / "requirements.lock"
RESOLUTIONS = {"newest": "highest", "oldest": "lowest-direct"}
# What CI checks besides the suite: a newer ruff or mypy, or older type stubs, show here.
CHECKS = [
    ["ruff", "check", "cli", "rules", "tests"],
    ["ruff", "format", "--check", "cli", "rules", "tests"],
    ["mypy", "-p", "toolsearch"],
    ["mypy", "tests"],
]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


@dataclass
class Outcome:
    """What one resolution installed and how the suite fared."""

    name: str
    installed: dict[str, str] = field(default_factory=dict)
    failed: list[str] = field(default_factory=list)
    install_error: str = ""
    passed: int = 0


def normalise(name: str) -> str:
    """A distribution name as PEP 503 compares it."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_pins(text: str) -> dict[str, str]:
    """``name==version`` lines of a lock or ``pip freeze`` output, by normalised name."""
    pins: dict[str, str] = {}
    for line in text.splitlines():
        found = PIN.match(line.strip())
        if found:
            pins.setdefault(normalise(found.group(1)), found.group(2))
    return pins


def find_uv(work: Path) -> str:
    """uv from PATH, or installed into a venv of its own under ``work``."""
    found = shutil.which("uv")
    if found:
        return found
    tools = work / "uv-venv"
    venv.create(tools, with_pip=True)
    subprocess.run([str(tools / "bin" / "pip"), "install", "--quiet", "uv"], check=True)
    return str(tools / "bin" / "uv")


def run_resolution(name: str, uv: str, work: Path, pytest_args: list[str]) -> Outcome:
    """Install the project under one resolution in a new venv and run the suite."""
    outcome = Outcome(name)
    env_dir = work / f"venv-{name}"
    python = env_dir / "bin" / "python"
    subprocess.run([uv, "venv", "--quiet", "--python", sys.executable, str(env_dir)], check=True)
    install = subprocess.run(
        [
            *(uv, "pip", "install", "--quiet", "--python", str(python)),
            *("--resolution", RESOLUTIONS[name], "--config-setting", "editable_mode=strict"),
            *("-e", f"{ROOT}[test]"),
        ],
        capture_output=True,
        text=True,
    )
    if install.returncode != 0:
        outcome.install_error = (install.stderr or install.stdout).strip()
        return outcome
    freeze = subprocess.run(
        [uv, "pip", "freeze", "--python", str(python)], capture_output=True, text=True, check=True
    )
    outcome.installed = read_pins(freeze.stdout)
    report = work / f"junit-{name}.xml"
    subprocess.run(
        [
            *(str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider"),
            *(f"--junitxml={report}", *pytest_args),
        ],
        cwd=ROOT,
    )
    outcome.failed, outcome.passed = read_junit(report)
    for check in CHECKS:
        done = subprocess.run([str(python), "-m", *check], cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            last = (done.stdout + done.stderr).strip().splitlines()[-1:] or ["(no output)"]
            outcome.failed.append(f"{' '.join(check)}: {last[0]}")
    return outcome


def read_junit(report: Path) -> tuple[list[str], int]:
    """Failed test ids and the count of passed tests from a JUnit XML report."""
    if not report.is_file():
        return ["(pytest wrote no report: it did not run)"], 0
    failed: list[str] = []
    passed = 0
    for case in ElementTree.parse(report).iter("testcase"):
        test_id = f"{case.get('classname', '')}::{case.get('name', '')}"
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(test_id)
        elif case.find("skipped") is None:
            passed += 1
    return failed, passed


def describe(outcome: Outcome, locked: dict[str, str]) -> list[str]:
    """The report lines of one resolution."""
    lines = [f"== {outcome.name}"]
    if outcome.install_error:
        lines.append("install failed:")
        lines.extend(f"  {line}" for line in outcome.install_error.splitlines()[-15:])
        return lines
    changed = [
        f"  {name}: {locked.get(name, 'not locked')} -> {version}"
        for name, version in sorted(outcome.installed.items())
        if locked.get(name) != version and name != "toolsearch"
    ]
    lines.append("differs from the lock:" if changed else "same releases as the lock")
    lines.extend(changed)
    if outcome.failed:
        lines.append(f"BROKE: {len(outcome.failed)} failed, {outcome.passed} passed")
        lines.extend(f"  {test}" for test in outcome.failed)
    else:
        lines.append(f"passed: {outcome.passed} tests")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(RESOLUTIONS))
    parser.add_argument("pytest_args", nargs="*", help="after --: arguments for pytest")
    args = parser.parse_args()
    names = [args.only] if args.only else list(RESOLUTIONS)
    locked = read_pins(LOCK.read_text(encoding="utf-8")) if LOCK.is_file() else {}
    with tempfile.TemporaryDirectory(prefix="toolsearch-drift-") as tmp:
        work = Path(tmp)
        uv = find_uv(work)
        outcomes = [run_resolution(name, uv, work, args.pytest_args) for name in names]
    print()
    for outcome in outcomes:
        print("\n".join(describe(outcome, locked)))
    if any(outcome.install_error for outcome in outcomes):
        return 2
    return 1 if any(outcome.failed for outcome in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
