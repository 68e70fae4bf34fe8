"""Live MCP servers: their configs, the client that lists their tools within bounds, and snapshots
of what they list, checked for drift."""
