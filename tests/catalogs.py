"""Small catalogs for recommend tests, written the way users write them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

# Twelve tools of a shop back office: three read tools, nine that change things.
SHOP = [
    ("search_orders", "Search orders by customer, status or date range.", ["query", "status"]),
    ("list_customers", "List customers, newest first, with their plan.", ["limit"]),
    ("get_invoice", "Get one invoice by its number.", ["number"]),
    ("create_order", "Create an order for a customer from a cart.", ["customer", "items", "note"]),
    ("update_customer", "Update a customer's address, plan or email.", ["customer", "fields"]),
    ("delete_order", "Delete an order that has not shipped yet.", ["order"]),
    ("send_invoice", "Send an invoice to the customer's billing email.", ["number", "email"]),
    ("refund_payment", "Refund part or all of a payment to the card.", ["payment", "amount"]),
    ("archive_order", "Archive an order so it no longer shows in lists.", ["order"]),
    ("cancel_order", "Cancel an order and release its stock.", ["order", "reason"]),
    ("sync_inventory", "Sync stock levels from the warehouse system.", ["warehouse"]),
    ("export_report", "Export the monthly sales report as CSV.", ["month", "format"]),
]


DETAIL = (
    " The result is JSON with ids, timestamps and a status for each record; errors come back "
    "as a message that says which field to fix and how."
)


def tool(name: str, description: str, args: list[str], **extra: Any) -> dict[str, Any]:
    """An Anthropic custom tool."""
    return {
        "name": name,
        "description": description + DETAIL,
        "input_schema": {
            "type": "object",
            "properties": {a: {"type": "string", "description": f"The {a}."} for a in args},
            "required": args[:1],
        },
        **extra,
    }


def shop_tools(count: int = len(SHOP), **per_tool: dict[str, Any]) -> list[dict[str, Any]]:
    """The shop's tools; ``per_tool`` adds keys to named tools."""
    return [tool(n, d, a, **per_tool.get(n, {})) for n, d, a in SHOP[:count]]


def request(tools: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"model": "claude-sonnet-4-5", "max_tokens": 1024}
    body.update(extra)
    body["tools"] = tools
    return body


def write_json(path: Path, data: Any, indent: int | None = 2) -> Path:
    path.write_text(json.dumps(data, indent=indent) + "\n")
    return path


def mcp_tools(names: list[str], read_only: tuple[str, ...] = ()) -> dict[str, Any]:
    """An MCP tools/list result."""
    return {
        "tools": [
            {
                "name": n,
                "description": f"{n.replace('_', ' ').capitalize()} in the repository." + DETAIL,
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "owner": {"type": "string", "description": "Owner of the repository."},
                        "repo": {"type": "string", "description": "Name of the repository."},
                    },
                },
                "annotations": {"readOnlyHint": n in read_only},
            }
            for n in names
        ]
    }
