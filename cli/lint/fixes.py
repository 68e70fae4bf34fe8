"""``lint --fix`` and ``--diff``: the certain, local fixes, made with ``recommend --apply``'s
format-keeping editors (JSON key order and indentation, YAML comments) and written atomically.

Fixes run in passes, as ruff's do: each pass lints the current text, plans an edit for each
fixable finding, renders and checks the files, and the next pass lints the result (loading the
search tool in one pass gives a ``cache_control`` breakpoint somewhere to go in the next). A
fix that would add a finding (by rule, source and tool) is left out, with a note saying why:
``--fix`` never adds a finding.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from toolsearch.analysis import Analysis
from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.loader import Document, parse_text
from toolsearch.catalog.locate import join_pointer, split_pointer
from toolsearch.catalog.model import Catalog, Location, Scope, Tool
from toolsearch.config import Config
from toolsearch.edits.edit_plan import Edit, EditConflict
from toolsearch.edits.file_change import FileChange, render_plan, write_back
from toolsearch.edits.file_plan import FilePlan, move_cache_control, value_at
from toolsearch.edits.search_tool import search_tool_entry
from toolsearch.hosts.scopes import load_catalog
from toolsearch.lint.findings import Diagnostic, Severity
from toolsearch.lint.fixable import is_fixable
from toolsearch.lint.linter import run
from toolsearch.lint.rule_contract import Rule, RuleOptions

MAX_PASSES = 4
Enabled = Sequence[tuple[Rule, Severity, RuleOptions]]
# (catalog, documents, config, model, scope name) -> the scope's tools, best first, or None
RankTools = Callable[[Catalog, list[Document], Config, str | None, str], list[Tool] | None]
FindingKey = tuple[str, str, str | None]


@dataclass(frozen=True)
class FixOutcome:
    """The files a fix changes (written with ``--fix``), how many findings it fixed, and notes
    about fixes left out; ``inputs`` is the run over the fixed text."""

    changes: tuple[FileChange, ...]
    fixed: Counter[str]
    notes: tuple[str, ...]
    inputs: Inputs


@dataclass
class _State:
    """The documents as the fixes have left them so far, by display name."""

    documents: dict[str, Document]
    summaries: dict[str, list[str]] = field(default_factory=dict)


def fix(
    inputs: Inputs,
    config: Config,
    selected: Enabled,
    guard: Enabled,
    model: str | None,
    write: bool,
    rank: RankTools,
    unsafe: bool = False,
) -> FixOutcome:
    """Fix the findings of the ``selected`` rules that can be fixed (with ``unsafe``, the
    unsafe fixes too), leaving out any fix that adds a finding of the ``guard`` rules; write
    the files when ``write``, else only show. ``rank`` orders a scope's tools as ``recommend``
    does (the command hands it over: ``lint`` does not import ``recommend``)."""
    originals = {d.display: d for d in inputs.documents}
    state = _State(dict(originals))
    before: Counter[FindingKey] | None = None  # linted once there is something to fix
    fixed: dict[str, Counter[str]] = {}  # rules fixed, by the file of the finding
    notes: list[str] = []
    refused: set[tuple[str, str, str | None, str]] = set()  # fixes that would add a finding
    for _ in range(MAX_PASSES):
        documents = list(state.documents.values())
        catalog = _catalog(documents, inputs)
        found = run(_analysis(catalog, documents, config, model), selected)
        wanted = [d for d in found if is_fixable(d.rule, unsafe) and _identity(d) not in refused]
        if not wanted:
            break
        if before is None:
            before = _keys(_lint(inputs.documents, inputs, config, guard, model))
        done = _one_pass(
            wanted, catalog, state, _Context(inputs, config, model, rank), guard, before, notes
        )
        refused.update(_identity(d) for d in wanted if id(d) in done.refused)
        if not done.fixed:
            break
        for d in wanted:
            if id(d) in done.fixed:
                fixed.setdefault(d.file, Counter())[d.rule] += 1
    changes = []
    final = dict(originals)
    for display, document in state.documents.items():
        original = originals[display]
        if document.text == original.text:
            continue
        if write:
            if original.path is None:
                notes.append(
                    f"{display}: not fixed: standard input or a live server cannot be written "
                    "back; use --diff"
                )
                fixed.pop(display, None)
                continue
            write_back(original, document.text)
            final[display] = document
        summary = merged_summary(state.summaries.get(display, ()))
        changes.append(FileChange(display, original.text, document.text, summary, write))
    total = sum(fixed.values(), Counter[str]())
    if any(rule in _SLIM_SUMMARY for rule in total):
        notes.append(_slimmed_note(inputs, list(state.documents.values()), config, model, write))
    fixed_inputs = Inputs(
        _catalog(list(final.values()), inputs), tuple(final.values()), inputs.notes
    )
    return FixOutcome(tuple(changes), total, tuple(notes), fixed_inputs)


@dataclass(frozen=True)
class _Pass:
    """The ids of the diagnostics a pass fixed, and of those whose fix would add a finding
    (a fix with nowhere to go yet is neither: a later pass tries it again)."""

    fixed: set[int]
    refused: set[int]


def _identity(d: Diagnostic) -> tuple[str, str, str | None, str]:
    return (d.rule, d.scope, d.tool, d.message)


def _one_pass(
    wanted: list[Diagnostic],
    catalog: Catalog,
    state: _State,
    ctx: _Context,
    enabled: Enabled,
    before: Counter[FindingKey],
    notes: list[str],
) -> _Pass:
    """Plan and check one pass of fixes; keep them all when they add no finding, else each one
    that adds none on its own."""
    scopes = {s.name: s for s in catalog.scopes}
    attempt = _attempt(wanted, scopes, state, ctx, enabled, before)
    if attempt is not None:
        return _Pass(attempt, set())
    done = _Pass(set(), set())
    for d in wanted:
        single = _attempt([d], scopes, state, ctx, enabled, before)
        if single is None:
            notes.append(
                f"not fixed: [{d.rule}] {_where(d)}: the fix would add a finding; fix it by hand"
            )
            done.refused.add(id(d))
            continue
        done.fixed.update(single)
        scopes = {s.name: s for s in _catalog(list(state.documents.values()), ctx.inputs).scopes}
    return done


def _attempt(
    wanted: list[Diagnostic],
    scopes: Mapping[str, Scope],
    state: _State,
    ctx: _Context,
    enabled: Enabled,
    before: Counter[FindingKey],
) -> set[int] | None:
    """Apply the fixes of ``wanted`` to ``state`` when the result adds no finding; the ids of
    the diagnostics fixed, or None (``state`` unchanged) when it would add one."""
    plans: dict[str, FilePlan] = {}
    done: set[int] = set()
    for d in wanted:
        scope = scopes.get(d.scope)
        if scope is None:
            continue
        if _plan(d, scope, state, plans, ctx):
            done.add(id(d))
    rendered: dict[str, Document] = {}
    for display, plan in plans.items():
        if plan.edit.empty or plan.refusals:
            continue
        refusals: list[str] = []
        after = render_plan(plan, refusals)
        if after is None:
            done.clear()
            return None if len(wanted) > 1 else set()
        rendered[display] = _reparsed(plan.document, after)
    if not rendered:
        return set()
    documents = [rendered.get(k, d) for k, d in state.documents.items()]
    after_keys = _keys(_lint(documents, ctx.inputs, ctx.config, enabled, ctx.model))
    if any(count > before[key] for key, count in after_keys.items()):
        return None
    state.documents.update(rendered)
    for display, plan in plans.items():
        if display in rendered:
            state.summaries.setdefault(display, []).extend(plan.summary)
    return done


def _where(d: Diagnostic) -> str:
    return f"{d.identity_source}/{d.tool}" if d.tool else d.identity_source


def _plan(
    d: Diagnostic,
    scope: Scope,
    state: _State,
    plans: dict[str, FilePlan],
    ctx: _Context,
) -> bool:
    """Add the edits that fix ``d`` to the plan of the file they change; whether there are."""
    planner = PLANNERS[d.rule]
    try:
        return planner(d, scope, _Plans(state, plans), ctx)
    except EditConflict:
        return False


@dataclass(frozen=True)
class _Context:
    inputs: Inputs
    config: Config
    model: str | None
    rank: RankTools


@dataclass(frozen=True)
class _Plans:
    """The file plans of a pass, made on demand for the current text of a file."""

    state: _State
    plans: dict[str, FilePlan]

    def for_file(self, display: str) -> FilePlan | None:
        document = self.state.documents.get(display)
        if document is None:
            return None
        return self.plans.setdefault(display, FilePlan(document))


def _anthropic(tool: Tool) -> bool:
    return not tool.dialect.startswith("openai")


def _undefer(plans: _Plans, location: Location, summary: str) -> bool:
    """Remove ``defer_loading`` from the entry at ``location``, saying so."""
    plan = plans.for_file(location.file)
    if plan is None:
        return False
    plan.edit.delete_key(location.pointer, "defer_loading")
    plan.summary.append(summary)
    return True


def _load_search_tool(d: Diagnostic, scope: Scope, plans: _Plans, ctx: _Context) -> bool:
    for tool in scope.search_tools:
        if tool.raw.get("defer_loading") is True and tool.name == d.tool:
            label = tool.name or tool.type
            return _undefer(plans, tool.location, f"load the search tool {label!r}")
    return False


def _move_breakpoint(d: Diagnostic, scope: Scope, plans: _Plans, ctx: _Context) -> bool:
    """Move ``cache_control`` from the deferred tool to the last loaded entry of ``tools``."""
    entries: list[tuple[str | None, Any, str]] = [
        (t.name, t.raw, t.location.pointer) for t in scope.tools if t.toolset is None
    ]
    entries += [(t.name, t.raw, t.location.pointer) for t in scope.server_tools]
    tools = [t for t in scope.tools if t.toolset is None and _anthropic(t)]
    deferred = [
        (name, raw, pointer)
        for name, raw, pointer in entries
        if name == d.tool and raw.get("defer_loading") is True and "cache_control" in raw
    ]
    if len(deferred) != 1 or scope.tools_location is None:
        return False
    name, raw, pointer = deferred[0]
    plan = plans.for_file(scope.tools_location.file)
    if plan is None:
        return False
    kept = {id(t) for t in tools if not t.deferred}
    before = len(plan.refusals)
    plan.edit.delete_key(pointer, "cache_control")
    move_cache_control(scope, kept, [(name or "?", raw["cache_control"])], None, plan)
    if len(plan.refusals) > before:  # no loaded entry to move it to: not certain, not done
        del plan.refusals[before:]
        plan.edit.at(pointer).delete.remove("cache_control")
        return False
    return True


def _keep_first_ranked(d: Diagnostic, scope: Scope, plans: _Plans, ctx: _Context) -> bool:
    """Keep loaded the tool ``recommend`` ranks first (one it can load by a local edit)."""
    documents = list(plans.state.documents.values())
    catalog = _catalog(documents, ctx.inputs)
    ranked = ctx.rank(catalog, documents, ctx.config, ctx.model, scope.name)
    if ranked is None:
        return False
    for tool in ranked:
        if not _anthropic(tool):
            continue
        if tool.toolset is None and tool.raw.get("defer_loading") is True:
            summary = f"keep {tool.name} loaded (ranked first by recommend)"
            return _undefer(plans, tool.location, summary)
        if tool.toolset is not None:
            return _load_toolset_tool(tool, scope, plans)
    return False


def _load_toolset_tool(tool: Tool, scope: Scope, plans: _Plans) -> bool:
    """``configs.<tool>.defer_loading: false`` in the tool's ``mcp_toolset``."""
    toolset = next((t for t in scope.toolsets if t.server_name == tool.toolset), None)
    if toolset is None:
        return False
    plan = plans.for_file(toolset.location.file)
    if plan is None:
        return False
    pointer = toolset.location.pointer
    configs = toolset.raw.get("configs")
    if not isinstance(configs, Mapping):
        plan.edit.set_key(pointer, "configs", {tool.name: {"defer_loading": False}})
    elif isinstance(configs.get(tool.name), Mapping):
        entry = pointer + join_pointer("configs") + join_pointer(tool.name)
        plan.edit.set_key(entry, "defer_loading", False)
    else:
        plan.edit.set_key(pointer + join_pointer("configs"), tool.name, {"defer_loading": False})
    plan.summary.append(f"mcp_toolset {toolset.server_name!r}: keep {tool.name} loaded")
    return True


