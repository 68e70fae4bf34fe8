"""The documentation site: generated pages match the code; the config schema, its parser."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest
import yaml

from tests.conftest import ROOT
from toolsearch import config
from toolsearch.errors import ConfigError
from toolsearch.lint.rule_settings import all_rules

DOCS = ROOT / "docs"
SCHEMA = json.loads((ROOT / "cli" / "schemas" / "config.schema.json").read_text(encoding="utf-8"))


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_generate", DOCS / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_generated_pages_are_up_to_date() -> None:
    gen = generator()
    problems = gen.stale(gen.pages())
    assert not problems, f"stale generated pages (run python docs/generate.py): {problems}"


def test_every_rule_has_its_page_with_the_documentation_headings() -> None:
    for rule in all_rules():
        page = (DOCS / "pages" / "rules" / f"{rule.ID}.md").read_text(encoding="utf-8")
        for heading in ("## What it does", "## Why is this bad?", "## Example", "## Fix"):
            assert heading in page, f"{rule.ID}: {heading}"
        assert f"**Default level:** {rule.LEVEL}" in page


def test_a_changed_docstring_makes_its_page_stale(tmp_path: Path) -> None:
    gen = generator()
    wanted = gen.pages()
    path = next(p for p in wanted if p.name == "all-deferred.md")
    changed = {**wanted, path: wanted[path] + "more\n"}
    assert gen.stale(changed) == [str(path.relative_to(ROOT))]


def test_every_command_is_in_the_cli_reference() -> None:
    gen = generator()
    page = gen.cli_reference()
    for name, command in gen._commands().commands.items():
        assert f"## `toolsearch {name}`" in page
        for param in command.params:
            if param.param_type_name == "option" and not param.hidden:
                assert f"`{param.opts[0]}`" in page, f"{name}: {param.opts[0]}"


def _keys(schema: dict[str, Any]) -> tuple[str, ...]:
    return tuple(schema["properties"])


def test_config_schema_has_the_parsers_keys_and_choices() -> None:
    props = SCHEMA["properties"]
    assert set(_keys(SCHEMA)) == set(config.TOP_KEYS)
    assert set(_keys(props["budget"])) == set(config.BUDGET_KEYS)
    assert set(_keys(props["search"])) == set(config.SEARCH_KEYS)
    assert set(_keys(props["claude-code"])) == set(config.CLAUDE_CODE_KEYS)
    assert set(_keys(props["ignore"]["items"])) == set(config.IGNORE_KEYS)
    defs = SCHEMA["$defs"]
    assert props["target"]["$ref"] == "#/$defs/target"
    assert tuple(defs["target"]["enum"]) == tuple(config.TARGETS)
    assert props["search"]["properties"]["mode"]["$ref"] == "#/$defs/search_mode"
    assert tuple(defs["search_mode"]["enum"]) == tuple(config.SEARCH_MODES)
    assert props["max-file-size"]["maximum"] == config.MAX_FILE_SIZE_LIMIT
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def _readme_config() -> Any:
    text = (ROOT / "docs" / "pages" / "configuration.md").read_text(encoding="utf-8")
    block = text.split("# .toolsearch.yaml\n", 1)[1].split("```", 1)[0]
    return yaml.safe_load(block)


GOOD = [
    {},
    {"catalog": "tools.json", "target": "claude-code", "claude-code": {"tool-search": "auto:5"}},
    {"select": "ALL", "rules": {"long-tool-name": "off", "short-description": {"min-length": 9}}},
    {"ignore": [{"rule": "unfindable-tool", "tool": "x"}], "search": {"mode": "regex"}},
]
BAD = [
    {"modle": "x"},
    {"target": "nowhere"},
    {"budget": {"max-upfront": 0}},
    {"search": {"mode": "fuzzy"}},
    {"ignore": [{}]},
    {"ignore": [{"rule": "x", "line": 3}]},
    {"max-file-size": (16 << 30) + 1},
    {"claude-code": {"tool-search": 3}},
]


@pytest.mark.parametrize("data", [_readme_config(), *GOOD], ids=lambda d: json.dumps(d)[:40])
def test_configs_the_parser_accepts_the_schema_accepts(data: Any) -> None:
    config.parse_config(data, Path("cfg.yaml"))
    jsonschema.Draft202012Validator(SCHEMA).validate(data)


@pytest.mark.parametrize("data", BAD, ids=lambda d: json.dumps(d)[:40])
def test_configs_the_parser_refuses_the_schema_refuses(data: Any) -> None:
    with pytest.raises(ConfigError):
        config.parse_config(data, Path("cfg.yaml"))
    assert not jsonschema.Draft202012Validator(SCHEMA).is_valid(data)


README_LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_readme_is_short_and_every_link_in_it_resolves() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert text.count("\n") < 250
    anchors = {
        re.sub(r"[^a-z0-9 -]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        for line in text.splitlines()
        if line.startswith("#")
    }
    links = README_LINK.findall(text)
    assert len(links) >= 10
    for target in links:
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        if target.startswith("#"):
            assert target[1:] in anchors, target
            continue
        assert (ROOT / target.split("#", 1)[0]).exists(), target
