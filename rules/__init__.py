"""Lint rules: one module per rule, registered in RULES."""
