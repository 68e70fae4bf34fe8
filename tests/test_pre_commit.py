"""The pre-commit hooks, run by the real ``pre-commit`` tool from a repository that uses them.

pre-commit installs the hook repository into its own virtual environment, so this is the one
test that may use the package registries (decisions.md); it skips when the hooks cannot be
installed and pip cannot reach them (asked only then).
The hook repository is a snapshot of what ``pip install .`` reads from this checkout as it is
now (``pyproject.toml``, README.md, the package folders; tracked and untracked files git does
not ignore) and ``.pre-commit-hooks.yaml``, committed with fixed dates, so the same files give
the same commit. pre-commit's environments are kept under ``.pytest_cache/pre-commit``, keyed by
that commit: a run after a change to those files builds the environment again from the
registries (the one real end-to-end install); a run with the same files reuses it, offline.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT, TEST_CACHE

GIT_ENV = {
    "GIT_AUTHOR_NAME": "toolsearch tests",
    "GIT_AUTHOR_EMAIL": "tests@example.invalid",
    "GIT_COMMITTER_NAME": "toolsearch tests",
    "GIT_COMMITTER_EMAIL": "tests@example.invalid",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
    # fixed dates: the same files make the same commit, which keys pre-commit's environment
    "GIT_AUTHOR_DATE": "2025-01-01T00:00:00+00:00",
    "GIT_COMMITTER_DATE": "2025-01-01T00:00:00+00:00",
}
HOOK_CACHE = TEST_CACHE / "pre-commit"
BUILD_FILES = (".pre-commit-hooks.yaml", "pyproject.toml", "README.md", "setup.cfg", "setup.py")
SEARCH = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
WEATHER = {
    "name": "get_weather",
    "description": "Current weather for a city: temperature, wind and the chance of rain.",
    "defer_loading": True,
    "input_schema": {
        "type": "object",
        "properties": {"city": {"type": "string", "description": "City name, e.g. Paris."}},
        "required": ["city"],
    },
}


def env(**extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "GIT_"))}
    return {**base, **GIT_ENV, "NO_COLOR": "1", **extra}


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", *args], cwd=cwd, env=env(), capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def registries_reachable(tmp: Path) -> str | None:
    """None when pip can resolve this checkout's dependencies, else why not."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    requirements = [*project["build-system"]["requires"], *project["project"]["dependencies"]]
    (tmp / "requirements.txt").write_text("\n".join(requirements) + "\n")
    pip = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed"]
    done = subprocess.run(
        [*pip, "--quiet", "--no-cache-dir", "--timeout", "15", "-r", str(tmp / "requirements.txt")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode == 0:
        return None
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    return lines[-1] if lines else f"pip exited {done.returncode}"


def hook_inputs() -> list[str]:
    """The checkout's files pre-commit reads to install the hooks: the hooks file, the build's
    files and the package folders pyproject.toml names (``package-dir``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    folders = tuple(
        f"{folder}/" for folder in project["tool"]["setuptools"]["package-dir"].values()
    )
    listed = git(ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    return [
        name
        for name in filter(None, listed.split("\0"))
        if (name in BUILD_FILES or name.startswith(folders) or name.startswith("LICENSE"))
        and (ROOT / name).is_file()
    ]


def snapshot_of_checkout(target: Path) -> str:
    """Commit the hook inputs' current contents into ``target``; returns the commit."""
    target.mkdir()
    for name in hook_inputs():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    git(target, "init", "--quiet")
    git(target, "add", "--all")
    git(target, "commit", "--quiet", "--message", "snapshot of the toolsearch checkout")
    return git(target, "rev-parse", "HEAD")


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str, Path]]:
    """The hook repository, its commit and pre-commit's home, kept between runs for one commit.

    The home's environment is only reused once a run ended with it and pre-commit logged no
    error (``complete``); a lock keeps two suites in one checkout from building it at once;
    older commits' folders go."""
    scratch = tmp_path_factory.mktemp("pre-commit")
    rev = snapshot_of_checkout(scratch / "toolsearch")
    HOOK_CACHE.mkdir(parents=True, exist_ok=True)
    with (HOOK_CACHE / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        kept = HOOK_CACHE / rev
        if not (kept / "complete").is_file():
            shutil.rmtree(kept, ignore_errors=True)
            kept.mkdir()
            shutil.move(scratch / "toolsearch", kept / "toolsearch")
        for old in HOOK_CACHE.iterdir():
            if old.is_dir() and old != kept:
                shutil.rmtree(old, ignore_errors=True)
        home = kept / "home"
        yield kept / "toolsearch", rev, home
        if (home / "db.db").is_file() and not (home / "pre-commit.log").exists():
            (kept / "complete").touch()  # pre-commit logs there what failed, an install too


def pre_commit(cwd: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", *args],
        cwd=cwd,
        env=env(PRE_COMMIT_HOME=str(home), PRE_COMMIT_COLOR="never"),
        capture_output=True,
        text=True,
        timeout=1200,
    )


def write_catalog(path: Path, search_deferred: bool) -> None:
    search = {**SEARCH, "defer_loading": True} if search_deferred else SEARCH
    request = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [search, WEATHER]}
    path.write_text(json.dumps(request, indent=2) + "\n")


