"""`toolsearch sessions`: what the user's own Claude Code transcripts say about their tools."""
