"""Record what every command prints on the fixtures and the shared catalogs, and compare later.

Usage (from the repository root, with toolsearch installed):
    python -m tests.outputs record DIR     # before a change that must not change output
    python -m tests.outputs compare DIR    # after it: lists every run whose output differs

Each run goes through typer's runner in this process with ``TOOLSEARCH_NO_CACHE=1``; stdout,
stderr and the exit code are kept per run. ``../shared/catalogs`` is used when it is present.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "catalogs"
FORMATS = {
    "budget": ["text", "json", "markdown", "github"],
    "lint": ["text", "json", "sarif", "github", "markdown", "gitlab"],
    "query": ["text", "json", "tool-reference"],
    "recommend": ["text", "json"],
    "eval": ["text", "json"],
}
ENV = {"TOOLSEARCH_NO_CACHE": "1", "NO_COLOR": "1", "COLUMNS": "120", "GITHUB_ACTIONS": ""}
QUERIES = ["send message", "list files"]
TARGETS = ["", "claude-code"]  # "": the default


def catalogs() -> list[list[str]]:
    """Source lists: each dialect and example file, each rule's fixture folder, each shared
    catalog and the shared folder as a whole."""
    fixtures = ROOT / "fixtures"
    found = [
        [str(path.relative_to(ROOT))]
        for folder in ("dialects", "example")
        for path in sorted((fixtures / folder).iterdir())
        if path.suffix in {".json", ".yaml", ".yml"}
    ]
    found += [[str(path.relative_to(ROOT))] for path in sorted((fixtures / "rules").iterdir())]
    if SHARED.is_dir():
        found += [[str(path)] for path in sorted(SHARED.glob("*.json"))]
        found.append([str(SHARED)])
    return found


def runs() -> Iterator[list[str]]:
    """Every command line to record, under the default target and under each other one."""
    for target in TARGETS:
        for argv in target_runs():
            yield [*argv, "--target", target] if target else argv


def target_runs() -> Iterator[list[str]]:
    """Every command line to record under one target."""
    for sources in catalogs():
        for command, formats in FORMATS.items():
            for fmt in formats:
                if command == "query":
                    for query in QUERIES:
                        yield [command, query, *sources, "--format", fmt]
                elif command == "eval":
                    yield [command, "--self", *sources, "--format", fmt]
                else:
                    yield [command, *sources, "--format", fmt]
    for fmt in FORMATS["eval"]:
        yield ["eval", "fixtures/eval/small.jsonl", "fixtures/eval/small.json", "--format", fmt]


def key(argv: list[str]) -> str:
    return hashlib.sha256("\0".join(argv).encode()).hexdigest()[:16]


def run(argv: list[str]) -> dict[str, object]:
    """One command in-process (typer's runner: the same output, without a process start)."""
    from typer.testing import CliRunner

    from toolsearch.app import app

    result = CliRunner().invoke(app, argv, env=ENV)
    return {"argv": argv, "code": result.exit_code, "stdout": result.stdout, "err": result.stderr}


def record(folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    all_runs = list(runs())
    for argv in all_runs:
        (folder / f"{key(argv)}.json").write_text(json.dumps(run(argv)), encoding="utf-8")
    print(f"recorded {len(all_runs)} runs in {folder}")
    return 0


def compare(folder: Path) -> int:
    all_runs = list(runs())
    differ = 0
    for argv in all_runs:
        result = run(argv)
        saved_path = folder / f"{key(argv)}.json"
        if not saved_path.is_file():
            print(f"not recorded: toolsearch {' '.join(argv)}")
            differ += 1
            continue
        saved = json.loads(saved_path.read_text(encoding="utf-8"))
        changed = [part for part in ("code", "stdout", "err") if saved[part] != result[part]]
        if changed:
            differ += 1
            print(f"differs ({', '.join(changed)}): toolsearch {' '.join(argv)}")
    print(f"{len(all_runs) - differ} of {len(all_runs)} runs byte-identical")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["record", "compare"])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    return record(args.folder) if args.action == "record" else compare(args.folder)


if __name__ == "__main__":
    sys.exit(main())
