"""JSON text for toolsearch's own outputs: readable UTF-8, with unsafe characters escaped.

``json.dumps`` escapes C0 controls but leaves DEL, C1 controls, bidirectional and zero-width
characters raw; catalog text carrying them must not reach a terminal that shows the JSON.
"""

from __future__ import annotations

import json
from typing import Any

from toolsearch.sanitize import escape_unsafe


def dumps(value: Any, indent: int | None = 2) -> str:
    """Pretty JSON whose strings cannot drive a terminal; never a bare NaN or Infinity."""
    return escape_unsafe(json.dumps(value, indent=indent, ensure_ascii=False, allow_nan=False))
