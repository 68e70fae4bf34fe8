"""Every ``$ toolsearch ...`` example in README.md and on the site runs, and prints what it shows.

An example is a ```` ```console ```` block: each ``$ toolsearch ...`` line is run, and the lines
after it, up to the next ``$`` line, are what it must print (stdout and stderr as a terminal
shows them, 100 columns wide, no colour). A ``...`` line stands for any lines, none included;
``...`` inside a line, for any text.
An HTML comment just above the block says where it runs:

- ``<!-- example: cwd=fixtures/example -->``: in that folder of the checkout (default: the
  checkout's root);
- ``<!-- example: workspace=NAME -->``: in a fresh folder laid out by ``WORKSPACES[NAME]``
  (files copied from fixtures under the names the example uses: ``docs`` is fixtures/docs);
- ``<!-- example: shared -->``: needs ``../shared/catalogs`` (skipped when it is absent);
- ``<!-- example: not run: REASON -->``: shown, not run (REASON says why: the network, say).

README's examples run the console script in a real process, as a user runs them; the site's run
in this process through typer's runner (the same command, arguments, folder and environment;
a process's start-up and imports, repeated for each of some sixty examples, were a tenth of the
suite's CPU).

``pytest tests/test_doc_examples.py --update-expected`` rewrites the shown output from the run.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import CATALOGS, FIXTURES, ROOT
from toolsearch.app import app

PAGES = ROOT / "docs" / "pages"
BLOCK = re.compile(
    r"(?:<!-- example: (?P<directive>[^>]*?) -->\n+)?```console\n(?P<body>.*?)^```", re.S | re.M
)
PROMPT = "$ "


@dataclass
class Example:
    """One ``$ toolsearch`` line and the output shown under it."""

    path: Path
    line: int
    command: str
    shown: list[str]


@dataclass
class Block:
    """A console block's examples, run in order in one folder."""

    path: Path
    line: int
    directive: str
    examples: list[Example]


def doc_files() -> list[Path]:
    files = [ROOT / "README.md"]
    if PAGES.is_dir():
        files += sorted(p for p in PAGES.rglob("*.md") if "rules" not in p.parts[-2:-1])
    return files


def blocks_in(path: Path) -> Iterator[Block]:
    text = path.read_text(encoding="utf-8")
    for found in BLOCK.finditer(text):
        body_start = text.count("\n", 0, found.start("body"))
        lines = found.group("body").splitlines()
        examples = []
        index = 0
        while index < len(lines):
            line = lines[index]
            if not line.startswith(PROMPT + "toolsearch"):
                index += 1
                continue
            end = index + 1
            while end < len(lines) and not lines[end].startswith(PROMPT):
                end += 1
            examples.append(
                Example(path, body_start + index + 1, line[len(PROMPT) :], lines[index + 1 : end])
            )
            index = end
        if examples:
            directive = (found.group("directive") or "").strip()
            yield Block(path, examples[0].line, directive, examples)


def all_blocks() -> list[Block]:
    return [block for path in doc_files() for block in blocks_in(path)]


def _docs_workspace(folder: Path) -> Path:
    """fixtures/docs, with the rejected example request as request.json."""
    shutil.copytree(FIXTURES / "docs", folder, dirs_exist_ok=True)
    shutil.copyfile(FIXTURES / "example" / "rejected-request.json", folder / "request.json")
    return folder


def _beside_shared_workspace(folder: Path) -> Path:
    """An empty folder with ../shared beside it (a link to the real one)."""
    (folder / "shared").symlink_to(CATALOGS.parent, target_is_directory=True)
    (folder / "work").mkdir()
    return folder / "work"


def _notion_workspace(folder: Path) -> Path:
    """A writable copy of the shared Notion catalog (the slimming example fixes it)."""
    shutil.copyfile(CATALOGS / "notion.json", folder / "notion.json")
    (folder / "notion.json").chmod(0o644)
    return folder


def _baseline_workspace(folder: Path) -> Path:
    """The docs workspace with a baseline recorded from fixtures/docs/baseline/tools-before.json."""
    _docs_workspace(folder)
    shutil.copyfile(
        FIXTURES / "docs" / "baseline" / "toolsearch-baseline.json",
        folder / "toolsearch-baseline.json",
    )
    return folder


