"""Judge the replies of ``probe``'s requests: five checks, each passed, failed (with the evidence)
or not answerable, and the verdict line. Pure: no network, no printing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from toolsearch.catalog.counts import count_of
from toolsearch.probe.reply import Reply, mentions_beta, refused
from toolsearch.probe.requests import (
    BIG_DESCRIPTION,
    BIG_TOOL,
    big_schema,
)

Status = Literal["passed", "failed", "not answerable"]
CHECK_IDS = ("deferral-kept", "search-tool", "round-trip", "rewrites", "beta-header")
# The Messages API's own text for a deferred tool with cache_control (tool-search-facts §2.4).
CACHE_CONTROL_TEXT = re.compile(
    r"Tool '[^']*' cannot have both defer_loading=true and cache_control set"
)
DEFERRED_NEEDS_SEARCH = "Deferred tools require tools.tool_search"
# A tool costs at least one token per 8 characters of its JSON under any tokenizer in use
# (Claude's and OpenAI's run at 2-4 characters per token on JSON): the floor below which the
# large tool counts as not billed at all.
BIG_TOOL_MIN_TOKENS = (
    len(
        json.dumps({"name": BIG_TOOL, "description": BIG_DESCRIPTION, "input_schema": big_schema()})
    )
    // 8
)


@dataclass(frozen=True)
class Check:
    """One check's outcome; ``advice`` is what the verdict says when it failed."""

    number: int
    id: str
    title: str
    status: Status
    evidence: str
    advice: str = ""


def judge(target: str, replies: Mapping[str, Reply], beta: tuple[str, ...]) -> list[Check]:
    """The five checks from the replies that came back (a missing reply: not answerable)."""
    beta_check = _beta(target, replies, beta)
    if beta_check.status == "failed" and not replies.get("baseline", Reply(0, None)).ok:
        why = "not answerable: every request was refused for the beta header (see check 5)"
        others = [_check(target, number, "not answerable", why) for number in range(1, 5)]
        return [*others, beta_check]
    return [
        _deferral(target, replies),
        _search(target, replies),
        _round_trip(target, replies),
        _rewrites(target, replies),
        beta_check,
    ]


def _check(target: str, number: int, status: Status, evidence: str, advice: str = "") -> Check:
    return Check(
        number, CHECK_IDS[number - 1], HOSTS[target].titles[number - 1], status, evidence, advice
    )


def _figures(replies: Mapping[str, Reply]) -> tuple[int, int, int] | None:
    """Input tokens without the large tool, with it loaded, with it deferred."""
    counts = [replies[name].input_tokens for name in ("without", "loaded", "deferred")]
    if any(count is None for count in counts):
        return None
    without, loaded, deferred = counts
    assert without is not None and loaded is not None and deferred is not None
    return without, loaded, deferred


def _first_refused(replies: Mapping[str, Reply], names: tuple[str, ...]) -> str | None:
    for name in names:
        reply = replies.get(name)
        if reply is not None and not reply.ok:
            return name
    return None


def _why_refused(name: str, reply: Reply) -> str:
    """The evidence of a refusal of a request that carried no cache_control and did carry the
    search tool, with what the API's text then shows about the endpoint."""
    evidence = refused(name, reply)
    if CACHE_CONTROL_TEXT.search(reply.message):
        evidence += "; this request carried no cache_control: the endpoint added it"
    if DEFERRED_NEEDS_SEARCH in reply.message:
        evidence += (
            "; this request carried the tool_search tool: the endpoint dropped or changed it"
        )
    return evidence


def _busy(target: str, number: int, replies: Mapping[str, Reply], *names: str) -> Check | None:
    """Not answerable when a request the check needs was rate-limited or overloaded."""
    for name in names:
        reply = replies.get(name)
        if reply is not None and reply.busy:
            evidence = f"{refused(name, reply)} (busy or rate-limited): run the probe again"
            return _check(target, number, "not answerable", evidence)
    return None


