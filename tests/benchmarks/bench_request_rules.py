"""Time ``lint`` of the request-error rules on a generated 10,000-tool catalog.

Run: ``python tests/benchmarks/bench_request_rules.py [N]``. Prints the target's baseline
(json-parsing the file and tiktoken-encoding every tool), the ``lint`` process cold
(``TOOLSEARCH_NO_CACHE=1``) and warm, and the schema check alone with jsonschema-rs and with the
``jsonschema`` package (on 1,000 schemas, scaled up).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

RULES = (
    "dangling-tool-reference,toolset-catalog-unknown,reference-to-loaded-tool,"
    "deferred-search-tool,examples-with-tool-search,deferred-with-cache-control,"
    "duplicate-tool-name,invalid-tool-name,long-tool-name,invalid-input-schema,"
    "invalid-input-example,too-many-deferred-tools,invalid-search-tool,unsupported-model,"
    "uncertain-model-support,mcp-server-mismatch,unknown-tool-in-configs,strict-mode-limits"
)
WORDS = [
    "search",
    "list",
    "create",
    "update",
    "delete",
    "issue",
    "pull",
    "request",
    "repo",
    "branch",
    "file",
    "user",
    "team",
    "channel",
    "message",
    "event",
    "calendar",
    "invoice",
    "payment",
    "customer",
    "order",
    "ticket",
]


def catalog(count: int) -> dict[str, Any]:
    """A request with a search tool and ``count`` tools of 1-6 described parameters."""
    rng = random.Random(1)
    tools: list[dict[str, Any]] = [
        {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    ]
    for i in range(count):
        properties: dict[str, Any] = {}
        for k in range(rng.randint(1, 6)):
            kind = rng.choice(["string", "integer", "boolean"])
            prop: dict[str, Any] = {"type": kind, "description": " ".join(rng.choices(WORDS, k=8))}
            if kind == "string" and rng.random() < 0.2:
                prop["pattern"] = "^[a-z0-9_-]+$"
            properties[f"{rng.choice(WORDS)}_{k}"] = prop
        tools.append(
            {
                "name": f"{rng.choice(WORDS)}_{rng.choice(WORDS)}_{i}",
                "description": " ".join(rng.choices(WORDS, k=30)),
                "defer_loading": i > 5,
                "input_schema": {
                    "type": "object",
                    "properties": properties,
                    "required": list(properties)[:1],
                },
            }
        )
    return {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": tools}


def baseline(path: Path) -> float:
    from toolsearch.cost.tokens import encoding

    enc = encoding()
    started = time.perf_counter()
    data = json.loads(path.read_text())
    texts = [
        json.dumps({k: t.get(k) for k in ("name", "description", "input_schema")})
        for t in data["tools"]
    ]
    enc.encode_ordinary_batch(texts)
    return time.perf_counter() - started


def lint_seconds(path: Path, cold: bool, rules: str | None) -> float:
    env = dict(os.environ)
    if cold:
        env["TOOLSEARCH_NO_CACHE"] = "1"
    select = ["--select", rules] if rules else []
    command = [sys.executable, "-m", "toolsearch", "lint", *select, str(path)]
    started = time.perf_counter()
    subprocess.run(command, env=env, capture_output=True, check=False)
    return time.perf_counter() - started


def schema_checks(path: Path) -> tuple[float, float]:
    import jsonschema

    from toolsearch.lint.schema_check import compile_schema

    schemas = [t["input_schema"] for t in json.loads(path.read_text())["tools"][1:]]
    started = time.perf_counter()
    for schema in schemas:
        compile_schema(schema)
    fast = time.perf_counter() - started
    sample = schemas[:1000]
    started = time.perf_counter()
    for schema in sample:
        jsonschema.Draft202012Validator.check_schema(schema)
    slow = (time.perf_counter() - started) * len(schemas) / len(sample)
    return fast, slow


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "catalog.json"
        path.write_text(json.dumps(catalog(count), indent=2))
        base = min(baseline(path) for _ in range(3))
        rows = [
            ("json parse + tiktoken encode (in process)", base),
            (
                "lint, request-error rules, cold (process)",
                min(lint_seconds(path, True, RULES) for _ in range(3)),
            ),
            (
                "lint, request-error rules, warm (process)",
                min(lint_seconds(path, False, RULES) for _ in range(3)),
            ),
            (
                "lint, every registered rule, cold (process)",
                min(lint_seconds(path, True, None) for _ in range(3)),
            ),
        ]
        fast, slow = schema_checks(path)
        rows += [
            ("schema check, jsonschema-rs (in process)", fast),
            ("schema check, jsonschema package (scaled from 1,000)", slow),
        ]
        size = path.stat().st_size / 1e6
        print(f"{count:,} tools, {size:.1f} MB, {os.cpu_count()} cores")
        for label, seconds in rows:
            print(f"{seconds:8.3f} s  {seconds / base:5.2f}x  {label}")


if __name__ == "__main__":
    main()
