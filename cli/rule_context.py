"""What a lint rule may read about one scope: the scope, its catalog, the config and the model
choice, with costly views (the budget) computed once, on demand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from toolsearch.config import Config
from toolsearch.findings import Problem
from toolsearch.model import Catalog, Location, Scope, Tool

if TYPE_CHECKING:
    from toolsearch.budget import ScopeBudget
    from toolsearch.models import ModelInfo


@dataclass
class Context:
    """What a rule may read about one scope; costly views are computed once, on demand."""

    scope: Scope
    catalog: Catalog
    config: Config = field(default_factory=Config)
    model_override: str | None = None

    @cached_property
    def model_id(self) -> str | None:
        return self.model_override or self.scope.model or self.config.model

    @cached_property
    def model(self) -> ModelInfo:
        from toolsearch.models import resolve

        return resolve(self.model_id)[0]

    @cached_property
    def budget(self) -> ScopeBudget:
        from toolsearch.budget import compute_budget

        single = self.catalog.subset(self.scope)
        return compute_budget(
            single,
            model_override=self.model_override,
            config_model=self.config.model,
            context_window=self.config.context_window,
        ).scopes[0]

    def computed_budget(self) -> ScopeBudget | None:
        """The full budget if a rule has already asked for it, else None (nothing computed)."""
        found = self.__dict__.get("budget")
        return found if found is not None else None

    @cached_property
    def tokens_by_tool(self) -> Mapping[tuple[str, str], float]:
        """Estimated Claude tokens per (source, name)."""
        return {(r.source, r.name): r.tokens for r in self.budget.rows}

    def tool_problem(self, tool: Tool, message: str, pointer_suffix: str = "") -> Problem:
        """A problem located at a tool (or below it)."""
        loc = tool.location
        if pointer_suffix:
            loc = self.locate(loc.file, loc.pointer + pointer_suffix, fallback=loc)
        return Problem(message, loc, tool.name, tool.source)

    def locate(self, file: str, pointer: str, fallback: Location | None = None) -> Location:
        """A location for a pointer in one of the scope's files, with its line when found."""
        document = self.documents.get(file)
        if document is not None:
            line, column = document.position(pointer)
            if line is not None:
                return Location(file, pointer, line, column)
        if fallback is not None:
            found = self.catalog.resolve(fallback)
            return Location(file, pointer, found.line, found.column)
        return Location(file, pointer)

    documents: Mapping[str, Any] = field(default_factory=dict)
