"""Treemap geometry for the HTML report: nested squarified rectangles, area = weight.

The layout is squarify's (Bruls, Huizing and van Wijk's squarified treemap); this module only
nests it (groups, then their items) and keeps every area exactly proportional to its weight:
groups get no padding, so a tile's share of the whole is its weight's share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import squarify

T = TypeVar("T")

MIN_WEIGHT = 1e-6  # squarify needs positive sizes; a zero-token item gets a sliver


@dataclass(frozen=True)
class Rect:
    """A rectangle in the layout's units."""

    x: float
    y: float
    width: float
    height: float

    @property
    def area(self) -> float:
        return self.width * self.height


@dataclass(frozen=True)
class Placed(Generic[T]):
    """An item and its rectangle."""

    item: T
    rect: Rect


def squarified(items: Sequence[T], weight: Callable[[T], float], box: Rect) -> list[Placed[T]]:
    """Lay ``items`` out in ``box``, heaviest first, each with an area proportional to its
    weight (the order of the result is by weight, descending; ties keep the given order)."""
    if not items or box.width <= 0 or box.height <= 0:
        return []
    ordered = sorted(items, key=lambda item: -max(weight(item), MIN_WEIGHT))
    sizes = [max(weight(item), MIN_WEIGHT) for item in ordered]
    normalized = squarify.normalize_sizes(sizes, box.width, box.height)
    rects = squarify.squarify(normalized, box.x, box.y, box.width, box.height)
    return [
        Placed(item, Rect(r["x"], r["y"], r["dx"], r["dy"]))
        for item, r in zip(ordered, rects, strict=True)
    ]
