"""``toolsearch report``: one self-contained HTML page (styles and script inline, no network).

The page is a jinja2 template with autoescaping on, and every value it prints first has its
control and invisible characters written visibly (``\\u200b``): a catalog's names and
descriptions show as text, never as markup. A Content-Security-Policy allows only the page's
own script (by its hash) and no request at all. Only ``report`` imports this module.
"""

from __future__ import annotations

import base64
import hashlib
import inspect
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from typing import Any

import jinja2
import markupsafe

from toolsearch import __version__
from toolsearch.catalog.model import Tool
from toolsearch.cost.budget import Row, ScopeBudget
from toolsearch.lint.findings import Diagnostic, Severity
from toolsearch.page_run import SELF_CHECK_AT, Findable, PageReport, place_of
from toolsearch.recommend.usage import confidence
from toolsearch.report.render_settings import RenderSettings
from toolsearch.report.treemap import Placed, Rect, squarified
from toolsearch.sanitize import escape_unsafe

# The treemap is laid out in a 16:10 box; the page stretches it (to 3:4 on a phone), which
# scales every tile alike, so areas stay proportional to tokens.
BOX = Rect(0.0, 0.0, 160.0, 100.0)
LABELLED_GROUP = 0.012  # groups with at least this share of the box show their name
DESCRIPTION_SHOWN = 160  # characters of a description in the table of every tool
TOOLS_OPEN = 40  # up to this many tools, the table of every tool starts open
LIST_SHOWN = 200  # a list of findings or misses names this many, then says how many more


@dataclass
class ToolView:
    """One tool: its budget row, and what the page says about it."""

    index: int
    row: Row
    findings: list[Diagnostic] = field(default_factory=list)
    findable: Findable | None = None
    kept: bool = False  # kept loaded by the recommendation
    description: str | None = None
    parts: str = ""  # its largest parts and what lint --fix saves (budget --breakdown)
    shown: bool = True  # shown one by one (else summed with its source's other tools)
    rest = False

    @property
    def scope(self) -> str:
        return self.row.scope

    @property
    def source(self) -> str:
        return self.row.source

    @property
    def tokens(self) -> float:
        return self.row.tokens

    @property
    def anchor(self) -> str:
        return f"tool-{self.index}"

    @property
    def tile(self) -> str:
        return f"tile-{self.index}"

    @property
    def state(self) -> str:
        return "deferred" if self.row.deferred else "loaded"

    @property
    def rank_text(self) -> str:
        """The self-check's verdict in words."""
        found = self.findable
        if found is None:
            return "not searched (loaded)" if not self.row.deferred else "not checked"
        if found.error:
            return f"not checked: {found.error}"
        if found.rank is None:
            if found.hidden:
                return f"not found: {KEPT_FOR_APPS}"
            return "not found"
        return f"rank {found.rank}"

    @property
    def missed(self) -> bool:
        found = self.findable
        return found is not None and (found.rank is None or found.rank > SELF_CHECK_AT)


# why a tool Claude Code hides from the model (``hidden_from_model``) is never found
KEPT_FOR_APPS = (
    'kept for apps (_meta.ui.visibility without "model"): Claude Code neither lists nor searches it'
)


@dataclass
class Rest:
    """The tools of one source in one scope that the page does not show one by one, summed."""

    index: int
    views: list[ToolView]
    rest = True

    @property
    def scope(self) -> str:
        return self.views[0].row.scope

    @property
    def source(self) -> str:
        return self.views[0].row.source

    @cached_property
    def tokens(self) -> float:
        return sum(v.row.tokens for v in self.views)

    @property
    def anchor(self) -> str:
        return f"rest-{self.index}"

    @property
    def tile(self) -> str:
        return f"rest-tile-{self.index}"

    @cached_property
    def loaded(self) -> int:
        return sum(1 for v in self.views if not v.row.deferred)

    @property
    def state(self) -> str:
        """Its tools' state: the tile is striped when most of them are deferred."""
        return "loaded" if 2 * self.loaded > len(self.views) else "deferred"

    @cached_property
    def findings(self) -> int:
        return sum(len(v.findings) for v in self.views)

    @property
    def rank_text(self) -> str:
        """How many of its self-checked tools a search finds in the top 5."""
        checked = [v for v in self.views if v.findable is not None and not v.findable.error]
        if not checked:
            return "not checked"
        found = sum(1 for v in checked if not v.missed)
        return f"{found:,} of {len(checked):,} checked in the top {SELF_CHECK_AT}"


