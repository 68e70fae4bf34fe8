"""The reference for the query speed target: json-parse a catalog, build a rank-bm25 index over
name, description, argument names and descriptions, run one query. Nothing else.

Usage: python tests/benchmarks/bare_bm25.py CATALOG QUERY
"""

import json
import re
import sys
from typing import Any

from rank_bm25 import BM25Okapi


def tok(text: str) -> list[str]:
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return re.findall(r"[a-z0-9]+", text.lower())


def doc(tool: dict[str, Any]) -> list[str]:
    parts = [tool["name"], tool.get("description", "")]
    schema = tool.get("inputSchema") or tool.get("input_schema") or {}
    for name, prop in (schema.get("properties") or {}).items():
        parts += [name, prop.get("description", "") if isinstance(prop, dict) else ""]
    return tok(" ".join(parts))


with open(sys.argv[1], encoding="utf-8") as handle:
    data = json.load(handle)
tools = data["tools"] if isinstance(data, dict) else data
index = BM25Okapi([doc(t) for t in tools])
scores = index.get_scores(tok(sys.argv[2]))
best = sorted(range(len(tools)), key=lambda i: -scores[i])[:5]
print("\n".join(tools[i]["name"] for i in best))
