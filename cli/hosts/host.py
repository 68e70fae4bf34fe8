"""The host record: what one receiver of tool definitions (``--target``) decides for itself.

A host owns how sources become the scopes it sends (names as sent, description cuts, which
tools join which request), its deferral decision, its search modes, its cost model, its limits,
its name rules, how ``recommend --apply`` writes advice for it, and its default model. Each host
is one module of this package; ``toolsearch.hosts.HOSTS`` registers them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from toolsearch.catalog.model import Catalog, Scope, Tool

if TYPE_CHECKING:
    from toolsearch.catalog.dialects import ParsedSource
    from toolsearch.catalog.tool_search_mode import ToolSearchDecision
    from toolsearch.cost.models import ModelInfo


class RunChoices(Protocol):
    """What a host's deferral decision may read of a run (the ``Analysis`` provides it)."""

    @property
    def catalog(self) -> Catalog: ...

    @property
    def window(self) -> int | None: ...

    @property
    def tool_search(self) -> str | None: ...

    @property
    def configured_tool_search(self) -> str | None: ...  # the config's claude-code.tool-search

    @property
    def environ(self) -> Mapping[str, str] | None: ...

    def model_id(self, scope: Scope) -> str | None: ...

    def model(self, scope: Scope) -> ModelInfo: ...

    def definition_tokens(self, scope: Scope) -> tuple[int, int, int]:
        """The deferred and the loaded tools' definitions in ``scope``, and what the deferred
        ones still put upfront, in tokens."""
        ...


@dataclass(frozen=True)
class Settled:
    """A host's deferral decision over a run: the catalog as sent, and the decision when the
    host makes one at run time (Claude Code's tool-search mode), else None."""

    catalog: Catalog
    decision: ToolSearchDecision | None = None


@dataclass(frozen=True)
class CostModel:
    """What a host's request costs beyond each loaded tool's own definition."""

    search_tool_tokens: int  # a (loaded) search tool, the host's own included
    deferred_upfront: Callable[[float], float]  # what a deferred tool of this cost still costs
    deferral_note: Callable[[Scope], str | None]  # why nothing is deferred, when that is so
    uncounted_note: Callable[[Scope], str | None]  # what the host sends that is not counted
    # "claude": cl100k counts calibrated to Claude's; "o200k": OpenAI's o200k_base counts under
    # OpenAI's own upfront rules (cost/openai_cost.py)
    counting: str = "claude"
    # a stand-in counting's own words for the method line (Gemini's tokenizer is not bundled)
    stand_in: str | None = None
    # whether a deferred function still costs its name and description upfront when counted
    # under OpenAI's rules (False: Cursor, which keeps names alone)
    stubs_upfront: bool = True
    # the text a deferred tool still puts upfront (Claude Code: its name's line in the list of
    # deferred tools), None when nothing; counted beside its definition
    deferred_listing: Callable[[Tool, Catalog], str | None] | None = None
    deferred_label: str = "deferred tools' names and descriptions"  # how budget names it
    listing_note: Callable[[Catalog], str] | None = None  # how that cost is made, assumptions


@dataclass(frozen=True)
class Limits:
    """The limits a host checks on what it is sent."""

    name_length: int  # characters of a tool's name as sent
    description_cut: int | None  # characters of a description the host sends, None: all
    deferred_tools: int  # deferred tools in one request
    tools_per_request: int | None = None  # a client's cap on the tools of one request
    kept_loaded: int | None = None  # about how many tools a client keeps loaded itself


# "none": a client whose deferral toolsearch cannot write (recommend --apply is refused)
ApplyStyle = Literal["request-files", "server-metadata", "responses-functions", "none"]


@dataclass(frozen=True)
class Host:
    """One ``--target``: a receiver of tool definitions and its own rules."""

    name: str  # the --target value
    label: str  # how text names it
    default_model: str
    default_mode: str  # the search mode a command uses when nothing else says
    search_modes: tuple[str, ...]  # the modes that reproduce this host's own search
    gathers: frozenset[str]  # envelopes this host sends together in one scope of its own
    scope_kind: str | None  # the kind of that scope
    gather: Callable[[Sequence[ParsedSource]], Scope] | None
    settle: Callable[[RunChoices], Settled]  # the one place effective deferral is decided
    sends: Callable[[Scope], bool]  # whether this host sends the scope (its own rules apply)
    sent_name: Callable[[str, str], str]  # (source, tool name) -> the name as sent
    sent_description: Callable[[str | None], str | None]  # the description as sent
    costs: CostModel
    limits: Limits
    apply: ApplyStyle  # how recommend --apply writes what to keep loaded
    names_in_references: bool  # its search names a deferred tool in a tool_reference block
    picks_search_by_model: bool  # it turns its own search off for models without support
    # its model table: (row, a note when the model is not in it); None: Anthropic's
    resolve_model: Callable[[str], tuple[ModelInfo, str | None]] | None = None
    search_note: str | None = None  # query/eval's first line when its own search is unpublished
    reader: str = "Claude"  # who reads the tools, as messages name it
    strict_names: bool = False  # a name over 64 characters is an error, not a warning
    # a client's: the host whose counts a model takes ("api" for Claude, "openai" for GPT)
    counts_as: Callable[[str], str] | None = None
    # a client's name for what refuses its errors (None: the API, with its 400)
    refuser: str | None = None


def unchanged(choices: RunChoices) -> Settled:
    """A host whose deferral the catalog already holds: nothing decided at run time."""
    return Settled(choices.catalog)


def as_sent(_source: str, name: str) -> str:
    """The tool's own name: sent as it is written."""
    return name


def whole(description: str | None) -> str | None:
    """The description as written: sent whole."""
    return description


def costs_nothing(_tokens: float) -> float:
    """A deferred tool costs nothing upfront."""
    return 0.0


def no_note(_scope: Scope) -> str | None:
    return None


def every_scope(_scope: Scope) -> bool:
    return True
