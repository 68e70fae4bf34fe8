"""The catalog: reading sources (files, stdin, live documents) with their limits, recognising each
dialect, and the model every command works on (scopes, tools, toolsets, places)."""