def _deferral(target: str, replies: Mapping[str, Reply]) -> Check:
    names = ("without", "loaded", "deferred")
    if any(name not in replies for name in names):
        return _check(target, 1, "not answerable", "the requests were not sent")
    busy = _busy(target, 1, replies, *names)
    if busy is not None:
        return busy
    bad = _first_refused(replies, names)
    if bad is not None:
        evidence = _why_refused(bad, replies[bad])
        advice = (
            "the endpoint adds cache_control to deferred tools, which the API refuses (400); "
            "leave tool search off behind it"
            if "the endpoint added it" in evidence
            else "requests with deferred tools fail behind this endpoint; leave tool search off "
            "behind it"
        )
        return _check(target, 1, "failed", evidence, advice)
    figures = _figures(replies)
    if figures is None:
        return _check(target, 1, "not answerable", "the replies carry no usage.input_tokens")
    without, loaded, deferred = figures
    cost = loaded - without
    if cost < BIG_TOOL_MIN_TOKENS:
        return _check(
            target,
            1,
            "not answerable",
            f"the large tool was not billed even when loaded ({loaded:,} input tokens with it, "
            f"{without:,} without it): see check 4",
        )
    shown = f"{deferred:,} input tokens deferred, {loaded:,} loaded, {without:,} without it"
    if (loaded - deferred) * 2 >= cost:
        return _check(target, 1, "passed", f"deferring the large tool saved tokens: {shown}")
    off = HOSTS[target].off_advice
    return _check(
        target,
        1,
        "failed",
        f"the large tool was billed deferred as if loaded: {shown}",
        f"deferral is dropped: every tool is billed upfront ({deferred:,} vs {without:,} "
        f"tokens); {off}",
    )


def _search(target: str, replies: Mapping[str, Reply]) -> Check:
    reply = replies.get("search")
    advice = "the search tool does not work behind this endpoint; leave tool search off behind it"
    if reply is None:
        return _check(target, 2, "not answerable", "the request was not sent")
    busy = _busy(target, 2, replies, "search")
    if busy is not None:
        return busy
    if not reply.ok:
        return _check(target, 2, "failed", _why_refused("search", reply), advice)
    return HOSTS[target].judge_search(reply, advice)


def _items(body: Any, key: str) -> list[dict[str, Any]]:
    found = body.get(key) if isinstance(body, dict) else None
    return [item for item in found if isinstance(item, dict)] if isinstance(found, list) else []


def _anthropic_search(reply: Reply, advice: str) -> Check:
    blocks = _items(reply.body, "content")
    calls = [b for b in blocks if b.get("type") == "server_tool_use"]
    results = [b for b in blocks if b.get("type") == "tool_search_tool_result"]
    stop = reply.body.get("stop_reason") if isinstance(reply.body, dict) else None
    if not calls and not results:
        return _check(
            "api",
            2,
            "failed",
            f"the reply has no server_tool_use or tool_search_tool_result block (stop_reason "
            f"{stop!r}): the endpoint dropped the search tool, or the model did not search",
            advice,
        )
    if not results:
        return _check(
            "api",
            2,
            "failed",
            "the reply has the search call but no tool_search_tool_result block: the endpoint "
            "dropped the search result",
            advice,
        )
    content = results[0].get("content")
    content = content if isinstance(content, dict) else {}
    if content.get("type") == "tool_search_tool_result_error":
        code = content.get("error_code")
        return _check("api", 2, "failed", f"the search answered error_code {code!r}", advice)
    names = [
        str(ref.get("tool_name"))
        for ref in _items(content, "tool_references")
        if ref.get("type") == "tool_reference"
    ]
    if not names:
        return _check(
            "api",
            2,
            "failed",
            f"the search returned no tool reference: the deferred {BIG_TOOL} did not reach the "
            "search",
            advice,
        )
    return _check(
        "api",
        2,
        "passed",
        f"the reply searched and returned {count_of(len(names), 'tool reference')}: "
        + ", ".join(names),
    )


def _openai_search(reply: Reply, advice: str) -> Check:
    items = _items(reply.body, "output")
    calls = [i for i in items if i.get("type") == "tool_search_call"]
    outputs = [i for i in items if i.get("type") == "tool_search_output"]
    if not calls:
        return _check(
            "openai",
            2,
            "failed",
            "the reply has no tool_search_call item: the endpoint dropped tool_search, or the "
            "model did not search",
            advice,
        )
    if not outputs:
        return _check(
            "openai",
            2,
            "failed",
            "the reply has the tool_search_call but no tool_search_output item: the endpoint "
            "dropped the search's result",
            advice,
        )
    loaded = [str(tool.get("name")) for tool in _items(outputs[0], "tools")]
    if not loaded:
        return _check(
            "openai",
            2,
            "failed",
            f"the search loaded no tool: the deferred {BIG_TOOL} did not reach the search",
            advice,
        )
    return _check(
        "openai",
        2,
        "passed",
        f"the reply searched and loaded {count_of(len(loaded), 'tool')}: " + ", ".join(loaded),
    )