Shown = ToolView | Rest


@dataclass(frozen=True)
class Tile:
    """A tool's rectangle (or the rectangle of a source's tools summed), as percentages of the
    treemap."""

    tool: Shown
    left: float
    top: float
    width: float
    height: float
    under_label: bool = False  # at the top left of a scope whose name is written over it


@dataclass(frozen=True)
class Group:
    """A scope's or a source's outline, as percentages of the treemap."""

    name: str
    level: str  # "scope" or "source"
    tokens: float
    left: float
    top: float
    width: float
    height: float
    labelled: bool


@dataclass(frozen=True)
class RuleGroup:
    """The findings of one rule."""

    rule: str
    level: str
    summary: str
    doc: list[tuple[str, str]]  # (kind, text): "h" heading, "pre" code, "p" paragraph
    findings: list[tuple[Diagnostic, ToolView | None]]


def _pct(value: float, whole: float) -> float:
    return round(100.0 * value / whole, 4)


def _tiles(
    views: Sequence[Shown], budgets: Sequence[ScopeBudget]
) -> tuple[list[Tile], list[Group]]:
    """Scopes, then their sources, then their tools, nested; area = estimated tokens."""
    by_scope: dict[str, list[Shown]] = defaultdict(list)
    for view in views:
        by_scope[view.scope].append(view)
    scopes = [(s.scope.name, by_scope[s.scope.name]) for s in budgets if by_scope[s.scope.name]]
    tiles: list[Tile] = []
    groups: list[Group] = []
    total = sum(v.tokens for v in views) or 1.0

    def group(name: str, level: str, tokens: float, rect: Rect) -> Group:
        return Group(
            name,
            level,
            tokens,
            _pct(rect.x, BOX.width),
            _pct(rect.y, BOX.height),
            _pct(rect.width, BOX.width),
            _pct(rect.height, BOX.height),
            tokens / total >= LABELLED_GROUP,
        )

    def weight(item: tuple[str, list[Shown]]) -> float:
        return sum(v.tokens for v in item[1])

    many_scopes = len(scopes) > 1
    for placed_scope in squarified(scopes, weight, BOX):
        scope_name, scope_views = placed_scope.item
        corner = (placed_scope.rect.x, placed_scope.rect.y)
        labelled = False
        if many_scopes:
            outline = group(scope_name, "scope", weight(placed_scope.item), placed_scope.rect)
            groups.append(outline)
            labelled = outline.labelled
        by_source: dict[str, list[Shown]] = defaultdict(list)
        for view in scope_views:
            by_source[view.source].append(view)
        sources = list(by_source.items())
        for placed_source in squarified(sources, weight, placed_scope.rect):
            source_name, source_views = placed_source.item
            if len(sources) > 1 or source_name != scope_name:
                tokens = weight(placed_source.item)
                groups.append(group(source_name, "source", tokens, placed_source.rect))
            placed: list[Placed[Shown]] = squarified(
                source_views, lambda v: v.tokens, placed_source.rect
            )
            tiles.extend(
                Tile(
                    p.item,
                    _pct(p.rect.x, BOX.width),
                    _pct(p.rect.y, BOX.height),
                    _pct(p.rect.width, BOX.width),
                    _pct(p.rect.height, BOX.height),
                    labelled and _at(corner, p.rect),
                )
                for p in placed
            )
    return tiles, groups