def _add_search_tool(d: Diagnostic, scope: Scope, plans: _Plans, ctx: _Context) -> bool:
    """Append the BM25 tool search tool to the scope's ``tools`` array."""
    location = scope.tools_location
    if scope.kind not in ("request", "tools") or location is None:
        return False
    if any(not _anthropic(t) for t in scope.tools):
        return False
    from toolsearch.rules.deferred_without_search import looks_like_search_tool

    if any(looks_like_search_tool(t) for t in scope.tools):
        return False  # a custom search tool is there: loading it, or not, is the user's call
    plan = plans.for_file(location.file)
    if plan is None:
        return False
    entries = value_at(plan.document.data, location.pointer)
    if not isinstance(entries, list):
        return False
    value = dict(search_tool_entry("bm25"))
    plan.edit.insert_item(location.pointer, len(entries), value)
    plan.summary.append(f"add {value['name']}")
    return True


def _slim_schema(d: Diagnostic, scope: Scope, plans: _Plans, ctx: _Context) -> bool:
    """Delete the keys the finding's rule cuts from the tool's input schema (each cut keeps
    the instances the schema accepts: ``toolsearch.lint.slimming``)."""
    from toolsearch.catalog.places import field_pointer
    from toolsearch.lint.slimming import cuts_of

    tool = next((t for t in scope.tools if (t.name, t.source) == (d.tool, d.source)), None)
    if tool is None:
        return False
    cuts = cuts_of(tool.input_schema, tool.name, [d.rule])
    plan = plans.for_file(tool.location.file)
    if not cuts or plan is None:
        return False
    base = tool.location.pointer + field_pointer(tool, "input_schema")
    if not isinstance(value_at(plan.document.data, base), Mapping):
        return False
    if any(_clashes(plan.edit, base + cut.pointer, cut.key) for cut in cuts):
        return False  # another fix of this pass edits there: the next pass sees its result
    for cut in cuts:
        plan.edit.delete_key(base + cut.pointer, cut.key)
        for key, value in cut.sets:
            plan.edit.set_key(base + cut.pointer, key, value)
    plan.summary.append(f"{tool.name}: {_SLIM_SUMMARY[d.rule]} x{len(cuts)}")
    return True


