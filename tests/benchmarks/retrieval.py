"""Search quality on labelled sets: toolsearch's BM25 (and hybrid) next to plain rank-bm25.

Usage: python -m tests.benchmarks.retrieval [metatool] [catalogs] [--claude-code]
(from the repository root). Hybrid is measured when the semantic extra is installed (the first
run embeds MetaTool's 21,111 queries: minutes; they are cached); --claude-code adds Claude
Code's ToolSearch (slow on MetaTool: about 10 minutes).

* metatool: ../shared/retrieval/metatool (199 tools, 21,111 queries), read in place.
* catalogs: the real MCP catalogs in ../shared/catalogs (all but github-legacy, which repeats
  github) as Claude Code sends them (one scope, names ``mcp__server__tool``) and with their own
  names, against the hand-written cases in fixtures/eval/real-catalogs.jsonl.

"Plain rank-bm25" is ../shared/retrieval/bm25_baseline.py's method (camelCase split, runs of
[a-z0-9], name + description + top-level argument names and descriptions, BM25Okapi), run here
on the same tools and cases so both columns see the same data.
"""

from __future__ import annotations

import json
import re
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi

from toolsearch.catalog.inputs import load_inputs
from toolsearch.catalog.model import Catalog, Tool
from toolsearch.config import Config
from toolsearch.retrieval.cases import Case, load_cases
from toolsearch.retrieval.embedding import semantic_available
from toolsearch.retrieval.evaluation import KS, Evaluator, metrics
from toolsearch.retrieval.hybrid import prepare_queries

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
MODES = ["bm25", *(["hybrid"] if semantic_available() else [])]
if "--claude-code" in sys.argv:
    MODES.append("claude-code")


def _plain_tokens(text: str) -> list[str]:
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return re.findall(r"[a-z0-9]+", text.lower())


def _plain_document(tool: Tool) -> list[str]:
    parts = [tool.sent_name, tool.sent_description or ""]
    schema = tool.input_schema if isinstance(tool.input_schema, dict) else {}
    for name, prop in (schema.get("properties") or {}).items():
        parts += [name, prop.get("description", "") if isinstance(prop, dict) else ""]
    return _plain_tokens(" ".join(parts))


def plain_bm25(tools: tuple[Tool, ...], cases: list[tuple[Case, list[int]]]) -> dict[str, float]:
    """bm25_baseline.py's numbers for (case, expected tool indexes) pairs."""
    index = BM25Okapi([_plain_document(t) for t in tools])
    recall = dict.fromkeys(KS, 0.0)
    hit5 = mrr = 0.0
    for case, expected in cases:
        order = list(np.argsort(-index.get_scores(_plain_tokens(case.query)), kind="stable"))
        ranks = [order.index(i) + 1 for i in expected]
        for k in KS:
            recall[k] += sum(1 for r in ranks if r <= k) / len(ranks)
        hit5 += any(r <= 5 for r in ranks)
        mrr += 1 / min(ranks)
    n = len(cases)
    return {
        **{f"recall@{k}": recall[k] / n for k in KS},
        "hit@5": hit5 / n,
        "mrr": mrr / n,
    }


def ours(catalog: Catalog, cases: list[Case], mode: str) -> tuple[dict[str, float], float]:
    evaluator = Evaluator(catalog)
    if mode == "hybrid":
        prepare_queries([c.query for c in cases])
    start = time.perf_counter()
    outcomes = [evaluator.run(case, mode) for case in cases]
    seconds = time.perf_counter() - start
    m = metrics(outcomes, KS)
    return {
        **{f"recall@{k}": m.recall[k] for k in KS},
        "hit@5": m.hit5,
        "mrr": m.mrr,
    }, seconds


def compare(
    label: str, catalog: Catalog, cases: list[Case], modes: list[str] = MODES
) -> dict[str, Any]:
    scope = catalog.scopes[0]
    evaluator = Evaluator(catalog)
    pairs = []
    for case in cases:
        _, expected = evaluator.scope_of(case)
        pairs.append((case, [scope.tools.index(t) for t in expected]))
    found = {"plain": plain_bm25(scope.tools, pairs)}
    seconds = {}
    for mode in modes:
        found[mode], seconds[mode] = ours(catalog, cases, mode)
    timing = ", ".join(f"{m} {s:.2f} s" for m, s in seconds.items())
    print(f"\n{label}: {len(scope.tools)} tools, {len(cases)} cases ({timing})")
    print(f"{'metric':<10}" + "".join(f" {name:>16}" for name in found))
    for key in found["plain"]:
        print(f"{key:<10}" + "".join(f" {values[key]:>16.4f}" for values in found.values()))
    return {"set": label, "tools": len(scope.tools), "cases": len(cases), **found}


def metatool_set() -> tuple[str, Catalog, list[Case]]:
    folder = SHARED / "retrieval" / "metatool"
    inputs = load_inputs([f"metatool={folder / 'tools.json'}"], Config())
    return "metatool", inputs.catalog, load_cases(folder / "queries.jsonl")


def catalog_sets() -> list[tuple[str, Catalog, list[Case]]]:
    files = sorted(
        p
        for p in (SHARED / "catalogs").glob("*.json")
        if p.stem not in ("SOURCES", "github-legacy")
    )
    inputs = load_inputs([str(p) for p in files], Config(), "claude-code")
    cases = load_cases(ROOT / "fixtures" / "eval" / "real-catalogs.jsonl")
    scope = inputs.catalog.scopes[0]
    bare = tuple(replace(t, sent_name=t.name) for t in scope.tools)
    plain_names = Catalog((replace(scope, tools=bare),), "claude-code")
    return [
        ("catalogs, Claude Code names", inputs.catalog, cases),
        ("catalogs, own names", plain_names, cases),
    ]


def metatool() -> dict[str, Any]:
    return compare(*metatool_set())


def catalogs() -> list[dict[str, Any]]:
    return [compare(*found) for found in catalog_sets()]


if __name__ == "__main__":
    wanted = [a for a in sys.argv[1:] if not a.startswith("--")] or ["metatool", "catalogs"]
    results: list[Any] = []
    if "metatool" in wanted:
        results.append(metatool())
    if "catalogs" in wanted:
        results.extend(catalogs())
    print(json.dumps(results, indent=1), file=sys.stderr)
