"""Which Claude Code version toolsearch previews, and what each version does differently.

Claude Code's ToolSearch changed after 2.1.100 (issue 26, read from the published packages):
each change point below is a boundary, and a version takes the behaviour of the boundary at or
below it. A version newer than the newest modelled one takes the newest behaviour, with a note.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from toolsearch.errors import UsageError

OLDEST = "2.1.100"  # the version the first model reproduced (145 of 145 queries)
NAME_PARTS = "2.1.101"  # parts from the server's and tool's own names, split on [\s_.]+
COARSE = "2.1.113"  # coarse entries score; +term may be satisfied by one
SELECT_BY_NAME = "2.1.271"  # select: by bare name too (driven: 2.1.270 does not, 2.1.271 does)
HIDDEN_TOOLS = "2.1.280"  # tools hidden from the model neither listed nor searched (driven)
DESCRIPTION_SETTING = "2.1.280"  # CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH sets the cut (driven)
LOADED_WHOLE = "2.1.295"  # a deferred tool, once loaded, is sent cut at 16,384 (driven)
QUERY_CAPS = "2.1.295"  # query cut to 16,384 characters, 32 terms; select: 64; hint 4,096 (driven)
WIDER_CUTS = "2.1.296"  # descriptions searched and kept loaded cut at 4,096, not 2,048 (driven)
CAPS = "2.1.300"  # alwaysLoad: false on a server defers all its tools (the reading)
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
    NEWEST,
)
MAX_QUERY_CHARACTERS = 16_384
MAX_QUERY_TERMS = 32
MAX_SELECT_NAMES = 64
SEARCH_CUT = 4096  # the description (from 2.1.296) and hint (2.1.295) ToolSearch reads
LOADED_CUT = 16_384  # a deferred tool's description once loaded, from 2.1.295
OLD_CUT = 2048
# sets the description cut from 2.1.280 (driven: 2.1.278 ignores it, 2.1.280-2.1.332 honour it)
DESCRIPTION_ENVIRONMENT = "CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH"
DESCRIPTION_CONFIG = "claude-code.max-mcp-description-length"
# The versions driven offline (tests/test_claude_code_client.py); what each sent of its own is
# recorded in tests/claude_code_facts.json, which a test checks this table against.
DRIVEN = (
    "2.1.100",
    "2.1.101",
    "2.1.112",
    "2.1.113",
    "2.1.270",
    "2.1.271",
    "2.1.278",
    "2.1.280",
    "2.1.287",
    "2.1.288",
    "2.1.294",
    "2.1.295",
    "2.1.296",
    "2.1.299",
    "2.1.300",
    "2.1.303",
    "2.1.304",
    "2.1.331",
    "2.1.332",
)
# Claude Code's own deferred tools, which compete with the MCP tools in its ToolSearch (with
# ENABLE_TOOL_SEARCH=true at every driven version), as listed from the driven version named on
# through the driven versions after it; names only: their text is Claude Code's, not ours.
OWN_DEFERRED_TOOLS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "2.1.100",
        (
            "AskUserQuestion",
            "CronCreate",
            "CronDelete",
            "CronList",
            "EnterPlanMode",
            "EnterWorktree",
            "ExitPlanMode",
            "ExitWorktree",
            "NotebookEdit",
            "TaskOutput",
            "TaskStop",
            "TodoWrite",
            "WebFetch",
            "WebSearch",
        ),
    ),
    (
        "2.1.101",
        (
            "AskUserQuestion",
            "CronCreate",
            "CronDelete",
            "CronList",
            "EnterPlanMode",
            "EnterWorktree",
            "ExitPlanMode",
            "ExitWorktree",
            "NotebookEdit",
            "ScheduleWakeup",
            "TaskOutput",
            "TaskStop",
            "TodoWrite",
            "WebFetch",
            "WebSearch",
        ),
    ),
    (
        "2.1.270",
        (
            "CronCreate",
            "CronDelete",
            "CronList",
            "EnterWorktree",
            "ExitWorktree",
            "NotebookEdit",
            "SendMessage",
            "TaskOutput",
            "TaskStop",
            "WebFetch",
            "WebSearch",
        ),
    ),
    (
        "2.1.278",
        (
            "CronCreate",
            "CronDelete",
            "CronList",
            "EnterWorktree",
            "ExitWorktree",
            "NotebookEdit",
            "SendMessage",
            "TaskStop",
            "WebFetch",
            "WebSearch",
        ),
    ),
    (
        "2.1.331",
        (
            "CronCreate",
            "CronDelete",
            "CronList",
            "EnterWorktree",
            "ExitWorktree",
            "Monitor",
            "NotebookEdit",
            "SendMessage",
            "TaskStop",
            "WebFetch",
            "WebSearch",
        ),
    ),
)
# How the deferred tools are listed upfront (names one per line, its own deferred tools first,
# then the MCP tools), from the driven version named on: the message's role and what is around
# the names (their lead line's text is Claude Code's: recorded in tests/claude_code_facts.json).
LISTINGS: tuple[tuple[str, str], ...] = (
    ("2.1.100", "a user message, wrapped in <available-deferred-tools>"),
    ("2.1.112", "a user message, after a lead line"),
    ("2.1.270", "a system message, after a lead line"),
)
PLACEHOLDER = "2.1.270"  # a deferred DeferredToolPlaceholder tool sent (driven: not by 2.1.113)
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
    # CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH as set (config or environment), None: unset
    description_length: int | None = None
    description_length_origin: str = "default"

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
    def driven(self) -> bool:
        """Whether this version is one of the clients driven offline (``DRIVEN``)."""
        return self.version in DRIVEN

    @property
    def observed_as(self) -> str:
        """The driven version whose observations this one takes: itself when driven, else the
        newest driven below it (the oldest for an older version)."""
        below = [v for v in DRIVEN if parse_version(v, "driven") <= self.number]
        return below[-1] if below else DRIVEN[0]

    @property
    def evidence(self) -> str:
        """``observed in Claude Code X`` for a driven version, else what is assumed from."""
        if self.driven:
            return f"observed in {self.label}"
        return f"assumed as observed in Claude Code {self.observed_as}"

    @property
    def own_deferred_tools(self) -> tuple[str, ...]:
        """Claude Code's own deferred tools at this version (``OWN_DEFERRED_TOOLS``)."""
        at = parse_version(self.observed_as, "driven")
        listed = [n for since, n in OWN_DEFERRED_TOOLS if parse_version(since, "driven") <= at]
        return listed[-1]

    @property
    def listing(self) -> str:
        """Where this version lists its deferred tools (``LISTINGS``)."""
        at = parse_version(self.observed_as, "driven")
        found = [where for since, where in LISTINGS if parse_version(since, "driven") <= at]
        return found[-1]

    @property
    def label(self) -> str:
        """``Claude Code 2.1.332`` for the method line."""
        return f"Claude Code {self.version}"

    @property
    def description_cut(self) -> int:
        """Where a description kept loaded is cut (and, before 2.1.295, any description), and
        the description ToolSearch reads: 2,048, from 2.1.296 4,096; from 2.1.280 the length
        CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH sets, when it is set (driven with 1,000)."""
        if self.reads_description_length and self.description_length is not None:
            return self.description_length
        return SEARCH_CUT if self.since(WIDER_CUTS) else OLD_CUT

    @property
    def reads_description_length(self) -> bool:
        """Whether this version reads CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH (from 2.1.280)."""
        return self.since(DESCRIPTION_SETTING)

    def sent_cut(self, deferred: bool) -> int:
        """Where the description Claude Code sends is cut: a deferred tool, once loaded, at
        16,384 from 2.1.295; the length CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH sets, when read,
        cuts every description, loaded or deferred (driven with 100, 1,000 and 8,000)."""
        if self.reads_description_length and self.description_length is not None:
            return self.description_length
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


