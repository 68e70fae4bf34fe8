"""What a lint rule may read about one scope: a thin view of the run's ``Analysis``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolsearch.analysis import Analysis
from toolsearch.catalog.model import Catalog, Location, Scope, Tool
from toolsearch.config import Config
from toolsearch.hosts import sending_host
from toolsearch.hosts.host import Host
from toolsearch.lint.findings import Problem

if TYPE_CHECKING:
    from toolsearch.cost.budget import ScopeBudget
    from toolsearch.cost.models import ModelInfo


@dataclass(frozen=True)
class Context:
    """One scope of the run's analysis, as a rule sees it."""

    analysis: Analysis
    scope: Scope

    @property
    def catalog(self) -> Catalog:
        return self.analysis.catalog

    @property
    def config(self) -> Config:
        return self.analysis.config

    @property
    def model_override(self) -> str | None:
        return self.analysis.model_override

    @property
    def documents(self) -> Mapping[str, Any]:
        return self.analysis.documents

    @property
    def host(self) -> Host:
        """The host that sends this scope (the run's target, or the API for the requests it
        does not send)."""
        return sending_host(self.catalog, self.scope)

    @property
    def model_id(self) -> str | None:
        return self.analysis.model_id(self.scope)

    @property
    def model(self) -> ModelInfo:
        return self.analysis.model(self.scope)

    @property
    def budget(self) -> ScopeBudget:
        return self.analysis.scope_budget(self.scope)

    def computed_budget(self) -> ScopeBudget | None:
        """The scope's budget if something has already asked for it, else None."""
        return self.analysis.computed_scope_budget(self.scope)

    def tool_problem(self, tool: Tool, message: str, pointer_suffix: str = "") -> Problem:
        """A problem located at a tool (or below it)."""
        loc = tool.location
        if pointer_suffix:
            loc = self.locate(loc.file, loc.pointer + pointer_suffix, fallback=loc)
        return Problem(message, loc, tool.name, tool.source)

    def locate(self, file: str, pointer: str, fallback: Location | None = None) -> Location:
        """A place in one of the run's files, with its line when found."""
        return self.analysis.locate(file, pointer, fallback)
