"""A generated tool catalog of any size, deterministic, for speed tests and benchmarks."""

from __future__ import annotations

import random
from typing import Any

SERVICES = ("github", "slack", "jira", "notion", "drive", "calendar", "crm", "billing", "docs")
VERBS = ("get", "list", "create", "update", "delete", "search", "archive", "export", "sync")
OBJECTS = ("issue", "message", "page", "file", "event", "invoice", "customer", "report", "user")
WORDS = """returns the matching records with their owner status and last change use it when
    the user asks about recent activity history permissions links comments attachments totals
    workspace needs exact answer rather than summary of what happened pagination cursor filters
    sort order archived drafts labels assignees reviewers milestones projects boards columns
    channels threads reactions mentions replies emoji pinned bookmarks reminders schedules
    meetings attendees rooms timezone recurrence invoices payments refunds subscriptions plans
    coupons taxes currency ledger accounts contacts companies deals pipeline stages forecasts
    quotas territories tickets priority severity escalation queue agents macros tags satisfaction
    survey articles sections categories translations versions revisions approvals workflows
    triggers webhooks events payloads retries failures alerts incidents oncall rotations runbooks
    dashboards metrics logs traces spans services deployments releases branches commits diffs
    pull requests merges conflicts builds artifacts caches secrets variables environments
    regions clusters nodes pods volumes snapshots backups restores quotas billing usage costs
    budgets exports imports mappings schemas fields validations errors warnings""".split()  # noqa: SIM905


def tool(rng: random.Random, index: int) -> dict[str, Any]:
    service, verb, obj = rng.choice(SERVICES), rng.choice(VERBS), rng.choice(OBJECTS)
    words = rng.sample(WORDS, rng.randint(8, 30))
    description = f"{verb.capitalize()} a {service} {obj}: {' '.join(words)}."
    properties: dict[str, Any] = {
        f"{obj}_id": {"type": "string", "description": f"Identifier of the {obj}"},
        "limit": {"type": "integer", "description": "Most results to return", "maximum": 100},
    }
    if index % 3 == 0:
        properties["filter"] = {
            "type": "object",
            "description": "Narrow the results",
            "properties": {
                "owner": {"type": "string", "description": "Login of the owner"},
                "since": {"type": "string", "format": "date-time"},
            },
        }
    return {
        "name": f"{service}_{verb}_{obj}_{index}",
        "description": description,
        "input_schema": {"type": "object", "properties": properties, "required": [f"{obj}_id"]},
        "defer_loading": index >= 4,
    }


def request(count: int, seed: int = 7) -> dict[str, Any]:
    """A Messages request with a search tool, 4 loaded tools and the rest deferred."""
    rng = random.Random(seed)
    tools: list[dict[str, Any]] = [
        {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    ]
    tools.extend(tool(rng, i) for i in range(count))
    return {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": tools}
