"""The heuristic that ranks tools when no usage is given (and breaks ties when it is).

Points per tool, each with the plain reason shown to the user (README states the same):

- read-only, +2: MCP ``annotations.readOnlyHint: true``; or, when the tool has no
  ``readOnlyHint``, a name with a read verb (get, list, search, ...) and no write verb;
- entry point, +2: a name with search, list, find, query, browse or lookup: these find what
  other tools then act on, so a task often starts with them;
- central object, up to +2: the thing the tool's name works on (its name without verbs:
  ``issues`` in ``list_issues``), in proportion to how many tool names of the scope mention it
  (2 for the most mentioned); a server is built around its most shared objects;
- cheap, +1 / 0 / 0: the tool's estimated tokens fall in the cheapest third of its scope (a
  loaded tool is paid for on every request, but a few hundred tokens matter less than the
  searches it saves);
- called in the request's own ``messages`` (a ``tool_use`` block of an assistant turn), +2; a
  ``tool_reference`` does not count (it names a tool a search loaded, which stays deferred);
- reached by typical intents, +2 / +1 / 0: the tool is in the top, middle or bottom third of
  the scope by how many intents bring it up in a BM25 search (``toolsearch.recommend.reach``).

A tool named by ``tool_choice`` must stay loaded: it is kept like a pin.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from toolsearch.catalog.model import Scope, Tool
from toolsearch.recommend.usage_read import calls_in_messages
from toolsearch.retrieval.terms import term_of, words


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


READ_VERBS = _words(
    "get list search find read query fetch lookup show describe view browse retrieve inspect count"
)
WRITE_VERBS = _words(
    """create update delete remove add set write send post put push merge edit modify patch
    insert upload assign close mark dismiss star unstar fork run trigger execute submit resolve
    unresolve move rename reply react manage cancel approve refund pay transfer archive lock
    unlock invite schedule subscribe unsubscribe commit reprioritize reopen install deploy start
    stop restart kill click type navigate fill press drag drop upsert save clear reset request"""
)
ENTRY_VERBS = _words("search list find query browse lookup")

READ_POINTS = 2.0
ENTRY_POINTS = 2.0
OBJECT_POINTS = 2.0
CHEAP_POINTS = (1.0, 0.0, 0.0)
MESSAGE_POINTS = 2.0
REACH_POINTS = (2.0, 1.0, 0.0)
MAX_POINTS = (
    READ_POINTS + ENTRY_POINTS + OBJECT_POINTS + CHEAP_POINTS[0] + MESSAGE_POINTS + REACH_POINTS[0]
)
SHARED_BY_ALMOST_ALL = 0.6  # a word in more tool names than this is a prefix, not an object
THIRDS = ("cheapest", "middle", "costliest")


@dataclass(frozen=True)
class Signal:
    """Points a tool earns and why."""

    points: float
    reason: str


def read_only(tool: Tool) -> Signal | None:
    """The read-only signal: the server's annotation first, else the name."""
    annotations = tool.raw.get("annotations")
    hint = annotations.get("readOnlyHint") if isinstance(annotations, Mapping) else None
    if hint is True:
        return Signal(READ_POINTS, "read-only (annotations.readOnlyHint)")
    if hint is not None:
        return None
    parts = words(tool.name)
    reads = [w for w in parts if w in READ_VERBS]
    if reads and not any(w in WRITE_VERBS for w in parts):
        return Signal(READ_POINTS, f"read-only by its name ({reads[0]!r})")
    return None


def entry_point(tool: Tool) -> Signal | None:
    found = [w for w in words(tool.name) if w in ENTRY_VERBS]
    if not found:
        return None
    return Signal(ENTRY_POINTS, f"entry point ({found[0]!r} finds what other tools act on)")


VERB_TERMS = frozenset(t for t in map(term_of, READ_VERBS | WRITE_VERBS) if t is not None)


