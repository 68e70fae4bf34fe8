"""Imports point one way: no import circle among toolsearch's modules (cli/ and rules/).

Imports inside functions count: they hide a circle from Python, not from a reader. The five
circles found when this test was written (issue 13) are taken apart; none may come back.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"cli": "toolsearch", "rules": "toolsearch.rules"}

# Circles tolerated for now, each by its modules; none is left, and none may be added.
KNOWN_CIRCLES: frozenset[frozenset[str]] = frozenset()


def module_name(path: Path) -> str:
    folder = path.relative_to(ROOT).parts[0]
    parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGES[folder], *parts])


def modules() -> dict[str, Path]:
    return {
        module_name(path): path for folder in PACKAGES for path in (ROOT / folder).rglob("*.py")
    }


def imported(tree: ast.AST, known: Iterable[str]) -> set[str]:
    """The toolsearch modules a module's code imports, anywhere in it."""
    names = set(known)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            candidates = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for candidate in candidates:
            while candidate and candidate not in names:
                candidate = candidate.rpartition(".")[0]
            if candidate:
                found.add(candidate)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module's imports of the others (a copy: the sources are parsed once a process)."""
    return {name: set(imports) for name, imports in _parsed_import_graph().items()}


@functools.cache
def _parsed_import_graph() -> dict[str, set[str]]:
    found = modules()
    graph: dict[str, set[str]] = {}
    for name, path in found.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        graph[name] = imported(tree, found) - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.add(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(frozenset(members))
    return found


def test_the_circle_finder_finds_circles_and_only_them() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"f"}, "f": {"e"}, "g": set()}
    assert sorted(sorted(c) for c in circles(graph)) == [["a", "b", "c"], ["e", "f"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_imports_inside_functions_count() -> None:
    tree = ast.parse("def f():\n    from toolsearch.b import thing\n    import toolsearch.c\n")
    known = {"toolsearch", "toolsearch.b", "toolsearch.c"}
    assert imported(tree, known) == {"toolsearch.b", "toolsearch.c"}


def test_no_new_import_circle() -> None:
    found = set(circles(import_graph()))
    new = [sorted(circle) for circle in found if circle not in KNOWN_CIRCLES]
    gone = [sorted(circle) for circle in KNOWN_CIRCLES if circle not in found]
    assert not new, f"new import circles (make the imports point one way): {new}"
    assert not gone, f"circles taken apart: remove them from KNOWN_CIRCLES: {gone}"


# Packages that must not import each other (either way), and imports that must point one way.
APART = [("toolsearch.lint", "toolsearch.recommend")]  # both edit through toolsearch.edits
ONE_WAY = [("toolsearch.report", "toolsearch.commands")]  # reporters sit below the commands


def package_imports(graph: dict[str, set[str]], source: str, target: str) -> list[str]:
    """``module -> module`` for each import from package ``source`` into package ``target``."""

    def inside(module: str, package: str) -> bool:
        return module == package or module.startswith(package + ".")

    return sorted(
        f"{module} -> {found}"
        for module, imports in graph.items()
        if inside(module, source)
        for found in imports
        if inside(found, target)
    )


def test_the_package_check_finds_imports_between_packages() -> None:
    graph = {"p.a": {"q.b"}, "q.b": set(), "p.c": {"p.a"}}
    assert package_imports(graph, "p", "q") == ["p.a -> q.b"]
    assert package_imports(graph, "q", "p") == []


def test_lint_and_recommend_do_not_import_each_other() -> None:
    graph = import_graph()
    for first, second in APART:
        found = package_imports(graph, first, second) + package_imports(graph, second, first)
        assert not found, f"{first} and {second} import each other: {found}"


def test_reporters_do_not_import_the_commands() -> None:
    graph = import_graph()
    for below, above in ONE_WAY:
        found = package_imports(graph, below, above)
        assert not found, f"{below} imports {above}: {found}"
