"""The JSON and YAML text editors behind --apply: only touched places change."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
import yaml

from toolsearch.edits.edit_plan import Edit, EditConflict, apply_to_data
from toolsearch.edits.json_edit import JsonEditError, edit_json
from toolsearch.edits.yaml_edit import YamlEditError, edit_yaml


def _check(text: str, edit: Edit, editor: Any, load: Any) -> str:
    """Edit the text; it must read back as the edit applied to the data."""
    out: str = editor(text, edit)
    expected = copy.deepcopy(load(text))
    apply_to_data(expected, edit)
    assert json.dumps(load(out)) == json.dumps(expected)
    return out


def _check_json(text: str, edit: Edit) -> str:
    return _check(text, edit, edit_json, json.loads)


def _check_yaml(text: str, edit: Edit) -> str:
    return _check(text, edit, edit_yaml, yaml.safe_load)


def _edit(*steps: tuple[str, str, str, Any]) -> Edit:
    edit = Edit()
    for kind, pointer, key, value in steps:
        if kind == "set":
            edit.set_key(pointer, key, value)
        elif kind == "delete":
            edit.delete_key(pointer, key)
        else:
            edit.insert_item(pointer, int(key), value)
    return edit


def test_json_minified_stays_minified() -> None:
    text = '{"tools":[{"name":"a","defer_loading":true},{"name":"b"}]}'
    edit = _edit(
        ("delete", "/tools/0", "defer_loading", None),
        ("set", "/tools/1", "defer_loading", True),
        ("insert", "/tools", "2", {"type": "t", "name": "s"}),
    )
    out = _check_json(text, edit)
    assert (
        out == '{"tools":[{"name":"a"},{"name":"b","defer_loading":true},{"type":"t","name":"s"}]}'
    )


def test_json_crlf_tabs_and_unicode() -> None:
    text = '{\r\n\t"tools": [\r\n\t\t{\r\n\t\t\t"name": "café"\r\n\t\t}\r\n\t]\r\n}\r\n'
    out = _check_json(text, _edit(("set", "/tools/0", "cache_control", {"type": "ephemeral"})))
    assert out == (
        '{\r\n\t"tools": [\r\n\t\t{\r\n\t\t\t"name": "café",\r\n\t\t\t"cache_control": {\r\n'
        '\t\t\t\t"type": "ephemeral"\r\n\t\t\t}\r\n\t\t}\r\n\t]\r\n}\r\n'
    )


def test_json_keeps_untouched_text_exactly() -> None:
    text = (
        '{\n  "a": 1.50,\n\n  "tools": [ {"name": "x",  "required": [ ]} ],\n  "z": "\\u00e9"\n}\n'
    )
    out = _check_json(text, _edit(("set", "/tools/0", "defer_loading", True)))
    assert out == text.replace("[ ]}", '[ ],  "defer_loading": true}')  # the object's own spacing
    assert '"a": 1.50,\n\n' in out and '"\\u00e9"' in out


def test_json_empty_containers_and_removing_the_last_key() -> None:
    text = '{\n  "tools": [],\n  "x": {"only": 1}\n}'
    edit = _edit(("insert", "/tools", "0", {"a": 1}), ("delete", "/x", "only", None))
    out = _check_json(text, edit)
    assert out == '{\n  "tools": [\n    {\n      "a": 1\n    }\n  ],\n  "x": {}\n}'


def test_json_refuses_duplicate_keys_it_would_touch() -> None:
    text = '{"tools": [{"name": "a", "defer_loading": false, "defer_loading": true}]}'
    with pytest.raises(JsonEditError, match="duplicate key 'defer_loading'"):
        edit_json(text, _edit(("delete", "/tools/0", "defer_loading", None)))


def test_edit_conflicts() -> None:
    edit = _edit(("set", "/tools/0", "configs", {"a": {}}))
    with pytest.raises(EditConflict):
        edit.set_key("/tools/0/configs", "b", {})


def test_yaml_block_flow_and_dash_lines() -> None:
    text = (
        "tools:\n"
        "  - defer_loading: true   # was deferred\n"
        "    name: a\n"
        "  - {name: b, defer_loading: true}\n"
        "  - name: c\n"
        "    tags: [x, y]  # tags\n"
        "  # trailing comment\n"
    )
    edit = _edit(
        ("delete", "/tools/0", "defer_loading", None),
        ("delete", "/tools/1", "defer_loading", None),
        ("set", "/tools/2", "defer_loading", True),
        ("insert", "/tools", "3", {"type": "t", "name": "s"}),
    )
    out = _check_yaml(text, edit)
    assert out == (
        "tools:\n"
        "  - name: a\n"
        "  - {name: b}\n"
        "  - name: c\n"
        "    tags: [x, y]  # tags\n"
        "    defer_loading: true\n"
        "  - type: t\n"
        "    name: s\n"
        "  # trailing comment\n"
    )


def test_yaml_crlf_and_existing_values() -> None:
    text = "- name: a\r\n  defer_loading: false\r\n- name: b\r\n"
    out = _check_yaml(
        text, _edit(("set", "/0", "defer_loading", True), ("set", "/1", "x", {"k": 1}))
    )
    assert out == "- name: a\r\n  defer_loading: true\r\n- name: b\r\n  x: {k: 1}\r\n"


def test_yaml_refuses_what_it_cannot_do_faithfully() -> None:
    with pytest.raises(YamlEditError, match="anchors"):
        edit_yaml("a: &x {b: 1}\nc: *x\n", _edit(("set", "/a", "k", 1)))
    with pytest.raises(YamlEditError, match="only key"):
        edit_yaml("- defer_loading: true\n", _edit(("delete", "/0", "defer_loading", None)))
    with pytest.raises(YamlEditError, match="only go at the end"):
        edit_yaml("- a\n- b\n", _edit(("insert", "", "0", "c")))
    # a description that mentions '*' or '&' is not an alias
    _check_yaml("- {name: a, description: 'matches *.py & more'}\n", _edit(("set", "/0", "k", 1)))