def _sessions_workspace(folder: Path) -> Path:
    """fixtures/example beside fixtures/sessions, run from the example folder."""
    shutil.copytree(FIXTURES / "example", folder / "example")
    shutil.copytree(FIXTURES / "sessions", folder / "sessions")
    return folder / "example"


WORKSPACES: dict[str, Callable[[Path], Path]] = {
    "docs": _docs_workspace,
    "docs-baseline": _baseline_workspace,
    "sessions": _sessions_workspace,
    "beside-shared": _beside_shared_workspace,
    "notion": _notion_workspace,
}


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether printed lines fit the shown ones (``...`` stands for any lines, none included)."""
    pattern = "".join(
        "(?:.*\n)*?" if line.strip() == "..." else _line_pattern(line.rstrip()) + "\n"
        for line in shown
    )
    text = "".join(line.rstrip() + "\n" for line in printed)
    return re.fullmatch(pattern, text) is not None


def _line_pattern(line: str) -> str:
    """A shown line; ``...`` inside it stands for any text (a path that differs, say)."""
    return ".*".join(re.escape(part) for part in line.split("..."))


EXAMPLE_ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb", "PYTHONIOENCODING": "utf-8"}


def run(example: Example, folder: Path) -> list[str]:
    """What the example prints: README's in a real process, the site's in this one."""
    if example.path.name == "README.md":
        return run_in_a_process(example, folder)
    return run_in_this_process(example, folder)


def run_in_a_process(example: Example, folder: Path) -> list[str]:
    env = {**os.environ, **EXAMPLE_ENV}
    argv = shlex.split(example.command)
    script = Path(sys.executable).parent / "toolsearch"  # the console script, as users run it
    done = subprocess.run(
        [str(script), *argv[1:]],
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return (done.stdout + done.stderr).splitlines()


def run_in_this_process(example: Example, folder: Path) -> list[str]:
    argv = shlex.split(example.command)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        result = CliRunner().invoke(app, argv[1:], env=EXAMPLE_ENV, prog_name="toolsearch")
    if not isinstance(result.exception, (SystemExit, type(None))):
        raise result.exception  # a traceback a real process would have printed
    return (result.stdout + result.stderr).splitlines()


def folder_for(block: Block, tmp_path: Path) -> Path:
    directive = block.directive
    if directive.startswith("not run:"):
        pytest.skip(f"shown, not run: {directive.removeprefix('not run:').strip()}")
    if "shared" in directive.split() and not CATALOGS.is_dir():
        pytest.skip("../shared/catalogs is absent")
    for word in directive.split():
        key, _, value = word.partition("=")
        if key == "cwd":
            return (ROOT / value).resolve()
        if key == "workspace":
            return WORKSPACES[value](tmp_path)
    return ROOT


BLOCKS = all_blocks()


@pytest.mark.parametrize(
    "block", BLOCKS, ids=[f"{b.path.relative_to(ROOT)}:{b.line}" for b in BLOCKS]
)
def test_examples_print_what_they_show(
    block: Block, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    folder = folder_for(block, tmp_path)
    failures = []
    for example in block.examples:
        printed = run(example, folder)
        if matches(example.shown, printed):
            continue
        if request.config.getoption("--update-expected"):
            rewrite(example, printed)
            continue
        failures.append(
            f"{example.path.relative_to(ROOT)}:{example.line}: `{example.command}` printed\n"
            + "\n".join(printed)
            + "\n--- but the page shows ---\n"
            + "\n".join(example.shown)
        )
    assert not failures, "\n\n".join(failures)


def rewrite(example: Example, printed: list[str]) -> None:
    """Put what the example printed under it in its file (the update mode; run it with -n 0).

    The example's line is found by its text nearest its old place, since rewriting an earlier
    example of the same file moves the lines after it."""
    lines = example.path.read_text(encoding="utf-8").split("\n")
    wanted = PROMPT + example.command
    places = [i for i, line in enumerate(lines) if line == wanted]
    if not places:
        return
    start = min(places, key=lambda i: abs(i - (example.line - 1))) + 1
    end = start
    while end < len(lines) and not lines[end].startswith((PROMPT, "```")):
        end += 1
    lines[start:end] = [line.rstrip() for line in printed]
    example.path.write_text("\n".join(lines), encoding="utf-8")


def test_the_examples_are_found() -> None:
    assert sum(len(block.examples) for block in BLOCKS) >= 40
    assert FIXTURES.is_dir()
