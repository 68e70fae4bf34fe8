"""Run CI configs as a CI service would, without installing anything: shell lines and the action."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from tests.conftest import HANG_LIMIT, ROOT


def toolsearch_bin() -> Path:
    """The console script of the environment running the tests (this checkout, installed)."""
    beside = Path(sys.executable).parent / "toolsearch"
    found = beside if beside.exists() else shutil.which("toolsearch")
    assert found, "the toolsearch console script is not installed"
    return Path(found)


def ci_env(**extra: str) -> dict[str, str]:
    """The test's environment with this checkout's toolsearch first on PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "CI_"))}
    env["PATH"] = f"{toolsearch_bin().parent}{os.pathsep}{env.get('PATH', '')}"
    env["NO_COLOR"] = "1"
    env.update(extra)
    return env


def run_shell(line: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", line], cwd=cwd, env=env, capture_output=True, text=True, timeout=HANG_LIMIT
    )


def action() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "action.yml").read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def action_steps() -> list[dict[str, Any]]:
    steps = action()["runs"]["steps"]
    assert isinstance(steps, list)
    return steps


def run_action(
    inputs: dict[str, str], cwd: Path, runner_temp: Path, **env: str
) -> subprocess.CompletedProcess[str]:
    """Run the action's lint step as the runner would, its install step replaced by a link.

    The install step puts a virtual environment at ``$RUNNER_TEMP/toolsearch-venv``; here its
    ``bin/toolsearch`` is this checkout's console script.
    """
    venv_bin = runner_temp / "toolsearch-venv" / "bin"
    if not venv_bin.exists():
        venv_bin.mkdir(parents=True)
        (venv_bin / "toolsearch").symlink_to(toolsearch_bin())
    (step,) = [s for s in action_steps() if s.get("id") == "lint"]
    values = {"paths": inputs.get("paths", ""), "args": inputs.get("args", "")}
    step_env = {key: _expand(str(value), values) for key, value in (step.get("env") or {}).items()}
    return run_shell(
        str(step["run"]),
        cwd,
        ci_env(RUNNER_TEMP=str(runner_temp), GITHUB_ACTIONS="true", **step_env, **env),
    )


def _expand(value: str, inputs: dict[str, str]) -> str:
    for name, text in inputs.items():
        value = value.replace("${{ inputs." + name + " }}", text)
    assert "${{" not in value, f"unexpanded expression in {value!r}"
    return value
