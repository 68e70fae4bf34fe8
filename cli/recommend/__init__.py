"""Recommend: rank a scope's tools (usage evidence, else the heuristic and search reach), choose
those to keep loaded, and write the choice into request and tools files."""