def _at(corner: tuple[float, float], rect: Rect) -> bool:
    """Whether ``rect`` starts at ``corner`` (up to rounding)."""
    return abs(rect.x - corner[0]) < 1e-6 and abs(rect.y - corner[1]) < 1e-6


def _tool_views(report: PageReport) -> list[ToolView]:
    """Every budget row, with its findings, self-check rank and recommendation."""
    shown = report.shown
    views = [
        ToolView(i, row, shown=shown is None or (row.scope, row.file, row.pointer) in shown)
        for i, row in enumerate(report.budget.rows, 1)
    ]
    by_place = {(v.row.scope, v.row.file, v.row.pointer): v for v in views}
    for tool in report.tools:
        view = _view_of(tool, by_place)
        if view is not None:
            view.description = tool.sent_description
    _add_parts(report, views)
    for findability in report.findability:
        for found in findability.tools:
            view = _view_of(found.tool, by_place)
            if view is not None:
                view.findable = found
    if report.recommendation is not None:
        for choice in report.recommendation.scopes:
            for ranked in choice.kept:
                view = _view_of(ranked.tool, by_place)
                if view is not None:
                    view.kept = True
    return views


def _add_parts(report: PageReport, views: Sequence[ToolView]) -> None:
    """Each tool's three largest parts and, when there is any, what lint --fix saves."""
    by_name = {(v.row.scope, v.row.source, v.row.name): v for v in reversed(views)}
    for scope in report.breakdown:
        saved = {(s.tool.source, s.tool.name): s.before - s.safe for s in scope.slims}
        for tool in scope.tools:
            view = by_name.get((scope.scope, tool.source, tool.name))
            if view is None:
                continue
            largest = sorted(tool.parts.items(), key=lambda item: -item[1])[:3]
            text = ", ".join(f"{p} {_number(t)} ({tool.share(p):.0f}%)" for p, t in largest)
            cut = round(saved.get((tool.source, tool.name), 0.0))
            view.parts = text + (f"; lint --fix saves {cut:,}" if cut else "")


def _view_of(tool: Tool, by_place: dict[tuple[str, str, str], ToolView]) -> ToolView | None:
    return by_place.get(place_of(tool))


def _rests(views: Sequence[ToolView]) -> list[Rest]:
    """The tools not shown one by one, per scope and source, in the order they come."""
    by_source: dict[tuple[str, str], list[ToolView]] = {}
    for view in views:
        if not view.shown:
            by_source.setdefault((view.row.scope, view.row.source), []).append(view)
    return [Rest(index, found) for index, found in enumerate(by_source.values(), 1)]


def _link_findings(diagnostics: Iterable[Diagnostic], views: Sequence[ToolView]) -> None:
    """Give each tool finding to its tool: same scope, source and name, at or below the
    tool's place (two tools of one name in one source are told apart by the place)."""
    by_name: dict[tuple[str, str | None, str], list[ToolView]] = defaultdict(list)
    for view in views:
        by_name[(view.row.scope, view.row.source, view.row.name)].append(view)
    for diagnostic in diagnostics:
        owner = _finding_tool(diagnostic, by_name)
        if owner is not None:
            owner.findings.append(diagnostic)


def _finding_tool(
    diagnostic: Diagnostic, by_name: dict[tuple[str, str | None, str], list[ToolView]]
) -> ToolView | None:
    if diagnostic.tool is None:
        return None
    candidates = by_name.get((diagnostic.scope, diagnostic.source, diagnostic.tool), [])
    where = diagnostic.location
    for view in candidates:
        pointer = view.row.pointer
        if view.row.file == where.file and (
            where.pointer == pointer or where.pointer.startswith(pointer + "/")
        ):
            return view
    return candidates[0] if len(candidates) == 1 else None


