"""Per-finding fingerprints for SARIF and GitLab: a hash of the identity and its occurrence."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable

from toolsearch.lint.findings import Diagnostic


def fingerprints(diagnostics: Iterable[Diagnostic]) -> list[str]:
    """One sha256 hex digest per diagnostic, unique within the run.

    The identity (v3: rule + source + tool + subject) has no line, tool position or message,
    so inserting a tool or rewording a message does not shift it; findings with the same
    identity are told apart by their order.
    """
    seen: Counter[str] = Counter()
    result = []
    for d in diagnostics:
        key = d.fingerprint
        occurrence = seen[key]
        seen[key] += 1
        text = key if occurrence == 0 else f"{key}\x1f{occurrence}"
        result.append(hashlib.sha256(text.encode("utf-8")).hexdigest())
    return result