@pytest.mark.slow
def test_hooks_fail_on_a_broken_catalog_and_pass_once_fixed(
    hook_repo: tuple[Path, str, Path], tmp_path: Path
) -> None:
    repo, rev, home = hook_repo
    user = tmp_path / "user"
    user.mkdir()
    git(user, "init", "--quiet")
    config = {
        "repos": [
            {
                "repo": str(repo),
                "rev": rev,
                "hooks": [{"id": "toolsearch-lint"}, {"id": "toolsearch-budget"}],
            }
        ]
    }
    (user / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config))
    (user / ".toolsearch.yaml").write_text("catalog: tools.json\nbudget:\n  max-upfront: 20000\n")
    write_catalog(user / "tools.json", search_deferred=True)
    (user / "tools").mkdir()
    (user / "tools" / "settings.json").write_text('{"theme": "dark"}\n')  # matched, not a catalog
    (user / "package.json").write_text('{"name": "app", "version": "1.0.0"}\n')  # not matched
    git(user, "add", "--all")

    done = pre_commit(user, home, "run", "--all-files")
    out = done.stdout + done.stderr
    if (home / "pre-commit.log").exists():  # the hooks' environment could not be built
        why = registries_reachable(tmp_path)  # asked only then: a resolve costs 4-5 s of CPU
        if why is not None:
            pytest.skip(f"the package registries are unreachable: {why}")
    assert done.returncode == 1, out
    assert "toolsearch lint" in out and "Failed" in out
    assert "- hook id: toolsearch-lint" in out
    assert "tools.json" in out and "4:12" in out  # the line and column of the tools array
    assert "all 2 tools are deferred (the tool search tool included)" in out
    assert "[all-deferred]" in out
    assert "note: skipped tools/settings.json: not a tool catalog" in out
    assert "package.json" not in out
    assert "- hook id: toolsearch-budget" not in out  # the budget hook passed

    write_catalog(user / "tools.json", search_deferred=False)
    git(user, "add", "--all")
    done = pre_commit(user, home, "run", "--all-files", "--verbose")
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "[all-deferred]" not in out
    # the lint report (other rules may add advice); the skipped settings.json is not counted
    assert "in 1 tool + tool search in 1 file" in out
    assert "upfront: system prompt" in out  # the budget hook ran on the config's catalog

    (user / ".toolsearch.yaml").write_text("catalog: tools.json\nbudget:\n  max-upfront: 10\n")
    git(user, "add", "--all")
    done = pre_commit(user, home, "run", "toolsearch-budget")
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "FAIL: scope 'tools': upfront" in out and "exceeds budget.max-upfront 10" in out