def _doc_blocks(doc: str) -> list[tuple[str, str]]:
    """A rule's markdown documentation as headings, code blocks and paragraphs."""
    blocks: list[tuple[str, str]] = []
    lines = doc.splitlines()
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(("p", " ".join(line.strip() for line in paragraph)))
            paragraph.clear()

    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("```"):
            flush()
            end = index + 1
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            blocks.append(("pre", "\n".join(lines[index + 1 : end])))
            index = end + 1
            continue
        if line.startswith("#"):
            flush()
            blocks.append(("h", line.lstrip("#").strip()))
        elif not line.strip():
            flush()
        else:
            paragraph.append(line)
        index += 1
    flush()
    return blocks


def _rule_groups(diagnostics: Sequence[Diagnostic], views: Sequence[ToolView]) -> list[RuleGroup]:
    """Findings by rule, the most severe and most frequent rules first."""
    from toolsearch.lint.rule_settings import all_rules

    rules = {r.ID: r for r in all_rules()}
    owner = {id(d): v for v in views for d in v.findings}
    by_rule: dict[str, list[Diagnostic]] = defaultdict(list)
    for diagnostic in diagnostics:
        by_rule[diagnostic.rule].append(diagnostic)
    groups = []
    for rule_id, found in by_rule.items():
        rule = rules.get(rule_id)
        doc = (inspect.getdoc(rule) or "") if rule is not None else ""
        groups.append(
            RuleGroup(
                rule_id,
                max(d.level for d in found).label,
                rule.SUMMARY if rule is not None else "",
                _doc_blocks(doc.split("\n", 1)[1] if "\n" in doc else ""),
                [(d, owner.get(id(d))) for d in found],
            )
        )
    severity = {level.label: level for level in Severity}
    groups.sort(key=lambda g: (-severity[g.level], -len(g.findings), g.rule))
    return groups


def _number(value: float | None) -> str:
    return "" if value is None else f"{round(value):,}"


def _signed(value: int) -> str:
    return f"{value:+,}"


def _visible(value: Any) -> Any:
    """Every printed value: control and invisible characters written as ``\\uXXXX`` (the
    page's own style and script, marked safe, pass as they are)."""
    if isinstance(value, str) and not isinstance(value, markupsafe.Markup):
        return escape_unsafe(value)
    return value


def _short(text: str | None, limit: int = DESCRIPTION_SHOWN) -> str:
    """A description on one line, cut at ``limit`` characters with an ellipsis; invisible
    characters written visibly first, so that the cut never hides them."""
    flat = " ".join(escape_unsafe(text or "").split())
    if len(flat) > limit:
        return flat[: limit - 1].rstrip() + "…"
    return flat


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=_visible,
        keep_trailing_newline=True,
    )
    env.filters["n"] = _number
    env.filters["signed"] = _signed
    env.filters["short"] = _short
    return env


@cache
def _page_template() -> jinja2.Template:
    """The page's template, compiled once a process (compiling costs about 0.5 s)."""
    return _environment().from_string(_asset("report_page.html.j2"))


def _asset(name: str) -> str:
    return resources.files("toolsearch.report").joinpath(name).read_text("utf-8")


