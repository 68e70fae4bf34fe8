"""JSON Schemas of toolsearch's own JSON outputs."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def load_schema(name: str) -> Any:
    """The shipped schema ``<name>.schema.json``."""
    return json.loads(resources.files(__name__).joinpath(f"{name}.schema.json").read_text("utf-8"))
