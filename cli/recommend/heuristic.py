"""The heuristic that ranks tools when no usage is given (and breaks ties when it is).

It rests on what holds for any server, not on any server's tool names. Points per tool, each
with the plain reason shown to the user (README states the same):

- what the tool does, from the first verb of its name (after an HTTP method: ``post_search``),
  else the first word of its description, else ``annotations.readOnlyHint: true`` (reads):
  finding or opening (search, list, find, query, navigate, open, ...) and reading (read, get,
  show, fetch, ...) +3, since agents look far more often than they change; the server's work
  (write, create, edit, click, type, send, run, ...) +2; an unknown verb +1; administration
  (delete, update, set, close, move, resize, ...) 0;
- a place to start, +1: it opens what other tools act on (navigate, open, ...), or it finds or
  reads and needs no input;
- named by other tools, +1 (one tool) or +2 (three or more): another tool's description or
  schema names it, so its results feed them (an entry point); its own family's mentions and
  deprecation notes do not count;
- listed early, +1: in the first third of the author's listing, which puts the main tools first;
  nothing when the names are in alphabetical order (the order then says nothing);
- central object, up to +1: the thing the tool's name works on (``issues`` in ``list_issues``),
  when at least 3 tool names mention it, in proportion to the most mentioned;
- a variant, -2: its name is another tool's name with words added (``list_directory_with_sizes``
  beside ``list_directory``) or the same words as a tool listed before it: one tool per family,
  the general one;
- deprecated, -4: its description says ``DEPRECATED``; the tool it names as replacement is not a
  variant of it;
- called in the request's own ``messages`` (a ``tool_use`` block of an assistant turn), +2; a
  ``tool_reference`` does not count (it names a tool a search loaded, which stays deferred);
- reached by typical intents, +0.5 / +0.25 / 0: the tool is in the top, middle or bottom third of
  the scope by how many intents bring it up in a BM25 search (``toolsearch.recommend.reach``).

Then, without usage, ``recommend.rank`` spreads the top over actions: each further tool of an
action already ranked (finding, reading, work, administration) pays 1 point per such tool.
Ties go to the author's order. Cost is never a reason to keep a tool (it only stops the 4th and
5th tool, and ``--max-upfront``). A tool named by ``tool_choice`` must stay loaded, like a pin.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence, Set
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations, pairwise
from typing import NamedTuple

from toolsearch.catalog.model import Scope, Tool
from toolsearch.recommend.usage_read import calls_in_messages
from toolsearch.retrieval.ascii_runs import LETTERS_DIGITS, ascii_run_bytes, run_table
from toolsearch.retrieval.terms import letter_digit_runs, term_of, words


@lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A word's lower-case stem: ``Shows`` and ``show`` alike."""
    lower = word.lower()
    return term_of(lower) or lower


def _stems(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in text.split())


FIND_VERBS = _stems("search list find query lookup browse navigate open goto visit explore")
READ_VERBS = _stems(
    "read get fetch show describe view retrieve inspect load capture check count download return"
)
OPEN_VERBS = _stems("navigate open goto visit")
WORK_VERBS = _stems(
    """write create edit add send post put push merge insert upload comment reply submit commit
    run execute evaluate click type fill press select hover drag append save record compose
    publish generate convert calculate translate"""
)
ADMIN_VERBS = _stems(
    """delete remove update set reset close resize move rename drop archive lock unlock
    configure install uninstall cancel kill restart stop start dismiss emulate handle toggle
    clear subscribe unsubscribe invite assign unassign transfer approve revoke grant fork star
    unstar mark patch modify manage enable disable"""
)
LOOK_VERBS = FIND_VERBS | READ_VERBS
HTTP_METHODS = _stems("get post put patch delete")
ACTIONS = (
    (FIND_VERBS, 3.0, "finds or opens ({verb}): agents look far more often than they change"),
    (READ_VERBS, 3.0, "reads ({verb}): agents look far more often than they change"),
    (WORK_VERBS, 2.0, "does the server's work ({verb})"),
    (ADMIN_VERBS, 0.0, "administration ({verb}): rarely called"),
)
ACTION_VERBS = frozenset().union(*(verbs for verbs, _, _ in ACTIONS))  # a verb of any action


def _action_of_verb() -> dict[str, int]:
    """A verb's stem -> the index in ACTIONS of the first action it is in."""
    found: dict[str, int] = {}
    for index, (verbs, _, _) in enumerate(ACTIONS):
        for verb_stem in verbs:
            found.setdefault(verb_stem, index)
    return found


