"""Sources, reading and parsing: names, stdin, directories and every bad-input case."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolsearch.catalog.loader import load_json, read_source, read_text_capped, resolve_sources
from toolsearch.catalog.locate import JsonLocator, LineIndex
from toolsearch.errors import InputError, UsageError


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_names_come_from_stem_or_name(in_tmp: Path) -> None:
    write(in_tmp / "tools.json", "[]")
    write(in_tmp / "gh.json", "[]")
    specs = resolve_sources(["tools.json", "github=gh.json", "-"])
    assert [(s.name, s.display) for s in specs] == [
        ("tools", "tools.json"),
        ("github", "gh.json"),
        ("stdin", "<stdin>"),
    ]


def test_colliding_stems_use_relative_paths(in_tmp: Path) -> None:
    write(in_tmp / "a" / "tools.json", "[]")
    write(in_tmp / "b" / "tools.json", "[]")
    specs = resolve_sources(["a/tools.json", "b/tools.json"])
    assert [s.name for s in specs] == ["a/tools", "b/tools"]


def test_two_explicit_names_are_an_error(in_tmp: Path) -> None:
    write(in_tmp / "x.json", "[]")
    write(in_tmp / "y.json", "[]")
    with pytest.raises(UsageError, match="two sources are named 'gh'"):
        resolve_sources(["gh=x.json", "gh=y.json"])


def test_file_with_equals_sign_is_a_path(in_tmp: Path) -> None:
    write(in_tmp / "a=b.json", "[]")
    assert resolve_sources(["a=b.json"])[0].name == "a=b"


def test_directory_expands_to_catalog_files(in_tmp: Path) -> None:
    write(in_tmp / "d" / "one.json", "[]")
    write(in_tmp / "d" / "two.yaml", "[]")
    write(in_tmp / "d" / "notes.txt", "x")
    write(in_tmp / "d" / "sub" / "three.json", "[]")
    specs = resolve_sources(["d"])
    assert [s.name for s in specs] == ["one", "two"]
    assert all(s.from_directory for s in specs)


def test_missing_file(in_tmp: Path) -> None:
    with pytest.raises(InputError, match=r"nope\.json: no such file or directory"):
        resolve_sources(["nope.json"])


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("empty.json", "", "empty.json: file is empty"),
        ("blank.yaml", "  \n\n", "blank.yaml: file is empty"),
        ("bad.json", '{"tools": [\n  {"name": }\n]}', "bad.json:2:12: invalid JSON"),
        ("bad.yaml", "tools:\n  - name: [unclosed\n", "bad.yaml:3:1: invalid YAML"),
        ("nul.json", b'{"tools": []}\x00', "nul.json:1: file contains a NUL byte"),
        ("latin.json", b'{"tools": [{"name": "caf\xe9"}]}', "latin.json:1: invalid UTF-8"),
        (
            "long.json",
            '{"tools": [\n  {"maximum": ' + "9" * 5000 + "}]}",
            "long.json:2:15: a number of 5,000 digits; toolsearch reads numbers of up to 4,300",
        ),
        (
            "long.yaml",
            "tools:\n- name: x\n  maximum: " + "7" * 4301 + "\n",
            "long.yaml:3:12: a number of 4,301 digits",
        ),
        ("date.yaml", "tools:\n- since: 2024-13-45\n", "date.yaml: cannot read a value: month"),
    ],
)
def test_bad_files(in_tmp: Path, name: str, content: str | bytes, message: str) -> None:
    write(in_tmp / name, content)
    with pytest.raises(InputError) as caught:
        read_source(resolve_sources([name])[0])
    assert str(caught.value).startswith(message)


def test_size_limit(in_tmp: Path) -> None:
    write(in_tmp / "big.json", "[" + " " * 200 + "]")
    with pytest.raises(InputError, match="over the 100-byte limit"):
        read_source(resolve_sources(["big.json"])[0], max_size=100)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_size_limit_holds_for_a_file_that_reports_no_size() -> None:
    # a device (or a config's catalog: /dev/zero) has size 0 and never ends: read at most
    with pytest.raises(InputError, match="/dev/zero: input is over the 100-byte limit"):
        read_source(resolve_sources(["/dev/zero"])[0], max_size=100)


def test_yaml_alias_bomb_is_refused(in_tmp: Path) -> None:
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for i in range(1, 9):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    write(in_tmp / "bomb.yaml", "\n".join(lines) + "\n")
    with pytest.raises(InputError, match="alias bomb"):
        read_source(resolve_sources(["bomb.yaml"])[0])


def test_deep_nesting_is_refused(in_tmp: Path) -> None:
    write(in_tmp / "deep.json", "[" * 500 + "]" * 500)
    with pytest.raises(InputError, match="nesting is too deep"):
        read_source(resolve_sources(["deep.json"])[0])


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("rules: " + "[" * 5000 + "]" * 5000 + "\n", 1),
        ("x:\n" + "".join("  " * i + "- \n" for i in range(1200)), 201),
        ("a: 1\nb: " + "{k: " * 1500 + "v" + "}" * 1500 + "\n", 2),
    ],
)
def test_deep_yaml_gets_our_message_whatever_the_parser_says(text: str, line: int) -> None:
    from toolsearch.catalog.loader import load_yaml

    with pytest.raises(InputError) as caught:
        load_yaml(text, "deep.yaml")
    assert str(caught.value) == f"deep.yaml:{line}: nesting is too deep (limit 200)"


def test_a_parser_limit_of_its_own_words_is_reported_as_ours(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A YAML library that stops deep documents first, in words of its own (as libyaml does
    from PyYAML 6.0.4), still gives toolsearch's message and place."""
    import yaml

    from toolsearch.catalog.loader import load_yaml

    class StopsAt300(yaml.SafeLoader):
        def get_single_node(self) -> yaml.Node | None:
            mark = yaml.Mark("<unicode string>", 3000, 3, 7, "", 0)
            raise yaml.parser.ParserError(None, None, "words of the library's own", mark)

    import toolsearch.catalog.loader as loader_module

    monkeypatch.setattr(loader_module, "_json_values_loader", lambda: StopsAt300)
    deep = "a: 1\nb: 2\nc: 3\nd: " + "[" * 300 + "]" * 300 + "\n"
    with pytest.raises(InputError) as caught:
        load_yaml(deep, "deep.yaml")
    assert str(caught.value) == "deep.yaml:4: nesting is too deep (limit 200)"
    with pytest.raises(InputError) as shallow:
        load_yaml("a: 1\nb: 2\nc: 3\nd: [[1]]\n", "shallow.yaml")
    assert "words of the library's own" in str(shallow.value)


