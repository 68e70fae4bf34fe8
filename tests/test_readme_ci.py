"""The docs' CI configs (docs/pages/ci.md): every YAML block parses, and every toolsearch line runs.

Install steps are not run (decisions.md); ``toolsearch`` is this checkout's console script. A
config line may find problems (exit 1) but must be a valid command (never 2 or 3).
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.ci_harness import ci_env, run_action, run_shell
from tests.conftest import FIXTURES, ROOT, docs_text

README = ROOT / "docs" / "pages" / "ci.md"  # the site's "In CI" page
FENCE = re.compile(r"^```yaml\n(.*?)^```", re.MULTILINE | re.DOTALL)


def ci_blocks() -> list[Any]:
    return [yaml.safe_load(b) for b in FENCE.findall(README.read_text(encoding="utf-8"))]


def hooks() -> dict[str, dict[str, Any]]:
    data = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    return {h["id"]: h for h in data}


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A repository as the README's configs expect it: tools.json, a config, a baseline."""
    work = tmp_path / "repo"
    work.mkdir()
    shutil.copy(FIXTURES / "example" / "request.json", work / "tools.json")
    (work / ".toolsearch.yaml").write_text("catalog: tools.json\n")
    done = run_shell(
        "toolsearch lint tools.json --baseline toolsearch-baseline.json --update-baseline",
        work,
        ci_env(),
    )
    assert done.returncode == 0, done.stderr
    return work


def check(done: Any, what: str) -> None:
    assert done.returncode in (0, 1), f"{what}: exit {done.returncode}\n{done.stderr}"
    assert "error:" not in done.stderr, f"{what}: {done.stderr}"


def test_every_yaml_block_in_the_readme_parses() -> None:
    blocks = FENCE.findall(docs_text())
    assert len(blocks) >= 5
    for block in blocks:
        yaml.safe_load(block)


def shell_lines(script: str | list[str]) -> list[str]:
    lines = script if isinstance(script, list) else script.splitlines()
    return [line.strip() for line in lines if line.strip().startswith("toolsearch ")]


def test_pre_commit_configs(workspace: Path) -> None:
    configs = [b for b in ci_blocks() if isinstance(b, dict) and "repos" in b]
    assert len(configs) == 2
    known = hooks()
    ran = 0
    for config in configs:
        for repo in config["repos"]:
            assert repo["rev"] and repo["repo"]
            for hook in repo["hooks"]:
                spec = known[hook["id"]]  # a KeyError means the README names no real hook
                files = hook.get("files", spec.get("files"))
                if files:
                    re.compile(files)
                argv = [*shlex.split(spec["entry"]), *hook.get("args", [])]
                if spec.get("pass_filenames", True):
                    argv.append("tools.json")
                check(run_shell(shlex.join(argv), workspace, ci_env()), hook["id"])
                ran += 1
    assert ran == 3


def test_github_workflow(workspace: Path, tmp_path: Path) -> None:
    (workflow,) = [b for b in ci_blocks() if isinstance(b, dict) and "jobs" in b]
    ran = 0
    for job in workflow["jobs"].values():
        for step in job["steps"]:
            uses = step.get("uses", "")
            if uses.startswith("toolsearch/toolsearch@"):
                done = run_action(step.get("with", {}), workspace, tmp_path / "runner")
                check(done, uses)
                ran += 1
            for line in shell_lines(step.get("run", "")):
                check(run_shell(line, workspace, ci_env()), line)
                ran += 1
    assert ran == 3
    sarif = workspace / "toolsearch.sarif"
    assert sarif.read_text().lstrip().startswith("{")


def test_gitlab_ci(workspace: Path) -> None:
    (config,) = [
        b
        for b in ci_blocks()
        if isinstance(b, dict) and any(isinstance(j, dict) and "script" in j for j in b.values())
    ]
    ran = 0
    for job in config.values():
        for line in shell_lines(job["script"]):
            check(run_shell(line, workspace, ci_env()), line)
            ran += 1
        report = job["artifacts"]["reports"]["codequality"]
        assert (workspace / report).read_text().lstrip().startswith("[")
    assert ran == 3