_ACTION_OF_VERB = _action_of_verb()
UNKNOWN_ACTION = 1.0
REFERENCED_POINTS = (1.0, 2.0)  # named by one other tool, by REFERENCED_MANY or more
REFERENCED_MANY = 3
EARLY_POINTS = 1.0
OBJECT_POINTS = 1.0
MIN_OBJECT_TOOLS = 3  # an object two tool names share is a pair, not what the server is about
START_POINTS = 1.0
VARIANT_POINTS = -2.0
DEPRECATED_POINTS = -4.0
MESSAGE_POINTS = 2.0
REACH_POINTS = (0.5, 0.25, 0.0)
MAX_POINTS = (
    3.0
    + REFERENCED_POINTS[1]
    + EARLY_POINTS
    + OBJECT_POINTS
    + START_POINTS
    + MESSAGE_POINTS
    + REACH_POINTS[0]
)
SHARED_BY_ALMOST_ALL = 0.6  # a word in more tool names than this is a prefix, not an object
_DEPRECATED = re.compile(r"\bdeprecated\b", re.IGNORECASE)


@dataclass(frozen=True)
class Signal:
    """Points a tool earns and why."""

    points: float
    reason: str


def _hint(tool: Tool, name: str) -> object:
    annotations = tool.raw.get("annotations")
    return annotations.get(name) if isinstance(annotations, Mapping) else None


_VERB = "_heuristic_verb"  # where a tool keeps its verb once found (as a cached property)


def verb(tool: Tool) -> tuple[str, str] | None:
    """(stem, word) of the tool's action: the first verb of its name, else of its description,
    else ``readOnlyHint: true`` (reads). Found once per tool: a ranking asks four times."""
    known = tool.__dict__
    if _VERB not in known:
        known[_VERB] = name_facts(tool.name).verb or _verb_besides_name(tool)
    found: tuple[str, str] | None = known[_VERB]
    return found


def _verb_besides_name(tool: Tool) -> tuple[str, str] | None:
    first = (tool.description or "").split(None, 1)[:1]  # the first word, not every word
    read_only = _hint(tool, "readOnlyHint") is True
    return _verb_of(first[0] if first else "", read_only)


@lru_cache(maxsize=1 << 12)
def _verb_of(first_word: str, read_only: bool) -> tuple[str, str] | None:
    """The verb of a description's first word, else ``readOnlyHint``'s."""
    word = re.sub(r"[^A-Za-z]", "", first_word)
    if word and stem(word) in ACTION_VERBS:
        return stem(word), word.lower()
    if read_only:
        return stem("read"), "read-only by annotations.readOnlyHint"
    return None


def action(tool: Tool) -> Signal:
    """What the tool does: looking up, the server's work, or administration."""
    return _action(verb(tool))


@lru_cache(maxsize=1 << 12)
def _action(found: tuple[str, str] | None) -> Signal:
    """One signal per verb (a Signal never changes, so tools of one verb share it)."""
    if found is not None and found[0] in _ACTION_OF_VERB:
        _, points, reason = ACTIONS[_ACTION_OF_VERB[found[0]]]
        shown = found[1] if " " in found[1] else repr(found[1])
        return Signal(points, reason.format(verb=shown))
    return Signal(UNKNOWN_ACTION, "its action is not a known verb")


VERB_TERMS = frozenset(
    t for t in map(term_of, LOOK_VERBS | WORK_VERBS | ADMIN_VERBS) if t is not None
)


class NameFacts(NamedTuple):
    """What a tool's name says, read once per name for every signal that asks."""

    terms: frozenset[str]  # its words' stems: variants and references compare these
    objects: tuple[tuple[str, str], ...]  # (term, word as written) of its words not verbs
    verb: tuple[str, str] | None  # (stem, word) of its action verb, after an HTTP method


@lru_cache(maxsize=1 << 16)
def name_facts(name: str) -> NameFacts:
    stems = []
    objects = []
    verbs = []
    for run in letter_digit_runs(name):  # the runs of ``words(name)``
        if run.isascii() and run.isdigit():  # a number: its own stem, no object nor verb
            stems.append(run)
            continue
        for word, word_stem, term, acts in _run_facts(run):
            stems.append(word_stem)
            if term is not None:
                objects.append((term, word))
            if acts:
                verbs.append((word_stem, word))
    if len(verbs) > 1 and verbs[0][0] in HTTP_METHODS:
        verbs = verbs[1:]  # ``post_search`` of an HTTP API: the method, then the action
    first = (verbs[0][0], verbs[0][1].lower()) if verbs else None
    return NameFacts(frozenset(stems), tuple(objects), first)