def _round_trip(target: str, replies: Mapping[str, Reply]) -> Check:
    reply = replies.get("round-trip")
    if reply is None:
        return _check(target, 3, "not answerable", "the request was not sent")
    what, advice = HOSTS[target].round_trip
    busy = _busy(target, 3, replies, "round-trip")
    if busy is not None:
        return busy
    if not reply.ok:
        return _check(target, 3, "failed", _why_refused("round-trip", reply), advice)
    answered = f"{what} was answered {reply.status}"
    if not HOSTS[target].loads_reference:
        return _check(target, 3, "passed", answered)
    return _reference_loaded(replies, answered, advice)


def _reference_loaded(replies: Mapping[str, Reply], answered: str, advice: str) -> Check:
    """A tool_reference loads the tool: its definition is billed as input (facts §2.8), so the
    turn costs more than the same turn with a text result."""
    text = replies.get("round-trip-text")
    with_reference = replies["round-trip"].input_tokens
    with_text = text.input_tokens if text is not None and text.ok else None
    if with_reference is None or with_text is None:
        return _check("api", 3, "passed", f"{answered} (whether it loaded the tool: no usage)")
    shown = (
        f"{with_reference:,} input tokens with the tool_reference, {with_text:,} with a text result"
    )
    if with_reference - with_text >= BIG_TOOL_MIN_TOKENS:
        return _check("api", 3, "passed", f"{answered} and loaded the tool: {shown}")
    return _check(
        "api",
        3,
        "failed",
        f"{answered} but loaded no tool: {shown}; the endpoint dropped or rewrote the "
        "tool_reference",
        "the second turn loses the tool_reference (answered, but the found tool is not loaded): "
        "ENABLE_TOOL_SEARCH=true would leave Claude Code without the tools it searched for",
    )


def _rewrites(target: str, replies: Mapping[str, Reply]) -> Check:
    refusal = HOSTS[target].own_error
    own = _own_error(
        replies.get(refusal.request),
        refusal.what,
        refusal.text,
        refusal.expected,
        refusal.removed,
    )
    parts = [own, _stays_loaded(replies)]
    failed = [text for status, text in parts if status == "failed"]
    evidence = "; ".join(text for _, text in parts)
    if failed:
        return _check(
            target,
            4,
            "failed",
            evidence,
            "the endpoint changes tool requests on the way: " + failed[0],
        )
    if all(status == "passed" for status, _ in parts):
        return _check(target, 4, "passed", evidence)
    return _check(target, 4, "not answerable", evidence)


def _own_error(
    reply: Reply | None, what: str, text: re.Pattern[str], expected: str, removed: str
) -> tuple[Status, str]:
    """A request the API refuses must come back with the API's own 400 text."""
    if reply is None:
        return "not answerable", f"{what}: the request was not sent"
    if reply.busy:
        return "not answerable", f"{what} was answered {reply.status} (busy): run the probe again"
    if reply.ok:
        return (
            "failed",
            f"{what} was answered {reply.status}, where the API answers 400: the endpoint "
            f"removed {removed}",
        )
    if text.search(reply.message):
        return "passed", f"{what} got the API's 400: {reply.message}"
    return (
        "failed",
        f"{what} was answered {reply.status} '{reply.message}', not with the API's text "
        f"({expected}): the endpoint rewrites requests or errors",
    )


def _stays_loaded(replies: Mapping[str, Reply]) -> tuple[Status, str]:
    names = ("without", "loaded")
    if any(name not in replies or not replies[name].ok for name in names):
        return "not answerable", "whether a tool without defer_loading stays loaded: not answered"
    without, loaded = (replies[name].input_tokens for name in names)
    if without is None or loaded is None:
        return "not answerable", "the replies carry no usage.input_tokens"
    if loaded - without >= BIG_TOOL_MIN_TOKENS:
        return (
            "passed",
            f"the large tool without defer_loading was billed ({loaded:,} input tokens with it, "
            f"{without:,} without it)",
        )
    return (
        "failed",
        f"the large tool without defer_loading was not billed ({loaded:,} input tokens with it, "
        f"{without:,} without it): the endpoint defers tools that did not ask for it",
    )


