"""The command line is a layer with no logic: ``toolsearch.cli`` (the only package that imports
typer) has a module per command whose body hands every value to one function, and the
commands do the rest in ``toolsearch.commands``."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any

import pytest

from toolsearch.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "cli" / "cli"
MAX_LINES = 300
RUNNERS = {"run_command": ("run",), "run_catalog_command": ("prepare", "execute")}


def cli_modules() -> list[Path]:
    return sorted(CLI.glob("*.py"))


def test_no_module_of_the_cli_is_over_300_lines() -> None:
    long = {p.name: n for p in cli_modules() if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, f"split these: {long}"


def test_only_the_cli_imports_typer() -> None:
    found = []
    for folder in ("cli", "rules"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if CLI in path.parents:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(name == "typer" or name.startswith("typer.") for name in names):
                    found.append(str(path.relative_to(ROOT)))
    assert not found, f"typer belongs to toolsearch.cli: {found}"


def hand_over_problems(function: ast.FunctionDef) -> list[str]:
    """Why a command's body is more than one call that hands each of its values over: it must
    be a docstring and ``run_command("<command>", output, name=name, ...)`` (or
    ``run_catalog_command``), naming every parameter once, computing nothing."""
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Expr):
        return ["the body is not one call"]
    call = body[0].value
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        return ["the body is not one call of a runner"]
    problems = []
    if call.func.id not in RUNNERS:
        problems.append(f"calls {call.func.id}, not one of {sorted(RUNNERS)}")
    if len(call.args) != 2 or not isinstance(call.args[0], ast.Constant):
        return [*problems, "the runner is not given the command's name and the output"]
    output = call.args[1]
    if not (
        isinstance(output, ast.Name) or (isinstance(output, ast.Constant) and output.value is None)
    ):
        problems.append("the output is computed")
    params = [a.arg for a in function.args.args]
    handed: list[str] = []
    for keyword in call.keywords:
        if not (isinstance(keyword.value, ast.Name) and keyword.value.id == keyword.arg):
            problems.append(f"{keyword.arg}= is computed, not handed over")
        handed.append(keyword.arg or "**")
    if sorted(handed) != sorted(params):
        problems.append(f"hands over {handed}, not every parameter {params}")
    return problems


def command_functions() -> list[tuple[str, ast.FunctionDef]]:
    found = []
    for path in cli_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in RUNNERS
                for n in ast.walk(node)
            ):
                found.append((path.stem, node))
    return found


def test_the_hand_over_check_finds_logic() -> None:
    good = 'def c(a, o):\n    """Doc."""\n    run_command("x", o, a=a, o=o)\n'
    assert hand_over_problems(ast.parse(good).body[0]) == []  # type: ignore[arg-type]
    computed = 'def c(a, o):\n    run_command("x", o, a=a or 3, o=o)\n'
    assert hand_over_problems(ast.parse(computed).body[0])  # type: ignore[arg-type]
    branching = 'def c(a, o):\n    if a:\n        pass\n    run_command("x", o, a=a, o=o)\n'
    assert hand_over_problems(ast.parse(branching).body[0])  # type: ignore[arg-type]
    missing = 'def c(a, b, o):\n    run_command("x", o, a=a, o=o)\n'
    assert hand_over_problems(ast.parse(missing).body[0])  # type: ignore[arg-type]


def test_every_command_is_one_hand_over_call() -> None:
    functions = command_functions()
    registered = {getattr(command.callback, "__name__", "") for command in _commands()}
    assert {f.name for _, f in functions} == registered
    for module, function in functions:
        assert hand_over_problems(function) == [], f"{module}.{function.name}"


def _commands() -> list[Any]:
    import typer.main

    group = typer.main.get_group(app)
    return list(group.commands.values())


@pytest.mark.parametrize("module", sorted({m for m, _ in command_functions()}))
def test_each_command_module_has_what_its_runner_calls(module: str) -> None:
    for found, function in command_functions():
        if found != module:
            continue
        call = function.body[-1].value  # type: ignore[attr-defined]
        commands = importlib.import_module(f"toolsearch.commands.{call.args[0].value}")
        for name in RUNNERS[call.func.id]:
            assert callable(getattr(commands, name, None)), f"toolsearch.commands.{module}.{name}"