def objects(tool: Tool) -> list[tuple[str, str]]:
    """What a tool's name works on: (term, word as written) for its words that are not verbs."""
    found = []
    for word in words(tool.name):
        term = term_of(word)
        if term is not None and term not in VERB_TERMS and not term.isdigit():
            found.append((term, word))
    return found


def object_counts(tools: Sequence[Tool]) -> Counter[str]:
    """In how many tool names each object term occurs; near-universal prefixes dropped."""
    counts: Counter[str] = Counter()
    for tool in tools:
        counts.update({term for term, _ in objects(tool)})
    limit = SHARED_BY_ALMOST_ALL * len(tools)
    return Counter({t: n for t, n in counts.items() if n <= limit or len(tools) < 3})


def central_object(tool: Tool, counts: Mapping[str, int]) -> tuple[str, int] | None:
    """The tool's most shared object (as written in its name) and how many names mention it."""
    found = [(counts[term], word) for term, word in objects(tool) if term in counts]
    if not found:
        return None
    count, word = max(found, key=lambda item: item[0])
    return word, count


def third(value: float, ordered: Sequence[float]) -> int:
    """0, 1 or 2: the third of ``ordered`` (ascending) that ``value`` falls in."""
    if len(ordered) < 3:
        return 0
    low = ordered[(len(ordered) - 1) // 3]
    high = ordered[(2 * (len(ordered) - 1)) // 3]
    if value <= low:
        return 0
    return 1 if value <= high else 2


def cost(tokens: float, ordered: Sequence[float]) -> Signal:
    which = third(tokens, ordered)
    return Signal(CHEAP_POINTS[which], f"costs {round(tokens):,} tokens ({THIRDS[which]} third)")


def mentions(scope: Scope, messages: object) -> Counter[str]:
    """How often the assistant turns of a request's ``messages`` call each tool (``tool_use``
    blocks, by the name as sent). ``tool_reference`` blocks do not count: they name tools a
    search loaded, which should stay deferred (lint ``reference-to-loaded-tool``)."""
    counts: Counter[str] = Counter()
    for call in calls_in_messages(messages, scope.name, scope.name):
        counts[call.shown] += call.count
    return counts


@dataclass(frozen=True)
class ScopeSignals:
    """What the heuristic needs to know about one scope."""

    tokens: Mapping[tuple[str, str], float]
    in_messages: Mapping[str, int]
    reach: Mapping[tuple[str, str], int] | None = None
    intents: int = 0
    objects: Mapping[str, int] | None = None
    tool_count: int = 0

    @cached_property
    def _costs(self) -> list[int]:
        return sorted(round(v) for v in self.tokens.values())  # as the report shows them

    @cached_property
    def _most_shared(self) -> int:
        return max(self.objects.values(), default=0) if self.objects else 0

    @cached_property
    def _reaches(self) -> list[int]:
        return sorted(self.reach.values()) if self.reach is not None else []

    def signals(self, tool: Tool) -> list[Signal]:
        """Every signal a tool earns, in the order the README lists them."""
        found: list[Signal] = []
        for signal in (read_only(tool), entry_point(tool)):
            if signal is not None:
                found.append(signal)
        if self.objects:
            central = central_object(tool, self.objects)
            if central is not None and self._most_shared > 1 and central[1] > 1:
                word, count = central
                points = round(OBJECT_POINTS * count / self._most_shared, 1)
                found.append(
                    Signal(
                        points, f"works on {word!r}, named by {count} of {self.tool_count} tools"
                    )
                )
        key = (tool.source, tool.name)
        found.append(cost(round(self.tokens.get(key, 0.0)), self._costs))
        used = self.in_messages.get(tool.sent_name, 0) or self.in_messages.get(tool.name, 0)
        if used:
            times = "once" if used == 1 else f"{used} times"
            found.append(Signal(MESSAGE_POINTS, f"called in the request's messages ({times})"))
        if self.reach is not None:
            reached = self.reach.get(key, 0)
            which = 2 - third(reached, self._reaches)
            found.append(
                Signal(
                    REACH_POINTS[which],
                    f"reached by {reached} of {self.intents} typical intents",
                )
            )
        return found
