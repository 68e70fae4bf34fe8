"""Sources, reading and parsing: names, stdin, directories and every bad-input case."""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolsearch.catalog import loader
from toolsearch.catalog.loader import (
    SourceSpec,
    load_json,
    load_yaml,
    read_source,
    read_text_capped,
    resolve_sources,
)
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
def test_a_device_is_refused_before_reading() -> None:
    with pytest.raises(InputError, match=r"/dev/zero: not a regular file \(a character device\)"):
        read_source(resolve_sources(["/dev/zero"])[0], max_size=100)


def test_a_fifo_is_refused_instead_of_waiting_for_a_writer(in_tmp: Path) -> None:
    os.mkfifo(in_tmp / "tools.json")
    with pytest.raises(InputError, match=r"tools.json: not a regular file \(a FIFO\); .* '-'"):
        read_source(resolve_sources(["tools.json"])[0])


def _pipe_holding(data: bytes) -> str:
    """A ``/dev/fd/N`` path, as a shell's ``<(command)`` gives, whose pipe holds ``data``."""
    read_end, write_end = os.pipe()

    def feed() -> None:
        with contextlib.suppress(BrokenPipeError), os.fdopen(write_end, "wb") as handle:
            handle.write(data)

    threading.Thread(target=feed, daemon=True).start()
    return f"/dev/fd/{read_end}"


@pytest.mark.skipif(not Path("/dev/fd").exists(), reason="needs /dev/fd")
def test_a_process_substitution_pipe_is_read_and_capped() -> None:
    path = _pipe_holding(b'[{"name": "a", "input_schema": {"type": "object"}}]')
    assert read_source(SourceSpec("a", Path(path))).data[0]["name"] == "a"
    endless = _pipe_holding(b" " * 5000)
    with pytest.raises(InputError, match=r"input is over the 100-byte limit"):
        read_source(SourceSpec("b", Path(endless)), max_size=100)


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


@pytest.mark.skipif(not Path("/dev/fd").exists(), reason="needs /dev/fd")
def test_read_text_capped_stops_at_the_limit_on_a_pipe() -> None:
    path = _pipe_holding(b"x" * 5000)
    with pytest.raises(InputError, match=r"cases: input is over the 1,000-byte limit$"):
        read_text_capped(Path(path), "cases", 1000)


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


def test_yaml_aliases_may_not_expand_past_the_size_limit(in_tmp: Path) -> None:
    # 115 KB of YAML that repeats one 100 KB string 5,000 times: half a gigabyte expanded
    words = " ".join(["word"] * 20_000)
    items = ", ".join(["*b"] * 5_000)
    write(in_tmp / "b.yaml", f'big: &b "{words}"\nenum: [{items}]\n')
    with pytest.raises(InputError, match=r"b.yaml: YAML aliases expand to over 67,108,864 char"):
        read_source(resolve_sources(["b.yaml"])[0])
    write(in_tmp / "small.yaml", 'a: &a "0123456789"\nb: [*a, *a, *a]\n')  # 35 bytes
    with pytest.raises(InputError, match="expand to over 36 characters"):
        read_source(resolve_sources(["small.yaml"])[0], max_size=36)  # 40 expanded
    assert read_source(resolve_sources(["small.yaml"])[0], max_size=45).data["b"][2] == "0123456789"


def test_a_lone_surrogate_in_yaml_is_refused_by_either_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = 'tools:\n- name: "a\\ud800b"\n'
    with pytest.raises(InputError, match=r"^t.yaml:2:"):
        load_yaml(text, "t.yaml")  # libyaml refuses the escape itself
    import yaml

    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    loader._json_values_loader.cache_clear()
    try:
        with pytest.raises(InputError, match=r"^t.yaml:2:9: a \\u escape gives half of a surr"):
            load_yaml(text, "t.yaml")  # the pure-Python parser builds it: we refuse it
    finally:
        loader._json_values_loader.cache_clear()


def test_a_directory_scan_skips_links_leading_outside(in_tmp: Path) -> None:
    write(in_tmp / "outside.json", "[]")
    write(in_tmp / "dir" / "a.json", "[]")
    (in_tmp / "dir" / "out.json").symlink_to(in_tmp / "outside.json")
    (in_tmp / "dir" / "same.json").symlink_to(in_tmp / "dir" / "a.json")
    notes: list[str] = []
    specs = resolve_sources(["dir"], notes=notes)
    assert [s.display for s in specs] == ["dir/a.json"]  # same.json is a.json: read once
    assert notes == [
        "dir/out.json: skipped: a symbolic link to a file outside dir; name the file itself "
        "to read it"
    ]
    named = resolve_sources(["dir/out.json"])  # named by the user: read
    assert [s.name for s in named] == ["out"]


@pytest.mark.skipif(os.uname().sysname == "Darwin", reason="macOS refuses non-UTF-8 names")
def test_file_names_that_are_not_utf8(in_tmp: Path) -> None:
    bad = os.fsdecode(b"bad\xff.json")
    write(in_tmp / "dir" / bad, "[]")
    write(in_tmp / "dir" / "good.json", "[]")
    notes: list[str] = []
    assert [s.name for s in resolve_sources(["dir"], notes=notes)] == ["good"]
    assert notes == ["dir/bad\\xff.json: skipped: the file name is not valid UTF-8; rename it"]
    with pytest.raises(InputError, match=r"^dir/bad\\xff.json: the file name is not valid UTF-8"):
        resolve_sources([f"dir/{bad}"])


def test_a_glob_skips_a_fifo_it_matches_with_a_note(in_tmp: Path) -> None:
    write(in_tmp / "dir" / "a.json", "[]")
    os.mkfifo(in_tmp / "dir" / "pipe.json")
    notes: list[str] = []
    assert [s.name for s in resolve_sources(["dir/*.json"], notes=notes)] == ["a"]
    assert notes == ["dir/pipe.json: skipped: not a regular file"]
