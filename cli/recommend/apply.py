"""``recommend --apply`` and ``--diff``: edit the files, check the result, then write or show it.

Nothing is written unless every edited file passes every check: it is a file (not stdin), the
edited text parses to exactly the intended data, and linting the result finds no error that
linting the original did not (by rule, source and tool), with clear refusals for the errors
toolsearch cannot fix (a model without tool search, tools with ``input_examples``). Files are
written atomically, keeping their mode and byte-order mark.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass
from typing import Any

from toolsearch.catalog.inputs import Inputs
from toolsearch.catalog.loader import Document
from toolsearch.catalog.model import Tool
from toolsearch.edits.file_change import FileChange, render_plan, write_back
from toolsearch.edits.file_plan import FilePlan
from toolsearch.edits.search_tool import search_tool_entry
from toolsearch.errors import ToolsearchError
from toolsearch.recommend.apply_plan import (
    always_load_meta,
    plan_always_load,
    plan_scope,
    toolset_fragment,
)
from toolsearch.recommend.openai_plan import plan_openai_scope
from toolsearch.recommend.recommend import Recommendation, ScopeChoice

NewErrors = Callable[[list[tuple[FilePlan, str]]], list[str]]  # errors the edits would add


class ApplyRefused(ToolsearchError):
    """``--apply`` or ``--diff`` would not give a faithful, error-free result. Exit code 2."""


@dataclass(frozen=True)
class Advice:
    """What to set for an MCP ``tools/list`` source, which has no deferral field."""

    scope: str
    source: str
    keep: tuple[str, ...]
    tools: int
    toolset: Mapping[str, Any]
    search_tool: Mapping[str, str]
    always_load: tuple[str, ...]
    drop_always_load: tuple[str, ...] = ()  # tools to defer that have _meta alwaysLoad
    server_always_load_off: bool = False  # its server's alwaysLoad: false defers every tool


@dataclass(frozen=True)
class Outcome:
    """The files changed (written or only shown) and the advice for MCP sources."""

    changes: tuple[FileChange, ...]
    advice: tuple[Advice, ...]


def advise(recommendation: Recommendation, edited: Set[str] = frozenset()) -> tuple[Advice, ...]:
    """The mcp_toolset fragment and Claude Code's alwaysLoad for each MCP source that keeps a
    tool loaded (or under Claude Code, loses one), but those ``--apply``/``--diff`` edited."""
    found: list[Advice] = []
    for choice in recommendation.scopes:
        by_metadata = choice.before.host.apply == "server-metadata"
        if not (choice.scope.kind == "mcp" or by_metadata) or not choice.deferral:
            continue
        for source in choice.scope.sources:
            if source in edited:
                continue
            tools = [r for r in choice.ranked if r.tool.source == source]
            keep = [r.tool.name for r in tools if r.kept]
            drop = [r.tool.name for r in tools if not r.kept and r.tool.always_load]
            if not keep and not drop:
                continue
            found.append(
                Advice(
                    choice.scope.name,
                    source,
                    tuple(keep),
                    len(tools),
                    toolset_fragment(source, keep),
                    search_tool_entry(recommendation.search),
                    tuple(always_load_meta(name) for name in keep),
                    tuple(drop),
                    source in choice.scope.always_load_off,
                )
            )
    return tuple(found)


def carry_out(
    recommendation: Recommendation, inputs: Inputs, new_errors: NewErrors, write: bool
) -> Outcome:
    """Plan, check (``new_errors``: the lint errors the edits would add) and, when ``write``,
    write the edits; raise ApplyRefused with every reason."""
    plans: dict[str, FilePlan] = {}
    by_display = {d.display: d for d in inputs.documents}
    refusals: list[str] = []
    for choice in recommendation.scopes:
        if choice.deferral and choice.before.host.apply == "server-metadata":
            _plan_claude_code(choice, by_display, plans)
            continue
        if not choice.deferral or choice.scope.kind not in ("request", "tools"):
            continue
        document = by_display[choice.scope.files[0]]
        plan = plans.setdefault(document.display, FilePlan(document))
        refusals.extend(_gains(choice, document))
        if write and document.path is None:
            refusals.append(
                f"{document.display}: cannot write back to standard input; pass a file, or use "
                "--diff to see the change"
            )
        if choice.before.host.apply == "responses-functions":
            plan_openai_scope(choice, plan)
        else:
            plan_scope(choice, plan, recommendation.search)
    changes: list[tuple[FilePlan, str]] = []
    for plan in plans.values():
        refusals.extend(plan.refusals)
        if plan.edit.empty or plan.refusals:
            continue
        after = render_plan(plan, refusals)
        if after is not None and after != plan.document.text:
            changes.append((plan, after))
    if not refusals and changes:
        refusals.extend(new_errors(changes))
    if refusals:
        raise ApplyRefused("refusing to change the files: " + "; ".join(refusals))
    done = []
    for plan, after in changes:
        if write:
            write_back(plan.document, after)
        done.append(
            FileChange(plan.document.display, plan.document.text, after, tuple(plan.summary), write)
        )
    edited = {plan.document.source for plan in plans.values()}  # written, or already right
    return Outcome(tuple(done), advise(recommendation, edited))


def _plan_claude_code(
    choice: ScopeChoice, by_display: Mapping[str, Document], plans: dict[str, FilePlan]
) -> None:
    """Claude Code reads ``_meta["anthropic/alwaysLoad"]`` in each server's ``tools/list``:
    set it in every such file that is a file (a live server's list cannot be written)."""
    kept = {id(r.tool) for r in choice.kept}
    by_file: dict[str, list[Tool]] = {}
    for tool in choice.scope.tools:
        by_file.setdefault(tool.location.file, []).append(tool)
    for display, tools in by_file.items():
        document = by_display.get(display)
        if document is None or document.path is None:
            continue  # a live server or stdin: the advice says what to set
        plan = plans.setdefault(display, FilePlan(document))
        plan_always_load(tools, kept, plan)


def _gains(choice: ScopeChoice, document: Document) -> list[str]:
    """Errors the result would gain that toolsearch cannot fix, each with why."""
    scope = choice.scope
    if scope.uses_tool_search or scope.deferred_tools:
        return []
    found = []
    model = choice.before.model
    if model.tool_search == "unsupported":
        found.append(
            f"{document.display}: model {choice.before.model_id!r} ({model.label}) does not "
            f"support tool search ({model.note}); deferring tools would make the API reject the "
            "request: change the model first"
        )
    examples = [t.name for t in scope.tools if t.raw.get("input_examples")]
    if examples:
        found.append(
            f"{document.display}: {', '.join(examples)} ha{'s' if len(examples) == 1 else 've'} "
            "input_examples, which the docs have called incompatible with tool search "
            "(lint rule examples-with-tool-search): move the examples into the descriptions "
            "first, or keep this request without tool search"
        )
    return found
