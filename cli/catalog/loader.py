"""Turn command-line sources (files, ``-``, directories, ``NAME=PATH``) into parsed documents."""

from __future__ import annotations

import contextlib
import functools
import json
import math
import os
import re
import stat
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Literal

from toolsearch.atomic import file_kind
from toolsearch.catalog.expand import CATALOG_SUFFIXES, catalog_files, glob_paths, is_glob
from toolsearch.catalog.locate import JsonLocator, Locator, NoLocator, YamlLocator
from toolsearch.catalog.walk import MAX_FOLDER_DEPTH, depth_note
from toolsearch.errors import InputError, UsageError

DEFAULT_MAX_FILE_SIZE = 64 * 1024 * 1024
MAX_DEPTH = 200
MAX_YAML_NODES = 2_000_000
READ_CHUNK = 1 << 20
RAISE_LIMIT = " (raise max-file-size in the config if it is a real catalog)"
BYTES_PER_VALUE = 8  # the default max-values: one value per 8 bytes of the document ...
MIN_MAX_VALUES = 100_000  # ... and at least this many, so small files are never refused

Format = Literal["json", "yaml"]


@dataclass(frozen=True)
class SourceSpec:
    """One catalog source before it is read."""

    name: str
    path: Path | None  # None means standard input
    explicit_name: bool = False
    from_directory: bool = False

    @property
    def display(self) -> str:
        """The file as shown to the user."""
        if self.path is None:
            return "<stdin>"
        return display_path(self.path)


@dataclass
class Document:
    """A parsed source: its data, where it came from, and how to find lines in it."""

    source: str
    path: Path | None
    display: str
    text: str
    data: Any
    format: Format
    locator: Locator = field(default_factory=NoLocator)
    from_directory: bool = False

    def position(self, pointer: str) -> tuple[int | None, int | None]:
        """1-based line and column of a pointer, or (None, None)."""
        found = self.locator.position(pointer)
        return found if found else (None, None)