def script_hash(script: str) -> str:
    """The CSP source that allows exactly this inline script."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def render(report: PageReport, settings: RenderSettings) -> str:
    """The whole page."""
    views = _tool_views(report)
    _link_findings(report.diagnostics, views)
    rests = _rests(views)
    shown: list[Shown] = [v for v in views if v.shown]
    tiles, groups = _tiles([*shown, *rests], report.budget.scopes)
    script = _asset("report_page.js")
    recommendation = report.recommendation
    template = _page_template()
    return template.render(
        report=report,
        budget=report.budget,
        views=views,
        shown_by_scope=_shown_by_scope(views),
        scope_figures=_scope_figures(views),
        deferred_counts=[sum(1 for r in s.rows if r.deferred) for s in report.budget.scopes],
        deferred_total=sum(1 for v in views if v.row.deferred),
        rests_by_scope=_rests_by_scope(rests),
        shown_count=len(shown),
        list_shown=LIST_SHOWN,
        tools_open=len(views) <= TOOLS_OPEN,
        tiles=tiles,
        groups=groups,
        rule_groups=_rule_groups(report.diagnostics, views),
        tool_findings=[v for v in views if v.findings],
        scope_findings=_unowned(report.diagnostics, views),
        misses=[v for v in views if v.missed],
        basis=confidence(recommendation.usage) if recommendation is not None else "",
        methods=sorted({s.method.describe() for s in report.budget.scopes}),
        version=__version__,
        css=_asset("report_page.css"),
        script=script,
        script_source=script_hash(script),
        view_of={id(v.row): v for v in views},
        place_of=_place_index(views),
        by_key={(v.row.source, v.row.name): v for v in reversed(views)},  # the first one wins
        scope_notes=_scope_notes(report),
        level_counts=_level_counts(report.diagnostics),
        sample=max((len(f.tools) for f in report.findability if f.sampled), default=0),
    )


def _level_counts(diagnostics: Sequence[Diagnostic]) -> str:
    """``2 errors, 1 warning, 0 info``."""
    counts = {level: 0 for level in Severity}
    for diagnostic in diagnostics:
        counts[diagnostic.level] += 1
    error, warning, info = (counts[Severity.ERROR], counts[Severity.WARNING], counts[Severity.INFO])
    return (
        f"{error:,} error{'' if error == 1 else 's'}, "
        f"{warning:,} warning{'' if warning == 1 else 's'}, {info:,} info"
    )


def _unowned(diagnostics: Sequence[Diagnostic], views: Sequence[ToolView]) -> list[Diagnostic]:
    """Findings of no tool on the page (a scope's, a file's, a server tool's)."""
    owned = {id(d) for v in views for d in v.findings}
    return [d for d in diagnostics if id(d) not in owned]


def _scope_notes(report: PageReport) -> list[tuple[str, list[str]]]:
    """The scopes' notes, each said once with the scopes it concerns."""
    found: dict[str, list[str]] = defaultdict(list)
    for scope_budget in report.budget.scopes:
        for note in scope_budget.notes:
            found[note].append(scope_budget.scope.name)
    return list(found.items())


def _shown_by_scope(views: Sequence[ToolView]) -> dict[str, list[ToolView]]:
    """Per scope (every scope with tools, in their order), the tools shown one by one."""
    found: dict[str, list[ToolView]] = {}
    for view in views:
        shown = found.setdefault(view.row.scope, [])
        if view.shown:
            shown.append(view)
    return found


@dataclass(frozen=True)
class ScopeFigures:
    """What a scope's heading in the table of every tool says."""

    tools: int
    tokens: float
    loaded: int


def _scope_figures(views: Sequence[ToolView]) -> dict[str, ScopeFigures]:
    """Each scope's tools, tokens (summed in the tools' order) and loaded tools."""
    by_scope: dict[str, list[ToolView]] = defaultdict(list)
    for view in views:
        by_scope[view.row.scope].append(view)
    return {
        scope: ScopeFigures(
            len(found),
            sum(v.row.tokens for v in found),
            sum(1 for v in found if not v.row.deferred),
        )
        for scope, found in by_scope.items()
    }


def _rests_by_scope(rests: Sequence[Rest]) -> dict[str, list[Rest]]:
    found: dict[str, list[Rest]] = defaultdict(list)
    for rest in rests:
        found[rest.scope].append(rest)
    return dict(found)


def _place_index(views: Sequence[ToolView]) -> dict[tuple[str, str, str], ToolView]:
    """Tool views by (scope, file, pointer), for the recommendation's and changes' links."""
    return {(v.row.scope, v.row.file, v.row.pointer): v for v in views}
