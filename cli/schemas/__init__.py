"""JSON Schemas of toolsearch's own JSON outputs.

The enums that name hosts' things (scope kinds, search modes, targets) are the ``$defs``
``scope_kind``, ``search_mode`` and ``target``; ``load_schema`` fills them from the registries,
and a test keeps the shipped files equal to what it fills in.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def derived_enums() -> dict[str, tuple[str, ...]]:
    """Each ``$defs`` name whose enum comes from a registry, with the registry's values."""
    from toolsearch.hosts import SCOPE_KINDS, TARGETS
    from toolsearch.hosts.platforms import PLATFORM_NAMES
    from toolsearch.retrieval.mode_names import MODES

    return {
        "scope_kind": SCOPE_KINDS,
        "search_mode": MODES,
        "target": TARGETS,
        "platform": PLATFORM_NAMES,
    }


def shipped_schema(name: str) -> Any:
    """The file ``<name>.schema.json`` as shipped."""
    return json.loads(resources.files(__name__).joinpath(f"{name}.schema.json").read_text("utf-8"))


def load_schema(name: str) -> Any:
    """The shipped schema ``<name>.schema.json``, its host enums from the registries."""
    schema = shipped_schema(name)
    definitions = schema.get("$defs", {})
    for key, values in derived_enums().items():
        if key in definitions:
            definitions[key]["enum"] = list(values)
    return schema
