"""Write a synthetic MCP ``tools/list`` catalog of N tools for the speed benchmarks.

The text is made from a fixed vocabulary with a seeded random generator, so every run (and
every machine) gets the same file: ``python tests/benchmarks/gen_catalog.py 10000 out.json``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

_SERVICES = """
github gitlab jira slack notion linear sentry stripe shopify hubspot zendesk asana trello dropbox
drive calendar gmail outlook teams discord figma vercel netlify docker kubernetes postgres mysql
redis mongo elastic s3 bigquery snowflake airtable salesforce
"""
_VERBS = """
get list create update delete search find add remove archive export import sync send fetch
upload download merge close open assign move copy rename share publish
"""
_NOUNS = """
issue comment project user team channel message file folder page record table row invoice
payment customer order product ticket event meeting repository branch commit label milestone
deployment build pipeline secret key webhook report dashboard alert
"""
_WORDS = """
the a an of for to in with by from and or on at returns given optional required identifier
name title description status date time limit page cursor filter query sort order ascending
descending results maximum number string list object value field workspace account owner
member permission access token scope version state priority created updated deleted includes
details summary metadata content body text format url
"""
SERVICES, VERBS, NOUNS, WORDS = (v.split() for v in (_SERVICES, _VERBS, _NOUNS, _WORDS))


def _sentence(rng: random.Random, low: int, high: int) -> str:
    return " ".join(rng.choice(WORDS + NOUNS) for _ in range(rng.randint(low, high))).capitalize()


def make_tool(rng: random.Random, index: int) -> dict[str, Any]:
    service, verb, noun = rng.choice(SERVICES), rng.choice(VERBS), rng.choice(NOUNS)
    properties = {}
    for _ in range(rng.randint(2, 6)):
        arg = f"{rng.choice(NOUNS)}_{rng.choice(['id', 'name', 'limit', 'query', 'type'])}"
        properties[arg] = {"type": "string", "description": _sentence(rng, 4, 12) + "."}
    return {
        "name": f"{service}_{verb}_{noun}_{index}",
        "description": f"{verb.capitalize()} a {service} {noun}. " + _sentence(rng, 10, 30) + ".",
        "inputSchema": {
            "type": "object",
            "properties": properties,
            "required": list(properties)[:1],
        },
    }


def make_catalog(count: int, seed: int = 7) -> dict[str, Any]:
    rng = random.Random(seed)
    return {"tools": [make_tool(rng, i) for i in range(count)]}


if __name__ == "__main__":
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(f"catalog-{size}.json")
    out.write_text(json.dumps(make_catalog(size), indent=2), encoding="utf-8")
    print(f"wrote {size:,} tools to {out}")