def _clashes(edit: Edit, pointer: str, key: str) -> bool:
    """Whether the edits made so far replace or delete something on the way to ``key`` at
    ``pointer``, or edit inside it (checked first, so that a fix is planned whole or not at
    all)."""
    node = edit
    for token in split_pointer(pointer):
        if token in node.set or token in node.delete:
            return True
        child = node.children.get(token)
        if child is None:
            return False
        node = child
    return key in node.children or key in node.set


def merged_summary(entries: Iterable[str]) -> tuple[str, ...]:
    """``drop x x2; drop x x3`` of several tools as one ``drop x x5 in 2 tools``."""
    counts: dict[str, list[int]] = {}
    kept: list[str] = []
    for entry in entries:
        what, _, times = entry.partition(": ")[2].rpartition(" x")
        if what in _SLIM_SUMMARY.values() and times.isdigit():
            if what not in counts:
                counts[what] = [0, 0]
                kept.append(what)
            counts[what][0] += int(times)
            counts[what][1] += 1
        else:
            kept.append(entry)
    result = []
    for entry in kept:
        if entry in counts:
            cut, tools = counts[entry]
            entry = f"{entry} x{cut} in {tools} tool{'s' if tools > 1 else ''}"
        result.append(entry)
    return tuple(result)


def _slimmed_note(
    inputs: Inputs, documents: list[Document], config: Config, model: str | None, write: bool
) -> str:
    """What the slimmed schemas save, as ``budget`` estimates the tools."""
    before = _analysis(inputs.catalog, inputs.documents, config, model).budget.rows
    after = _analysis(_catalog(documents, inputs), documents, config, model).budget.rows
    old, new = round(sum(r.tokens for r in before)), round(sum(r.tokens for r in after))
    verb = "fixed" if write else "would fix"
    return (
        f"tool definitions after the schema fixes ({verb}): about {old:,} -> {new:,} tokens "
        f"(-{old - new:,}; estimate, as toolsearch budget makes it)"
    )


