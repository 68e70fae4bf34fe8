"""toolsearch: lint, cost and preview Claude tool catalogs for Anthropic's tool search tool."""

from __future__ import annotations

__version__ = "0.1.0"