def _beta(target: str, replies: Mapping[str, Reply], beta: tuple[str, ...]) -> Check:
    header = HOSTS[target].beta_header
    if not beta:
        return _check(target, 5, "not answerable", HOSTS[target].no_beta)
    shown = f"{header}: {','.join(beta)}"
    for name, reply in replies.items():
        if mentions_beta(reply):
            return _check(
                target,
                5,
                "failed",
                refused(name, reply),
                f"the endpoint rejects the beta header ({shown}): leave --beta out if the "
                "platform needs none, or use an endpoint that forwards it",
            )
    baseline = replies.get("baseline")
    if baseline is None or not baseline.ok:
        return _check(target, 5, "not answerable", "the plain request was not answered")
    return _check(target, 5, "passed", f"every request carried {shown} and none was refused for it")


def verdict(target: str, checks: list[Check]) -> str:
    """One line that says what to do."""
    failed = [check for check in checks if check.status == "failed"]
    if failed:
        more = len(failed) - 1
        tail = f" ({more} more check{'s' if more != 1 else ''} failed)" if more else ""
        return failed[0].advice + tail
    open_core = [str(c.number) for c in checks if c.status == "not answerable" and c.number < 5]
    if open_core:
        return (
            f"no check failed, but check{'s' if len(open_core) > 1 else ''} "
            f"{', '.join(open_core)} could not be answered: tool "
            "search is not shown to work behind this endpoint"
        )
    return HOSTS[target].works


@dataclass(frozen=True)
class OwnRefusal:
    """A request the API refuses with a known 400 text (check 4)."""

    request: str
    what: str
    text: re.Pattern[str]
    expected: str
    removed: str


@dataclass(frozen=True)
class HostTexts:
    """What differs between the hosts a probe speaks to: titles, advice and how replies read."""

    titles: tuple[str, str, str, str, str]
    off_advice: str
    judge_search: Callable[[Reply, str], Check]
    round_trip: tuple[str, str]  # what the second turn is, and the advice when it fails
    loads_reference: bool  # the turn must cost the referenced tool (Messages)
    own_error: OwnRefusal
    beta_header: str
    no_beta: str
    works: str


HOSTS: dict[str, HostTexts] = {
    "api": HostTexts(
        titles=(
            "deferral kept (input tokens with the large tool deferred vs loaded)",
            "search tool accepted, a search result in the reply",
            "second turn: tool_reference in a tool_result answered",
            "the API's own 400 for cache_control on a deferred tool; loaded tools stay loaded",
            "beta header accepted",
        ),
        off_advice="leave ENABLE_TOOL_SEARCH unset or false for Claude Code behind it",
        judge_search=_anthropic_search,
        round_trip=(
            "the turn after a client search, with a tool_reference in its tool_result,",
            "the second turn breaks (a tool_reference in a tool_result is refused): "
            "ENABLE_TOOL_SEARCH=true would fail Claude Code a turn after its first search",
        ),
        loads_reference=True,
        own_error=OwnRefusal(
            "cache-control",
            "a deferred tool with cache_control",
            CACHE_CONTROL_TEXT,
            "Tool '<name>' cannot have both defer_loading=true and cache_control set",
            "cache_control or defer_loading",
        ),
        beta_header="anthropic-beta",
        no_beta="no --beta given: the Claude API needs no beta header for tool search since "
        "2026-02-17 (Vertex AI and Bedrock InvokeModel: --beta tool-search-tool-2025-10-19)",
        works="tool search works behind this endpoint: ENABLE_TOOL_SEARCH=true is safe for "
        "Claude Code",
    ),
    "openai": HostTexts(
        titles=(
            "deferral kept (input tokens with the large function deferred vs loaded)",
            "tool_search accepted, a search in the reply",
            "second turn: a namespaced function_call replayed with its namespace answered",
            "the API's own 400 for deferral without tool_search; loaded functions stay loaded",
            "beta header accepted",
        ),
        off_advice="send deferred tools to the API directly",
        judge_search=_openai_search,
        round_trip=(
            "the turn replaying a deferred namespaced function_call with its namespace",
            "replaying a namespaced function_call fails: deferred namespaced functions break "
            "a turn after their first call behind this endpoint",
        ),
        loads_reference=False,
        own_error=OwnRefusal(
            "error-text",
            "a deferred function without tool_search",
            re.compile(re.escape(DEFERRED_NEEDS_SEARCH)),
            f"{DEFERRED_NEEDS_SEARCH}.",
            "defer_loading",
        ),
        beta_header="OpenAI-Beta",
        no_beta="no --beta given: OpenAI's tool search needs no beta header",
        works="tool search works behind this endpoint: deferred functions, tool_search and "
        "namespaces reach the Responses API intact",
    ),
}