_SLIM_SUMMARY = {
    "unused-definition": "drop unused definitions",
    "redundant-title": "drop titles that repeat a name",
    "redundant-additional-properties": "drop additionalProperties: true",
    "restated-default": "drop defaults and examples the description states",
    "title-in-schema": "drop property titles",
    "verbose-union": "write unions briefly",
}

Planner = Callable[[Diagnostic, Scope, _Plans, _Context], bool]
PLANNERS: dict[str, Planner] = {
    "deferred-search-tool": _load_search_tool,
    "deferred-with-cache-control": _move_breakpoint,
    "all-deferred": _keep_first_ranked,
    "deferred-without-search": _add_search_tool,
    **dict.fromkeys(_SLIM_SUMMARY, _slim_schema),
}


def _reparsed(original: Document, text: str) -> Document:
    data, locator, fmt = parse_text(text, original.display, original.format)
    return Document(original.source, original.path, original.display, text, data, fmt, locator)


def _catalog(documents: list[Document], inputs: Inputs) -> Catalog:
    catalog, _ = load_catalog(documents, inputs.catalog.target, skip_non_catalogs=True)
    return catalog


def _analysis(
    catalog: Catalog, documents: Iterable[Document], config: Config, model: str | None
) -> Analysis:
    return Analysis(catalog, config, model, {d.display: d for d in documents})


def _lint(
    documents: Iterable[Document],
    inputs: Inputs,
    config: Config,
    enabled: Enabled,
    model: str | None,
) -> list[Diagnostic]:
    listed = list(documents)
    return run(_analysis(_catalog(listed, inputs), listed, config, model), enabled)


def _keys(diagnostics: Iterable[Diagnostic]) -> Counter[FindingKey]:
    """Findings counted by rule, source and tool: a changed figure is not a new finding."""
    return Counter((d.rule, d.identity_source, d.tool) for d in diagnostics)