def test_json_and_yaml_lines(in_tmp: Path) -> None:
    write(
        in_tmp / "t.json",
        '{\n  "tools": [\n    {"name": "a"},\n    {\n      "name": "b"\n    }\n  ]\n}',
    )
    doc = read_source(resolve_sources(["t.json"])[0])
    assert doc.position("/tools/0") == (3, 5)
    assert doc.position("/tools/1/name") == (5, 15)
    assert doc.position("/tools/9") == (None, None)
    write(in_tmp / "t.yaml", "tools:\n  - name: a\n  - name: b\n    description: x\n")
    ydoc = read_source(resolve_sources(["t.yaml"])[0])
    assert ydoc.position("/tools/1/description") == (4, 18)
    assert ydoc.position("/tools/1") == (3, 5)


def test_stdin_detects_yaml(in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"- name: a\n")))
    doc = read_source(resolve_sources(["-"])[0])
    assert doc.format == "yaml"
    assert doc.data == [{"name": "a"}]


def test_name_without_path_and_name_on_a_directory(in_tmp: Path) -> None:
    write(in_tmp / "d" / "one.json", "[]")
    with pytest.raises(UsageError, match="no path after '='"):
        resolve_sources(["x="])
    with pytest.raises(UsageError, match="names one file, and d is a directory"):
        resolve_sources(["time=d"])


def test_the_same_file_twice_is_read_once(in_tmp: Path) -> None:
    write(in_tmp / "d" / "one.json", "[]")
    specs = resolve_sources(["d/one.json", "d/one.json", "d"])
    assert [(s.name, s.display) for s in specs] == [("one", "d/one.json")]
    named = resolve_sources(["a=d/one.json", "b=d/one.json"])
    assert [s.name for s in named] == ["a", "b"]  # named on purpose: kept


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('{"a": NaN}', 1, "f.json:1:7: NaN is not a finite number"),
        ('{"a": 1,\n "b": -Infinity}', 1, "f.json:2:7: -Infinity is not a finite number"),
        ('{"a": 1e999}', 4, "f.json:4:7: 1e999 is not a finite number"),
        ("[" * 1000 + "]" * 1000, 3, "f.json:3: nesting is too deep (limit 200)"),
        ('{"a":\n ' + "1" * 5000 + "}", 7, "f.json:8:2: a number of 5,000 digits"),
    ],
)
def test_load_json_limits_for_data_files(text: str, line: int, message: str) -> None:
    with pytest.raises(InputError) as caught:
        load_json(text, "f.json", line)
    assert str(caught.value).startswith(message)


def test_load_json_keeps_non_finite_numbers_when_asked() -> None:
    assert load_json('{"a": [Infinity]}', "f.json", finite=False) == {"a": [float("inf")]}
    with pytest.raises(json.JSONDecodeError):
        load_json("{oops", "f.json")


def test_read_text_capped_stops_at_the_limit_on_a_device() -> None:
    with pytest.raises(InputError, match=r"/dev/zero: input is over the 1,000-byte limit$"):
        read_text_capped(Path("/dev/zero"), "/dev/zero", 1000)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(alphabet="ab\n\r", max_size=60), st.lists(st.integers(0, 59), max_size=300))
def test_line_index_agrees_with_counting(text: str, offsets: list[int]) -> None:
    index = LineIndex(text)
    for offset in (o for o in offsets if o < len(text)):
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        assert index.line_column(offset) == (line, column)


def test_locator_reads_a_request_only_as_far_as_it_must() -> None:
    text = '{"model": "m",\n "tools": [{"name": "a"},\n {"name": "b"}], "tail": 1}'
    locator = JsonLocator(text)
    assert locator.position("/model") == (1, 11)
    assert len(locator._members) == 1  # the tools array was not read
    assert locator.position("/tools/1/name") == (3, 11)
    assert locator.position("/tail") == (3, 26)
    assert locator.position("/tools/2") is None and locator.position("/nope") is None


def test_yaml_values_are_what_json_would_hold() -> None:
    """A !!set is a list in document order (not a set, whose order changes run to run), dates
    and timestamps their ISO text, !!binary its base64 text."""
    from toolsearch.catalog.loader import load_yaml

    text = (
        "s: !!set {zeta, alpha, mid}\nd: 2024-01-02\nt: 2024-01-02 10:00:00\nb: !!binary aGVsbG8=\n"
    )
    data, _ = load_yaml(text, "x.yaml")
    assert data == {
        "s": ["zeta", "alpha", "mid"],
        "d": "2024-01-02",
        "t": "2024-01-02T10:00:00",
        "b": "aGVsbG8=",
    }
    with pytest.raises(InputError, match=r"x\.yaml"):
        load_yaml("d: 2024-13-45\n", "x.yaml")