@lru_cache(maxsize=1 << 16)
def _run_facts(run: str) -> tuple[tuple[str, str, str | None, bool], ...]:
    """Each word of a name's letter/digit run: the word, its stem, its term when it names an
    object, and whether it is an action verb. Remembered: a catalog's names share their runs
    (``github``, ``get``, ``issue``)."""
    found = []
    for word in words(run):
        word_stem = stem(word)
        term = term_of(word)
        is_object = term is not None and word_stem not in VERB_TERMS and not term.isdigit()
        found.append((word, word_stem, term if is_object else None, word_stem in ACTION_VERBS))
    return tuple(found)


def name_terms(tool: Tool) -> frozenset[str]:
    return name_facts(tool.name).terms


def objects(tool: Tool) -> list[tuple[str, str]]:
    """What a tool's name works on: (term, word as written) for its words that are not verbs."""
    return list(name_facts(tool.name).objects)


def object_counts(tools: Sequence[Tool]) -> Counter[str]:
    """In how many tool names each object term occurs; near-universal prefixes dropped."""
    counts: Counter[str] = Counter()
    for tool in tools:
        counts.update({term for term, _ in name_facts(tool.name).objects})
    limit = SHARED_BY_ALMOST_ALL * len(tools)
    return Counter({t: n for t, n in counts.items() if n <= limit or len(tools) < 3})


def central_object(tool: Tool, counts: Mapping[str, int]) -> tuple[str, int] | None:
    """The tool's most shared object (as written in its name) and how many names mention it."""
    best: tuple[str, int] | None = None
    for term, word in name_facts(tool.name).objects:
        count = counts.get(term)
        if count is not None and (best is None or count > best[1]):  # the first of the most
            best = word, count
    return best


