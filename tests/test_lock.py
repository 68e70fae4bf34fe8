"""The locked install: README's test command is CI's, and the locks agree with pyproject.toml."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
TEST_LOCK = ROOT / ".ci" / "requirements.lock"
RUNTIME_LOCK = ROOT / ".ci" / "runtime.lock"
DOCS_LOCK = ROOT / ".ci" / "docs.lock"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)(?:\s*;\s*([^\\]+?))?\s*\\?$")


def locked(path: Path) -> dict[str, list[tuple[str, str, int]]]:
    """Pins of a lock by name: (version, environment marker, number of hashes)."""
    pins: dict[str, list[tuple[str, str, int]]] = {}
    current: list[tuple[str, str, int]] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        found = PIN.match(line)
        if found:
            name, version, marker = found.groups()
            current = pins.setdefault(canonicalize_name(name), [])
            current.append((version, (marker or "").strip(), 0))
        elif current and line.strip().startswith("--hash=sha256:"):
            version, marker, hashes = current[-1]
            current[-1] = (version, marker, hashes + 1)
    return pins


def requirements(*extras: str) -> list[Requirement]:
    """The project's dependencies, its build backend and the named extras."""
    texts = list(PYPROJECT["project"]["dependencies"]) + list(PYPROJECT["build-system"]["requires"])
    for extra in extras:
        texts += PYPROJECT["project"]["optional-dependencies"][extra]
    return [Requirement(text) for text in texts]


def readme_test_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"To run the tests.*?```console\n(.+?)\n```", text, re.S)
    assert found, "README.md has no test command under 'To run the tests'"
    return found.group(1).strip()


def test_readme_test_command_is_what_ci_runs_word_for_word() -> None:
    command = readme_test_command()
    assert "--require-hashes -r .ci/requirements.lock" in command
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci_lines
    development = (ROOT / "README.md").read_text(encoding="utf-8").split("## Development", 1)[1]
    assert command in development.splitlines()


@pytest.mark.parametrize(
    ("lock", "extras"), [(TEST_LOCK, ("test",)), (RUNTIME_LOCK, ())], ids=["test", "runtime"]
)
def test_every_requirement_is_locked_inside_its_bounds_with_hashes(
    lock: Path, extras: tuple[str, ...]
) -> None:
    pins = locked(lock)
    for requirement in requirements(*extras):
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not in {lock.name}: run bash .ci/lock"
        for version, marker, hashes in pins[name]:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"{lock.name} pins {name}=={version} ({marker or 'any Python'}), outside "
                f"pyproject.toml's {requirement}: run bash .ci/lock"
            )
            assert hashes >= 1, f"{lock.name}: {name}=={version} has no sha256"


def test_runtime_lock_holds_no_extra() -> None:
    runtime = locked(RUNTIME_LOCK)
    only_for_tests = {canonicalize_name(r.name) for r in requirements("test")} - {
        canonicalize_name(r.name) for r in requirements()
    }
    assert only_for_tests, "the test extra adds nothing?"
    assert not only_for_tests & set(runtime), "the wheel check must run without the extras"


def test_docs_lock_holds_the_docs_extra_inside_its_bounds() -> None:
    pins = locked(DOCS_LOCK)
    for text in PYPROJECT["project"]["optional-dependencies"]["docs"]:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not in docs.lock: run bash .ci/lock"
        assert all(requirement.specifier.contains(v, prereleases=True) for v, _, _ in pins[name])


def test_every_pin_of_the_locks_has_a_hash() -> None:
    for lock in (TEST_LOCK, RUNTIME_LOCK, DOCS_LOCK):
        for name, entries in locked(lock).items():
            assert all(hashes for _, _, hashes in entries), f"{lock.name}: {name} has no hash"


def test_every_dependency_bound_says_why() -> None:
    """Each requirement line of pyproject.toml's dependency lists carries a comment, on its line
    or on the comment lines just above it."""
    lines = (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    section = ""
    in_list = False
    explained = False
    missing: list[str] = []
    lists = {"build-system": "requires", "project": "dependencies"}
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped.strip("[]")
            continue
        wanted = lists.get(section, r"[a-z]+" if section == "project.optional-dependencies" else "")
        if wanted and re.fullmatch(rf"({wanted}) = \[", stripped):
            in_list, explained = True, False
            continue
        if in_list and stripped.startswith("]"):
            in_list = False
            continue
        if not in_list:
            continue
        if stripped.startswith("#"):
            explained = True
            continue
        if stripped.startswith('"'):
            if "#" not in stripped and not explained:
                missing.append(stripped)
            explained = False
    assert not missing, f"dependency bounds without a reason: {missing}"