def display_path(path: Path) -> str:
    """A path relative to the current directory when it is below it (a symlink is shown by
    its own name, not its target's)."""
    try:
        return str((path.parent.resolve() / path.name).relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def resolve_sources(
    arguments: list[str],
    base: Path | None = None,
    recursive: bool = False,
    notes: list[str] | None = None,
    max_depth: int = MAX_FOLDER_DEPTH,
) -> list[SourceSpec]:
    """Expand arguments into named sources, following decisions.md's naming rules: a directory
    gives its catalog files (``recursive``: its subfolders' too), a quoted glob the files and
    directories it matches. Files a directory scan skips (links out of the directory, names
    that are not UTF-8) go to ``notes``."""
    skipped = notes if notes is not None else []
    too_deep: list[Path] = []
    raw: list[tuple[str | None, Path | None, bool]] = []
    for argument in arguments:
        name: str | None = None
        path_text = argument
        if argument != "-" and not _exists(argument, base) and "=" in argument:
            name, path_text = argument.split("=", 1)
            if not name:
                raise UsageError(f"{argument}: empty source name before '='")
            if not path_text:
                raise UsageError(f"{argument}: no path after '='; write NAME=PATH")
        if path_text == "-":
            raw.append((name or "stdin", None, False))
            continue
        file_path = (
            Path(path_text) if base is None or Path(path_text).is_absolute() else base / path_text
        )
        if not file_path.exists() and is_glob(path_text):
            if name is not None:
                raise UsageError(
                    f"{argument}: NAME=PATH names one file, and {path_text} is a pattern; "
                    "drop the name, or name the files one by one"
                )
            matches = glob_paths(path_text, base, max_depth, too_deep)
            if not matches:
                raise InputError(f"{path_text}: no file or directory matches this pattern")
            for match in matches:
                if match.is_dir():
                    found = _scan_directory(match, recursive, skipped, max_depth, too_deep)
                    raw.extend((None, p, True) for p in found)
                elif match.suffix.lower() not in CATALOG_SUFFIXES:
                    continue
                elif match.is_file():
                    raw.append((None, match, True))
                else:  # a FIFO or device a pattern happened to match: never opened
                    skipped.append(f"{match}: skipped: not a regular file")
            continue
        if file_path.is_dir():
            if name is not None:
                raise UsageError(
                    f"{argument}: NAME=PATH names one file, and {path_text} is a directory; "
                    "name the files inside it one by one, or drop the name"
                )
            found = _scan_directory(file_path, recursive, skipped, max_depth, too_deep)
            raw.extend((None, p, True) for p in found)
            continue
        if not file_path.exists():
            raise InputError(f"{_shown_name(path_text)}: no such file or directory")
        if not _is_utf8(path_text):
            raise InputError(
                f"{_shown_name(path_text)}: the file name is not valid UTF-8, so no report can "
                "name it; rename the file (or pass it on standard input as '-')"
            )
        raw.append((name, file_path, False))
    note = depth_note(too_deep, max_depth)
    if note:
        skipped.append(note)
    raw = _without_repeats(raw)
    explicit: Counter[str] = Counter()
    for name, given, _ in raw:
        if name is not None and (given is not None or name != "stdin"):
            explicit[name] += 1
    for name, count in explicit.items():
        if count > 1:
            raise UsageError(f"two sources are named {name!r}: give each NAME= a different name")
    stems = Counter(p.stem for name, p, _ in raw if name is None and p is not None)
    specs = []
    for name, path, from_dir in raw:
        if name is not None:
            specs.append(
                SourceSpec(name, path, explicit_name=path is not None, from_directory=False)
            )
            continue
        assert path is not None
        final = path.stem
        if stems[path.stem] > 1 or final in explicit:
            final = str(Path(display_path(path)).with_suffix("")).replace(os.sep, "/")
        specs.append(SourceSpec(final, path, from_directory=from_dir))
    return specs


def _scan_directory(
    folder: Path,
    recursive: bool,
    notes: list[str],
    max_depth: int = MAX_FOLDER_DEPTH,
    too_deep: list[Path] | None = None,
) -> list[Path]:
    """The catalog files in ``folder`` (and below it, ``recursive``), in name order; a symlink
    that leads out of the folder, or a name that is not UTF-8, is skipped with a note."""
    inside = folder.resolve()
    found: list[Path] = []
    for path in catalog_files(folder, recursive, max_depth, too_deep):
        if not path.is_file():
            continue
        if not _is_utf8(str(path)):
            notes.append(
                f"{_shown_name(str(path))}: skipped: the file name is not valid UTF-8; rename it"
            )
            continue
        if not path.resolve().is_relative_to(inside):
            notes.append(
                f"{path}: skipped: a symbolic link to a file outside {folder}; "
                "name the file itself to read it"
            )
            continue
        found.append(path)
    return found


def _is_utf8(text: str) -> bool:
    """False for a name holding bytes that are not UTF-8 (decoded as lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown_name(text: str) -> str:
    """A file name fit to print: undecodable bytes as ``\\xNN``."""
    return os.fsencode(text).decode("utf-8", "backslashreplace")


def _without_repeats(
    raw: list[tuple[str | None, Path | None, bool]],
) -> list[tuple[str | None, Path | None, bool]]:
    """The same unnamed file given twice (or also found in a directory) is read once."""
    seen: set[Path] = set()
    kept = []
    for name, path, from_dir in raw:
        if name is None and path is not None:
            real = path.resolve()
            if real in seen:
                continue
            seen.add(real)
        kept.append((name, path, from_dir))
    return kept


def _exists(argument: str, base: Path | None) -> bool:
    path = Path(argument) if base is None else base / argument
    return path.exists()


def read_source(
    spec: SourceSpec, max_size: int = DEFAULT_MAX_FILE_SIZE, max_values: int | None = None
) -> Document:
    """Read and parse one source; raise InputError naming the file and place on failure."""
    where = spec.display
    if spec.path is None:
        raw = _read_at_most(sys.stdin.buffer, max_size)
        if len(raw) > max_size:
            raise InputError(f"{where}: input is over the {max_size:,}-byte limit{RAISE_LIMIT}")
    else:
        raw = read_capped(spec.path, where, max_size)
    text = decode(raw, where)
    fmt = _format_for(spec.path)
    data, locator, fmt = parse_text(text, where, fmt, max_size, max_values)
    return Document(spec.name, spec.path, where, text, data, fmt, locator, spec.from_directory)


def read_capped(
    path: Path, where: str, max_size: int = DEFAULT_MAX_FILE_SIZE, hint: str = RAISE_LIMIT
) -> bytes:
    """A file's bytes, refusing more than ``max_size`` (a device or pipe is read at most that)."""
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode) and not _is_open_descriptor(path):
            raise InputError(
                f"{where}: not a regular file ({file_kind(status.st_mode)}); "
                "name a file, or pass the contents on standard input as '-'"
            )
        size = status.st_size
        if size > max_size:
            raise InputError(
                f"{where}: file is {size:,} bytes, over the {max_size:,}-byte limit{hint}"
            )
        with path.open("rb") as handle:
            raw = _read_at_most(handle, max_size)
    except OSError as error:
        raise InputError(f"{where}: cannot read file: {error.strerror or error}") from None
    if len(raw) > max_size:
        raise InputError(f"{where}: input is over the {max_size:,}-byte limit{hint}")
    return raw


