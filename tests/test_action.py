"""The composite ``action.yml``: its inputs, its install step, and its lint step run for real."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from tests.ci_harness import action, action_steps, run_action
from tests.conftest import FIXTURES

ALL_DEFERRED = FIXTURES / "rules" / "all-deferred" / "bad.json"


def test_inputs_are_paths_and_args() -> None:
    data = action()
    assert set(data["inputs"]) == {"paths", "args"}
    assert all(data["inputs"][name]["required"] is False for name in ("paths", "args"))
    assert data["runs"]["using"] == "composite"


def test_installs_from_its_own_path() -> None:
    (install,) = [s for s in action_steps() if s.get("id") == "install"]
    assert '"$GITHUB_ACTION_PATH"' in install["run"]
    assert "$GITHUB_PATH" in install["run"]
    python = action_steps()[0]
    assert python["uses"].startswith("actions/setup-python@")
    assert python["with"]["update-environment"] is False


def test_every_script_is_valid_bash_and_has_no_inline_expressions() -> None:
    for step in action_steps():
        if "run" not in step:
            continue
        assert step["shell"] == "bash"
        # inputs reach scripts through env, never pasted into the script (no injection)
        assert "${{" not in step["run"]
        checked = subprocess.run(["bash", "-n"], input=step["run"], text=True, capture_output=True)
        assert checked.returncode == 0, checked.stderr


def test_lint_step_annotates_and_fails_on_findings(tmp_path: Path) -> None:
    work = tmp_path / "repo"
    work.mkdir()
    shutil.copy(ALL_DEFERRED, work / "request.json")
    shutil.copy(FIXTURES / "example" / "request.json", work / "good.json")
    summary = tmp_path / "summary.md"
    done = run_action(
        {"paths": "*.json", "args": "--select all-deferred"},
        work,
        tmp_path / "runner",
        GITHUB_STEP_SUMMARY=str(summary),
        GITHUB_WORKSPACE=str(work),
    )
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("::error file=request.json,line=4,col=12,title=all-deferred::")
    assert lines[-1] == "1 error, 0 warnings, 0 info in 13 tools + 2 tool searches in 2 files"
    assert "| error | request.json:4:12 | all 3 tools are deferred" in summary.read_text()


def test_lint_step_passes_and_args_reach_lint(tmp_path: Path) -> None:
    work = tmp_path / "repo"
    work.mkdir()
    shutil.copy(FIXTURES / "example" / "request.json", work / "tools.json")
    done = run_action(
        {"paths": "tools.json", "args": "--select all-deferred --format json"},
        work,
        tmp_path / "runner",
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["summary"] == {"error": 0, "warning": 0, "info": 0}


def test_empty_paths_use_the_config_catalog(tmp_path: Path) -> None:
    work = tmp_path / "repo"
    work.mkdir()
    shutil.copy(ALL_DEFERRED, work / "broken.json")
    (work / ".toolsearch.yaml").write_text("catalog: broken.json\n")
    done = run_action({"args": "--select all-deferred"}, work, tmp_path / "runner")
    assert done.returncode == 1
    assert done.stdout.startswith("::error file=broken.json,line=4,")
