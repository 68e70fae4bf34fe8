"""Lint: the engine, the rule contract and settings, the records of findings, baselines and
fingerprints, and the checks rules share (schemas, parameters, near duplicates, request facts)."""
