"""The API facts the rules rest on, shipped with the package (``facts.md``), by section.

Rule documentation cites sections as ``§2.4``; ``toolsearch rule ID`` prints those sections and
the source keys they use, so the evidence behind a finding is at hand. A citation of another
facts file (``hosts-facts.md §1.1``, the OpenAI rules') is not one of these sections.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

_HEADING = re.compile(r"^(#{2,3}) (\d+(?:\.\d+)?)\.? ", re.M)
_CITATION = re.compile(r"(?<!hosts-facts\.md\s)§(\d+(?:\.\d+)?)")
_KEY_ROW = re.compile(r"^\| \*\*([^*]+)\*\* \| (.*?) \| (.*?) \|$", re.M)


@cache
def _text() -> str:
    return resources.files("toolsearch").joinpath("facts.md").read_text("utf-8")


@cache
def sections() -> dict[str, str]:
    """Section number (``2.4``, ``3``) -> its text, heading included."""
    text = _text()
    found = list(_HEADING.finditer(text))
    result: dict[str, str] = {}
    for index, match in enumerate(found):
        level = len(match.group(1))
        end = len(text)
        for later in found[index + 1 :]:
            if len(later.group(1)) <= level:
                end = later.start()
                break
        result[match.group(2)] = text[match.start() : end].strip()
    return result


def _numbered_item(parent: str, number: str) -> str | None:
    """Item ``number`` of a numbered list in a section (``§10.5`` in a section with no 10.5)."""
    match = re.search(rf"^{re.escape(number)}\. .*$", parent, re.M)
    return match.group(0) if match else None


def cited(doc: str) -> list[tuple[str, str]]:
    """The sections a text cites, in order of first mention: (``§2.4``, text)."""
    table = sections()
    result: list[tuple[str, str]] = []
    for number in dict.fromkeys(_CITATION.findall(doc)):
        text = table.get(number)
        if text is None and "." in number:
            head, item = number.split(".", 1)
            parent = table.get(head)
            text = _numbered_item(parent, item) if parent else None
            if text is not None:
                text = f"§{number}: {text}"
        if text is not None:
            result.append((f"§{number}", text))
    return result


def source_keys(text: str) -> list[tuple[str, str, str]]:
    """Rows of the source-key table (§0) whose key occurs in ``text``: (key, what, where)."""
    return [
        (key, what, where)
        for key, what, where in _KEY_ROW.findall(sections().get("0", ""))
        if key in text
    ]