def third(value: float, ordered: Sequence[float]) -> int:
    """0, 1 or 2: the third of ``ordered`` (ascending) that ``value`` falls in."""
    if len(ordered) < 3:
        return 0
    low = ordered[(len(ordered) - 1) // 3]
    high = ordered[(2 * (len(ordered) - 1)) // 3]
    if value <= low:
        return 0
    return 1 if value <= high else 2


def deprecated(tool: Tool) -> bool:
    return _says_deprecated(tool.description or "")


@lru_cache(maxsize=1 << 16)
def _says_deprecated(description: str) -> bool:
    """Asked three times per tool (its signals, variants, references): read once. The plain
    substring test rules most descriptions out at a tenth of the regex's cost: every character
    the case-blind regex takes for a letter of "deprecated" lower-cases to that letter."""
    return "deprecated" in description.lower() and _DEPRECATED.search(description) is not None


_NAME_TOKEN = re.compile(r"[A-Za-z0-9_-]+")
_NAME_TOKEN_TABLE = run_table(LETTERS_DIGITS + "_-")  # _NAME_TOKEN's runs, found faster
MAX_SUBSET_TERMS = 8  # names of more words are checked for variants against none (2^8 subsets)


def _replacement(tool: Tool, names: Mapping[str, Tool]) -> str | None:
    """The tool a deprecation note names (the first other tool's name after "deprecated")."""
    description = tool.description or ""
    match = _DEPRECATED.search(description)
    if match is None:
        return None
    tokens: list[str] = _NAME_TOKEN.findall(description[match.end() :])
    return next((t for t in tokens if t != tool.name and t in names), None)


def variants(tools: Sequence[Tool]) -> dict[int, str]:
    """id(tool) -> the more general tool it is a variant of: a name with the same words as
    another's and more (stems compared), or the same words as a tool listed before it. A tool
    a deprecation note names as replacement is no variant of the deprecated one. Each name's
    word subsets are looked up, so the cost grows with the tools, not their pairs."""
    by_name = {t.name: t for t in tools}
    replacements = {
        (r, t.name) for t in tools if deprecated(t) and (r := _replacement(t, by_name)) is not None
    }
    first: dict[frozenset[str], Tool] = {}
    for tool in tools:
        terms = name_terms(tool)
        if terms:
            first.setdefault(terms, tool)
    sizes = {len(terms) for terms in first}
    found: dict[int, str] = {}
    for tool in tools:
        general = next(
            (g for g in _generals(tool, first, sizes) if (tool.name, g.name) not in replacements),
            None,
        )
        if general is not None:
            found[id(tool)] = general.name
    return found


def _generals(tool: Tool, first: Mapping[frozenset[str], Tool], sizes: Set[int]) -> Iterator[Tool]:
    """The tools ``tool`` could be a variant of, most words first: the first listed of its own
    words, then those of its word subsets (only of the sizes some name has)."""
    terms = name_terms(tool)
    same = first.get(terms)
    if same is not None and same is not tool:
        yield same
    if 1 < len(terms) <= MAX_SUBSET_TERMS:
        ordered = sorted(terms)
        for size in range(len(ordered) - 1, 0, -1):
            if size in sizes:
                for subset in combinations(ordered, size):
                    general = first.get(frozenset(subset))
                    if general is not None:
                        yield general


_NAMING_KEYS = ("description", "inputSchema", "input_schema")  # where a tool names others


def references(tools: Sequence[Tool]) -> dict[int, int]:
    """id(tool) -> how many other tools name it in their description or schema (deprecation
    notes and the tool's own family aside: a variant naming its general tool says nothing).
    Each text is read once for name-like tokens."""
    # by the name's bytes: a text's runs are looked up undecoded (and a name that is not ASCII
    # is never a run)
    by_name = {t.name.encode(): t for t in tools if len(t.name) >= 4 and t.name.isascii()}
    found: Counter[int] = Counter()
    for other in tools:
        if deprecated(other):
            continue
        text = " ".join([str(other.raw.get(key, "")) for key in _NAMING_KEYS])
        named = by_name.keys() & ascii_run_bytes(text, _NAME_TOKEN_TABLE)
        if not named:
            continue  # most texts name no tool
        theirs = name_terms(other)
        for name in named:
            tool = by_name[name]
            mine = name_terms(tool)
            if tool is not other and not (theirs >= mine or theirs <= mine):
                found[id(tool)] += 1
    return dict(found)


def _required(tool: Tool) -> bool:
    """Whether the tool's schema requires an input."""
    schema = tool.raw.get("inputSchema", tool.raw.get("input_schema"))
    required = schema.get("required") if isinstance(schema, Mapping) else None
    return bool(required)


def action_class(tool: Tool) -> int:
    """0 finding, 1 reading, 2 the server's work, 3 administration, 4 unknown: ``rank`` spreads
    the top tools over these."""
    found = verb(tool)
    return len(ACTIONS) if found is None else _ACTION_OF_VERB.get(found[0], len(ACTIONS))


def alphabetical(tools: Sequence[Tool]) -> bool:
    """Whether the names are in order (lower-cased): stops at the first pair out of order."""
    names = [t.name.lower() for t in tools]
    return all(a <= b for a, b in pairwise(names))


def mentions(scope: Scope, messages: object) -> Counter[str]:
    """How often the assistant turns of a request's ``messages`` call each tool (``tool_use``
    blocks, by the name as sent). ``tool_reference`` blocks do not count: they name tools a
    search loaded, which should stay deferred (lint ``reference-to-loaded-tool``)."""
    counts: Counter[str] = Counter()
    for call in calls_in_messages(messages, scope.name, scope.name):
        counts[call.shown] += call.count
    return counts


_OPENS = Signal(START_POINTS, "a place to start (opens what other tools act on)")
_LOOKS = Signal(START_POINTS, "a place to start (looks and needs no input)")
_SAYS_DEPRECATED = Signal(DEPRECATED_POINTS, "deprecated (its description says so)")


@dataclass(frozen=True)
class ScopeSignals:
    """What the heuristic needs to know about one scope."""

    tokens: Mapping[tuple[str, str], float]  # by the tool's (file, JSON Pointer)
    in_messages: Mapping[str, int]
    reach: Mapping[tuple[str, str], int] | None = None  # by the tool's (file, JSON Pointer)
    intents: int = 0
    objects: Mapping[str, int] | None = None
    tool_count: int = 0
    tools: Sequence[Tool] = field(default=())
    # by id(tool): its signals but reach's, once made (shared by ``replace`` copies)
    known: dict[int, list[Signal]] = field(default_factory=dict, compare=False, repr=False)

    def prepare(self) -> None:
        """Every tool's signals but reach's, made now (while reach is searched elsewhere)."""
        for tool in self.tools:
            self._without_reach(tool)

    @cached_property
    def _most_shared(self) -> int:
        return max(self.objects.values(), default=0) if self.objects else 0

    @cached_property
    def _reaches(self) -> list[int]:
        return sorted(self.reach.values()) if self.reach is not None else []

    @cached_property
    def _by_source(self) -> list[list[Tool]]:
        """The scope's tools per source: families, mentions and listing order are one
        author's."""
        groups: dict[str, list[Tool]] = {}
        for tool in self.tools:
            groups.setdefault(tool.source, []).append(tool)
        return list(groups.values())

    @cached_property
    def _variants(self) -> dict[int, str]:
        return {k: v for group in self._by_source for k, v in variants(group).items()}

    @cached_property
    def _references(self) -> dict[int, int]:
        return {k: v for group in self._by_source for k, v in references(group).items()}

    @cached_property
    def _positions(self) -> dict[int, tuple[int, int]]:
        """id(tool) -> (its place in its source's listing, the listing's length), for listings
        of 3 tools or more that are not alphabetical."""
        return {
            id(t): (i, len(group))
            for group in self._by_source
            if len(group) >= 3 and not alphabetical(group)
            for i, t in enumerate(group)
        }

    def signals(self, tool: Tool) -> list[Signal]:
        """Every signal a tool earns, in the order the README lists them."""
        return [*self._without_reach(tool), *self._reach_signals(tool)]

    def _without_reach(self, tool: Tool) -> list[Signal]:
        found = self.known.get(id(tool))
        if found is None:
            found = self.known[id(tool)] = self._signals_but_reach(tool)
        return found

    def _signals_but_reach(self, tool: Tool) -> list[Signal]:
        does = verb(tool)
        found: list[Signal] = [_action(does)]
        if does is not None and does[0] in OPEN_VERBS:
            found.append(_OPENS)
        elif action_class(tool) < 2 and not _required(tool):
            found.append(_LOOKS)
        named = self._references.get(id(tool), 0)
        if named:
            points = REFERENCED_POINTS[1 if named >= REFERENCED_MANY else 0]
            others = "1 other tool" if named == 1 else f"{named} other tools"
            found.append(Signal(points, f"named by {others}: its results feed them"))
        position, listed = self._positions.get(id(tool), (0, 0))
        if listed and position < listed / 3:
            found.append(
                Signal(EARLY_POINTS, f"listed early by its author ({position + 1} of {listed})")
            )
        if self.objects:
            central = central_object(tool, self.objects)
            if central is not None and central[1] >= MIN_OBJECT_TOOLS:
                found.append(self._central_signal(central))
        general = self._variants.get(id(tool))
        if general is not None:
            found.append(Signal(VARIANT_POINTS, f"a variant of {general}: one per family"))
        if deprecated(tool):
            found.append(_SAYS_DEPRECATED)
        used = self.in_messages.get(tool.sent_name, 0) or self.in_messages.get(tool.name, 0)
        if used:
            times = "once" if used == 1 else f"{used} times"
            found.append(Signal(MESSAGE_POINTS, f"called in the request's messages ({times})"))
        return found

    def _central_signal(self, central: tuple[str, int]) -> Signal:
        """The signal of a central object (word, count): many tools share one."""
        found = self._object_signals.get(central)
        if found is None:
            word, count = central
            points = round(OBJECT_POINTS * count / self._most_shared, 1)
            reason = f"works on {word!r}, named by {count} of {self.tool_count} tools"
            found = self._object_signals[central] = Signal(points, reason)
        return found

    def _reach_signals(self, tool: Tool) -> list[Signal]:
        if self.reach is None:
            return []
        reached = self.reach.get((tool.location.file, tool.location.pointer), 0)
        if reached not in self._reach_signal:  # many tools share a count
            which = 2 - third(reached, self._reaches)
            reason = f"reached by {reached} of {self.intents} typical intents"
            points = REACH_POINTS[which]
            self._reach_signal[reached] = Signal(points, reason) if points else None
        signal = self._reach_signal[reached]
        return [] if signal is None else [signal]

    @cached_property
    def _object_signals(self) -> dict[tuple[str, int], Signal]:
        """Central object signals made so far, by (word, count)."""
        return {}

    @cached_property
    def _reach_signal(self) -> dict[int, Signal | None]:
        """Reach signals made so far (None: no points), by reach count."""
        return {}
