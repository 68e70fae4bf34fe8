"""Which Claude Code version toolsearch previews, and what each version does differently.

Claude Code's ToolSearch changed after 2.1.100 (issue 26, read from the published packages):
each change point below is a boundary, and a version takes the behaviour of the boundary at or
below it. A version newer than the newest modelled one takes the newest behaviour, with a note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from toolsearch.errors import UsageError

OLDEST = "2.1.100"  # the version the first model reproduced (145 of 145 queries)
NAME_PARTS = "2.1.101"  # parts from the server's and tool's own names, split on [\s_.]+
COARSE = "2.1.113"  # coarse entries score; +term may be satisfied by one
SELECT_BY_NAME = "2.1.271"  # select: by bare name too (driven: 2.1.270 does not, 2.1.271 does)
HIDDEN_TOOLS = "2.1.280"  # tools hidden from the model neither listed nor searched (driven)
DESCRIPTION_SETTING = "2.1.288"  # CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH sets the cut
LOADED_WHOLE = "2.1.295"  # a deferred tool, once loaded, is sent cut at 16,384 (driven)
QUERY_CAPS = "2.1.295"  # query cut to 16,384 characters, 32 terms; select: 64; hint 4,096 (driven)
WIDER_CUTS = "2.1.296"  # descriptions searched and kept loaded cut at 4,096, not 2,048 (driven)
CAPS = "2.1.300"  # alwaysLoad: false on a server defers all its tools (the reading)
BUILT_INS_DEFERRED = "2.1.304"  # some built-in tools deferred, a placeholder tool sent
NEWEST = "2.1.332"  # case-sensitive exact name first, models
BOUNDARIES = (
    OLDEST,
    NAME_PARTS,
    COARSE,
    SELECT_BY_NAME,
    HIDDEN_TOOLS,
    DESCRIPTION_SETTING,
    LOADED_WHOLE,
    WIDER_CUTS,
    CAPS,
    BUILT_INS_DEFERRED,
    NEWEST,
)
MAX_QUERY_CHARACTERS = 16_384
MAX_QUERY_TERMS = 32
MAX_SELECT_NAMES = 64
SEARCH_CUT = 4096  # the description (from 2.1.296) and hint (2.1.295) ToolSearch reads
LOADED_CUT = 16_384  # a deferred tool's description once loaded, from 2.1.295
OLD_CUT = 2048
# Claude Code's own tools deferred from 2.1.304 (hosts-facts.md §3); their text is not ours
DEFERRED_BUILT_INS = (
    "CronCreate",
    "CronDelete",
    "CronList",
    "EnterPlanMode",
    "ExitPlanMode",
    "ListMcpResources",
    "NotebookEdit",
    "ReadMcpResource",
    "TaskCreate",
    "TaskUpdate",
    "WebFetch",
    "WebSearch",
)
_VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)")


@cache
def parse_version(text: str, where: str) -> tuple[int, int, int]:
    """``2.1.300`` -> (2, 1, 300); anything else is a usage error naming ``where``."""
    found = _VERSION.fullmatch(text.strip())
    if found is None:
        raise UsageError(
            f"{where}: {text!r} is not a Claude Code version: use X.Y.Z, e.g. {NEWEST}"
        )
    major, minor, patch = (int(g) for g in found.groups())
    return major, minor, patch


@dataclass(frozen=True)
class ClaudeCode:
    """One Claude Code version and the behaviours toolsearch models for it."""

    version: str = NEWEST
    origin: str = "default"  # "--claude-code-version", "config" or "default"

    @property
    def number(self) -> tuple[int, int, int]:
        return parse_version(self.version, self.origin)

    def since(self, boundary: str) -> bool:
        """Whether this version has the behaviour that starts at ``boundary``."""
        return self.number >= parse_version(boundary, "boundary")

    @property
    def modelled(self) -> str:
        """The boundary whose behaviour this version takes (the newest at or below it)."""
        below = [b for b in BOUNDARIES if parse_version(b, "boundary") <= self.number]
        return below[-1] if below else OLDEST

    @property
    def note(self) -> str | None:
        """Why this version is previewed as another one, when it is."""
        if self.number > parse_version(NEWEST, "boundary"):
            return f"Claude Code {self.version} is newer than {NEWEST}; previewed as {NEWEST}"
        if self.number < parse_version(OLDEST, "boundary"):
            return f"Claude Code {self.version} is older than {OLDEST}; previewed as {OLDEST}"
        return None

    @property
    def label(self) -> str:
        """``Claude Code 2.1.332`` for the method line."""
        return f"Claude Code {self.version}"

    @property
    def description_cut(self) -> int:
        """Where a description kept loaded is cut (and, before 2.1.295, any description), and
        the description ToolSearch reads."""
        return SEARCH_CUT if self.since(WIDER_CUTS) else OLD_CUT

    def sent_cut(self, deferred: bool) -> int:
        """Where the description Claude Code sends is cut."""
        return LOADED_CUT if deferred and self.since(LOADED_WHOLE) else self.description_cut

    @property
    def hint_cut(self) -> int | None:
        """Where the search hint is cut (from 2.1.295, one version before the descriptions)."""
        return SEARCH_CUT if self.since(QUERY_CAPS) else None

    def searches_with(self, model: str) -> bool:
        """Whether Claude Code turns tool search on for this model: 2.1.100 turns it off for
        any Haiku, 2.1.332 only for the Claude 3, 3.5 and 3.7 models."""
        lowered = model.lower()
        if not self.since(NEWEST):
            return "haiku" not in lowered
        return re.search(r"claude-3(?:[-.][57])?-", lowered) is None


def claude_code_method(claude_code: ClaudeCode) -> str:
    """The method line of a claude-code search: which version's ToolSearch, and from where."""
    origin = {"default": "the newest modelled", "config": "config claude-code.version"}.get(
        claude_code.origin, claude_code.origin
    )
    chooses = (
        "" if claude_code.origin == "--claude-code-version" else "; --claude-code-version chooses"
    )
    line = f"method: {claude_code.label}'s ToolSearch ({origin}{chooses})"
    return line if claude_code.note is None else f"{line}; {claude_code.note}"


def choose_version(option: str | None, configured: str | None) -> ClaudeCode:
    """The option > the config's ``claude-code.version`` > the newest modelled version."""
    if option is not None:
        parse_version(option, "--claude-code-version")
        return ClaudeCode(option.strip(), "--claude-code-version")
    if configured is not None:
        parse_version(configured, "config claude-code.version")
        return ClaudeCode(configured.strip(), "config")
    return ClaudeCode()