def _is_open_descriptor(path: Path) -> bool:
    """``/dev/stdin`` or ``/dev/fd/N`` (a shell's ``<(command)``): a pipe already open, which
    never blocks the way opening a named FIFO with no writer does."""
    text = str(path)
    return text == "/dev/stdin" or text.startswith(("/dev/fd/", "/proc/self/fd/"))


def _read_at_most(handle: BinaryIO, max_size: int) -> bytes:
    """Up to ``max_size + 1`` bytes, in chunks, so a large limit never reserves memory upfront."""
    chunks: list[bytes] = []
    total = 0
    while total <= max_size:
        chunk = handle.read(min(READ_CHUNK, max_size + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def read_text_capped(path: Path, where: str, max_size: int = DEFAULT_MAX_FILE_SIZE) -> str:
    """A data file (cases, usage, baseline, config) as text, with the catalog's size cap."""
    return decode(read_capped(path, where, max_size, hint=""), where, "")


def decode(raw: bytes, where: str, expected: str = "; expected a JSON or YAML tool catalog") -> str:
    """Decode UTF-8 (with or without BOM), refusing NUL bytes and invalid sequences."""
    if b"\x00" in raw:
        line = raw[: raw.index(b"\x00")].count(b"\n") + 1
        raise InputError(f"{where}:{line}: file contains a NUL byte; save the file as UTF-8 text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise InputError(
            f"{where}:{line}: invalid UTF-8 at byte {error.start}; save the file as UTF-8"
        ) from None
    if not text.strip():
        raise InputError(f"{where}: file is empty{expected}")
    return text


def _format_for(path: Path | None) -> Format | None:
    if path is None:
        return None
    suffix = path.suffix.lower()
    if suffix == ".json":
        return "json"
    if suffix in (".yaml", ".yml"):
        return "yaml"
    return None


def parse_text(
    text: str,
    where: str,
    fmt: Format | None,
    max_size: int = DEFAULT_MAX_FILE_SIZE,
    max_values: int | None = None,
) -> tuple[Any, Locator, Format]:
    """Parse JSON or YAML text; an unknown format tries JSON first, then YAML (whose aliases
    may expand to at most ``max_size`` characters); either may hold at most ``max_values``
    values (None: the default for its size)."""
    if fmt == "json" or (fmt is None and text.lstrip()[:1] in "[{"):
        try:
            data = load_json(text, where, finite=False, max_values=max_values)
        except json.JSONDecodeError as error:
            if fmt == "json":
                raise InputError(
                    f"{where}:{error.lineno}:{error.colno}: invalid JSON: {error.msg}"
                ) from None
        else:
            _refuse_lone_surrogates(text, where)
            return data, JsonLocator(text), "json"
    data, root = load_yaml(text, where, max_chars=max_size, max_values=max_values)
    return data, YamlLocator(root), "yaml"


def default_max_values(size: int) -> int:
    """The values a document of ``size`` characters may hold when max-values is not set: one
    per BYTES_PER_VALUE, so what it builds stays within a few times the file's size."""
    return max(MIN_MAX_VALUES, size // BYTES_PER_VALUE)


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_JSON_STRING_BYTES = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)


def _rough_values(text: str | bytes) -> int:
    if isinstance(text, bytes):
        return 1 + text.count(b",") + text.count(b"[") + text.count(b"{")
    return 1 + text.count(",") + text.count("[") + text.count("{")


def json_values_over(text: str | bytes, max_values: int | None) -> int | None:
    """The limit when JSON ``text`` holds more than ``max_values`` values (None: the default
    for its size), else None. A value is counted per comma and opening bracket, found with two
    quick scans before anything is built; only when they say too many are strings left out."""
    limit = default_max_values(len(text)) if max_values is None else max_values
    if _rough_values(text) <= limit:
        return None
    if isinstance(text, bytes):
        bare: str | bytes = _JSON_STRING_BYTES.sub(b"", text)
    else:
        bare = _JSON_STRING.sub("", text)
    return limit if _rough_values(bare) > limit else None


_OPENERS_TOO_DEEP = re.compile(r"[\[{](?:\s*[\[{]){" + str(MAX_DEPTH) + "}")


def too_many_values(where: str, limit: int) -> InputError:
    """The one line that refuses a document over max-values."""
    return InputError(
        f"{where}: holds more than {limit:,} values (max-values); "
        "raise it with --max-values or in the config"
    )


def refuse_too_many_values(text: str, where: str, max_values: int | None) -> None:
    """Refuse JSON or JSONL ``text`` holding more than ``max_values`` values (None: the default
    for its size), counted before anything is built; nesting too deep is left for the parser,
    which says on which line."""
    over = json_values_over(text, max_values)
    if over is not None and _OPENERS_TOO_DEEP.search(text) is None:
        raise too_many_values(where, over)


def refuse_too_many_cells(text: str, where: str, max_values: int | None) -> None:
    """Refuse CSV ``text`` holding more than ``max_values`` cells (None: the default for its
    size), counted as separators and line ends outside quotes before any row is read."""
    limit = default_max_values(len(text)) if max_values is None else max_values

    def cells(found: str) -> int:
        return found.count(",") + found.count("\n") + 1

    if cells(text) > limit and cells(_JSON_STRING.sub("", text)) > limit:
        raise too_many_values(where, limit)


_LONE_SURROGATE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)


def find_lone_surrogate(text: str) -> re.Match[str] | None:
    """The first ``\\ud800``-like escape with no partner in JSON ``text`` (two quick scans
    first: such escapes are rare)."""
    if "\\ud" not in text and "\\uD" not in text:
        return None
    return _LONE_SURROGATE.search(text)


def _refuse_lone_surrogates(text: str, where: str) -> None:
    """A ``\\ud800`` escape with no partner decodes to a string no UTF-8 output can carry:
    refuse the file at that place."""
    found = find_lone_surrogate(text)
    if found is None:
        return
    line, column = _line_and_column(text, found.start())
    raise InputError(
        f"{where}:{line}:{column}: {found.group()} is half of a surrogate pair, not a "
        "character; no UTF-8 text can hold it: remove it or write the character itself"
    )


def load_json(
    text: str, where: str, line: int = 1, finite: bool = True, max_values: int | None = None
) -> Any:
    """``json.loads`` with the catalog limits: nesting depth, number length, the values it may
    hold (``max_values``, None: the default for its size) and, when ``finite``, no NaN or
    Infinity; ``line`` is where ``text`` starts (a JSONL line).

    Invalid JSON raises ``json.JSONDecodeError`` for the caller to word; the rest InputError.
    """
    over = json_values_over(text, max_values)
    if over is not None:
        place = f":{line}" if line > 1 else ""
        if _OPENERS_TOO_DEEP.search(text) is not None:  # a nesting bomb: say so
            raise InputError(f"{where}{place}: nesting is too deep (limit {MAX_DEPTH})")
        raise too_many_values(f"{where}{place}", over)
    options: dict[str, Any] = {"parse_constant": _non_finite} if finite else {}
    if finite:
        options["parse_float"] = _finite_float
    try:
        with _depth_limit():
            return json.loads(text, **options)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        place = f":{line}" if line > 1 else ""
        raise InputError(f"{where}{place}: nesting is too deep (limit {MAX_DEPTH})") from None
    except _NonFinite as error:
        found = re.search(rf"(?<![\w.]){re.escape(error.token)}", text)
        row, column = _line_and_column(text, found.start() if found else 0, line)
        raise InputError(
            f"{where}:{row}:{column}: {_shown_token(error.token)} is not a finite number; "
            "JSON has no NaN or Infinity: write a number"
        ) from None
    except ValueError as error:  # an integer longer than Python converts (4,300 digits)
        raise _unreadable_value(text, where, error, line) from None


class _NonFinite(ValueError):
    def __init__(self, token: str) -> None:
        super().__init__(token)
        self.token = token


def _non_finite(token: str) -> Any:
    raise _NonFinite(token)


def _finite_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _NonFinite(token)
    return value


def _shown_token(token: str) -> str:
    """A number's text as shown in a message, shortened when it is long."""
    return token if len(token) <= 20 else f"{token[:12]}...({len(token):,} characters)"


def load_yaml(
    text: str,
    where: str,
    allow_empty: bool = False,
    max_chars: int = DEFAULT_MAX_FILE_SIZE,
    max_values: int | None = None,
) -> tuple[Any, Any]:
    """Safe-load YAML, refusing alias bombs (over MAX_YAML_NODES nodes or ``max_chars``
    characters of text once aliases are expanded), deep nesting and lone surrogates before
    building any data.

    An empty document is an error unless ``allow_empty`` (then the data is None).
    """
    import yaml  # only YAML sources pay for it

    loader = _json_values_loader()(text)
    try:
        root = loader.get_single_node()
        if root is None and allow_empty:
            return None, None
        if root is None:
            raise InputError(f"{where}: file is empty; expected a JSON or YAML tool catalog")
        limit = default_max_values(len(text)) if max_values is None else max_values
        _check_yaml_size(root, where, max_chars, limit, len(text))
        data = loader.construct_document(root)
    except yaml.MarkedYAMLError as error:
        end = error.problem_mark.index + 1 if error.problem_mark else len(text)
        deep_at = _yaml_depth_exceeded_at(text[:end])
        if deep_at is not None:  # the library's own nesting limit: word it as ours
            too_deep = f"{where}:{deep_at}: nesting is too deep (limit {MAX_DEPTH})"
            raise InputError(too_deep) from None
        mark = error.problem_mark or error.context_mark
        place = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        problem = error.problem or error.context or "cannot parse"
        raise InputError(f"{where}{place}: invalid YAML: {problem}") from None
    except yaml.YAMLError as error:
        raise InputError(f"{where}: invalid YAML: {error}") from None
    except RecursionError:
        raise InputError(f"{where}: nesting is too deep (limit {MAX_DEPTH})") from None
    except ValueError as error:  # a too-long integer, a date such as 2024-13-45
        raise _unreadable_value(text, where, error) from None
    finally:
        loader.dispose()
    return data, root


@functools.lru_cache(maxsize=1)
def _json_values_loader() -> Any:
    """PyYAML's safe loader whose values are all JSON's: a ``!!set`` is a list in document order
    (a Python set would order its items differently each run), a date or timestamp its ISO text,
    ``!!binary`` its base64 text. A catalog means what its JSON would mean."""
    import yaml

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class JsonValuesLoader(base):  # type: ignore[misc]
        pass

    def as_list(loader: Any, node: Any) -> list[Any]:
        return list(loader.construct_mapping(node))

    def as_iso(loader: Any, node: Any) -> str:
        return str(loader.construct_yaml_timestamp(node).isoformat())

    def as_text(loader: Any, node: Any) -> str:
        return str(loader.construct_scalar(node)).replace("\n", "")

    JsonValuesLoader.add_constructor("tag:yaml.org,2002:set", as_list)
    JsonValuesLoader.add_constructor("tag:yaml.org,2002:timestamp", as_iso)
    JsonValuesLoader.add_constructor("tag:yaml.org,2002:binary", as_text)
    return JsonValuesLoader


def _yaml_depth_exceeded_at(text: str) -> int | None:
    """The line where ``text`` first nests deeper than MAX_DEPTH, read from the event stream
    up to the first parse error; None when it does not.

    Parsers have limits of their own (libyaml stops at 1,000 levels from PyYAML 6.0.4 on, in
    its own words, and reads a flow collection whole before its first event); ours is lower, so
    PyYAML's pure-Python parser, which emits events as it goes and has no nesting limit, shows
    ours first, whatever the library's version. Only parse errors pay for it.
    """
    import yaml
    from yaml.events import CollectionEndEvent, CollectionStartEvent

    parser: Any = yaml.SafeLoader(text)
    depth = 0
    try:
        while (event := parser.get_event()) is not None:
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    mark = event.start_mark
                    return mark.line + 1 if mark else 1
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except (yaml.YAMLError, RecursionError):
        return None
    finally:
        parser.dispose()
    return None


def _line_and_column(text: str, at: int, first_line: int = 1) -> tuple[int, int]:
    """1-based line and column of offset ``at``; ``text`` starts on line ``first_line``."""
    return text.count("\n", 0, at) + first_line, at - (text.rfind("\n", 0, at) + 1) + 1


def _unreadable_value(text: str, where: str, error: ValueError, first: int = 1) -> InputError:
    """The error for a value Python cannot build; a too-long number is placed at its start."""
    limit = sys.get_int_max_str_digits()
    found = re.search(rf"\d{{{limit + 1},}}", text)
    if found is None:
        return InputError(f"{where}: cannot read a value: {error}; correct it in the file")
    line, column = _line_and_column(text, found.start(), first)
    return InputError(
        f"{where}:{line}:{column}: a number of {len(found.group()):,} digits; "
        f"toolsearch reads numbers of up to {limit:,} digits; write a shorter number"
    )


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_yaml_size(root: Any, where: str, max_chars: int, max_values: int, size: int) -> None:
    """Count nodes and scalar characters as expanded (an alias counted each time it is used)
    before constructing anything; refuse lone surrogates (YAML has no surrogate pairs)."""
    stack: list[tuple[Any, int]] = [(root, 1)]
    visited = 0
    chars = 0
    while stack:
        node, depth = stack.pop()
        visited += 1
        if visited > MAX_YAML_NODES:
            raise InputError(
                f"{where}: YAML expands to over {MAX_YAML_NODES:,} nodes "
                "(an alias bomb?); refusing to load it"
            )
        if visited > max_values:
            if visited > size:  # more nodes than characters: aliases expanding
                raise InputError(
                    f"{where}: YAML aliases expand to over {max_values:,} values (an alias "
                    "bomb?); refusing to load it (raise --max-values or max-values in the "
                    "config if it is a real catalog)"
                )
            raise too_many_values(where, max_values)
        if depth > MAX_DEPTH:
            line = node.start_mark.line + 1
            raise InputError(f"{where}:{line}: nesting is too deep (limit {MAX_DEPTH})")
        value = node.value
        if isinstance(value, str):
            chars += len(value)
            if chars > max_chars:
                raise InputError(
                    f"{where}: YAML aliases expand to over {max_chars:,} characters, more than "
                    f"the file-size limit (an alias bomb?); refusing to load it{RAISE_LIMIT}"
                )
            if _SURROGATE.search(value) is not None:
                mark = node.start_mark
                raise InputError(
                    f"{where}:{mark.line + 1}:{mark.column + 1}: a \\u escape gives half of a "
                    "surrogate pair, not a character; no UTF-8 text can hold it: write the "
                    "character itself (or \\U and its eight hex digits)"
                )
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, tuple):
                    stack.append((item[0], depth + 1))
                    stack.append((item[1], depth + 1))
                else:
                    stack.append((item, depth + 1))


@contextlib.contextmanager
def _depth_limit() -> Iterator[None]:
    """Let the C JSON decoder nest at most about MAX_DEPTH levels below the current frame.

    The decoder counts nesting against the interpreter's recursion limit, so lowering the limit
    for the duration of one ``json.loads`` refuses deep documents at no cost.
    """
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back  # type: ignore[assignment]
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + MAX_DEPTH + 10)
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)
