"""Real MCP servers the tests start: stdio and HTTP, written with the SDK's server API."""