def competing_built_ins_note(claude_code: ClaudeCode) -> str:
    """Which of Claude Code's own deferred tools compete in its ToolSearch at this version
    (every driven version defers some): their text is Claude Code's, not toolsearch's to
    ship, so a preview ranks the MCP tools only."""
    names = claude_code.own_deferred_tools
    return (
        f"{claude_code.label} also defers {len(names)} of its own tools, which compete in its "
        f"ToolSearch ({claude_code.evidence}): {', '.join(names)}; their text is Claude "
        "Code's, so ranks here compare the MCP tools only"
    )


def choose_version(
    option: str | None,
    configured: str | None,
    configured_length: int | None = None,
    environ: Mapping[str, str] | None = None,
) -> ClaudeCode:
    """The option > the config's ``claude-code.version`` > the newest modelled version; the
    description length: the config's ``claude-code.max-mcp-description-length`` >
    ``CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH`` in ``environ`` > unset."""
    length, length_origin = choose_description_length(configured_length, environ or {})
    if option is not None:
        parse_version(option, "--claude-code-version")
        version, origin = option.strip(), "--claude-code-version"
    elif configured is not None:
        parse_version(configured, "config claude-code.version")
        version, origin = configured.strip(), "config"
    else:
        version, origin = NEWEST, "default"
    return ClaudeCode(version, origin, length, length_origin)


def choose_description_length(
    configured: int | None, environ: Mapping[str, str]
) -> tuple[int | None, str]:
    """The description length set, and where: the config > the environment > unset."""
    if configured is not None:
        return configured, f"config {DESCRIPTION_CONFIG}"
    found = environ.get(DESCRIPTION_ENVIRONMENT)
    if found is None or not found.strip():
        return None, "default"
    text = found.strip()
    if not text.isdecimal() or int(text) <= 0:
        raise UsageError(
            f"{DESCRIPTION_ENVIRONMENT}: {found!r} is not a number of characters: use a "
            "positive whole number such as 2048, or unset it"
        )
    return int(text), DESCRIPTION_ENVIRONMENT


def description_length_setting(claude_code: ClaudeCode) -> str:
    """``--show-settings``' value of the description length: the cut the version previewed
    makes, and whether it reads the setting."""
    cut = f"{claude_code.description_cut:,}"
    set_to = claude_code.description_length
    if claude_code.reads_description_length:
        return cut if set_to is not None else f"{cut} (unset: Claude Code's default)"
    given = f"{set_to:,} set; " if set_to is not None else ""
    return f"{cut} ({given}not read by {claude_code.label})"
