"""ascii_runs finds what re.findall of the same ASCII character class finds."""

from __future__ import annotations

import re

import pytest

from toolsearch.catalog.model import Location, Tool
from toolsearch.recommend.heuristic import references
from toolsearch.retrieval.ascii_runs import LETTERS_DIGITS, ascii_run_bytes, ascii_runs, run_table
from toolsearch.retrieval.terms import terms

TEXTS = [
    "",
    "   ",
    "create_issue",
    "getUser-by_ID v2.0 (beta)",
    "tabs\tnew\nlines\r\nform\x0cfeed\x0bvt\x1cfs\x1dgs\x1ers\x1fus",
    "caf\u00e9 na\u00efve \u00c5ngstr\u00f6m",
    "\u65e5\u672c\u8a9eapi\u30c6\u30b9\u30c8call",
    "zero\u200bwidth\u00a0nbsp\u2028line\u3000ideographic",
    "lone \ud800surrogate\udfffhere",
    "emoji\U0001f600mid-word_",
    "{'type': 'object', 'properties': {'repo_name': {'description': 'see list_repos\\n'}}}",
    "--__--",
    "a-b_c9 \x00nul\x7fdel~tilde",
]


@pytest.mark.parametrize("kept", [LETTERS_DIGITS, LETTERS_DIGITS + "_-"])
@pytest.mark.parametrize("text", TEXTS)
def test_ascii_runs_match_findall(text: str, kept: str) -> None:
    pattern = re.compile(f"[{re.escape(kept)}]+")
    assert ascii_runs(text, run_table(kept)) == pattern.findall(text)
    assert ascii_run_bytes(text, run_table(kept)) == [r.encode() for r in pattern.findall(text)]


def test_a_table_refuses_whitespace() -> None:
    with pytest.raises(ValueError, match="whitespace"):
        run_table("ab ")


def test_terms_split_ascii_text_at_every_other_character() -> None:
    assert terms("list_repos\tgetUser-by 2.0\x1freports") == [
        "list",
        "repo",
        "get",
        "user",
        "2",
        "0",
        "report",
    ]


def _tool(name: str, description: str) -> Tool:
    schema: dict[str, object] = {"type": "object"}
    raw = {"name": name, "description": description, "input_schema": schema}
    location = Location("f", f"/{name}")
    return Tool(
        name, "s", "s", location, description, schema, raw, "anthropic", True, name, description
    )


def test_references_read_whole_name_tokens_only() -> None:
    tools = [
        _tool("list_repos", "Lists repositories."),
        _tool("open_file", "Opens a file."),
        _tool("get_repo", "Needs an id from list_repos\u00e9 first."),  # non-ASCII ends a token
        _tool("get_branch", "See list_repos_v2 or open_file-like tools."),  # longer tokens
        _tool("get_commit", "Ids come from \u65e5list_repos or open_file."),
    ]
    counts = references(tools)
    assert counts == {id(tools[0]): 2, id(tools[1]): 1}
