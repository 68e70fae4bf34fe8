"""Apply an edit tree to YAML text by splicing lines, keeping every comment and all layout.

The text is composed into nodes with positions (PyYAML), and each edit becomes a splice: a new
key is a new line after the last line of its mapping's content (comments after that content stay
where they are), a removed key loses its own line (a comment at the end of that line goes with
it), a changed scalar is replaced in place, and a new item follows the sequence's last item.
New values are written in flow style (``cache_control: {type: ephemeral}``). Documents that use
anchors, aliases or merge keys are refused: an edit could change more than one place.
"""

from __future__ import annotations

from typing import Any

import yaml

from toolsearch.edits.edit_plan import Edit

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YamlEditError(ValueError):
    """The YAML cannot be edited faithfully."""


Splice = tuple[int, int, int, str]  # start, end, order added, new text


def _flow(value: Any) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=1 << 30)
    text = text.strip()
    return text[: -len("...")].strip() if text.endswith("...") else text


def _content_end(text: str, node: Any) -> int:
    """Offset just past the last character of a node's own content (not trailing comments)."""
    block = isinstance(node, yaml.MappingNode | yaml.SequenceNode) and not node.flow_style
    if block and node.value:
        last = node.value[-1]
        return _content_end(text, last[1] if isinstance(last, tuple) else last)
    end: int = node.end_mark.index
    while end > node.start_mark.index and text[end - 1] in " \t\r\n":
        end -= 1
    return end


def _after_line(text: str, offset: int) -> int:
    """The start of the line after the one holding ``offset - 1``."""
    found = text.find("\n", offset)
    return len(text) if found < 0 else found + 1


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _only_indent_before(text: str, offset: int) -> bool:
    return text[_line_start(text, offset) : offset].strip(" \t") == ""


class _Splicer:
    def __init__(self, text: str) -> None:
        self.text = text
        self.newline = "\r\n" if "\r\n" in text else "\n"
        self.splices: list[Splice] = []

    def line_at(self, offset: int, line: str) -> None:
        """Insert a whole line at a line start (or at the end, after a newline)."""
        prefix = "" if offset == 0 or self.text[offset - 1] == "\n" else self.newline
        self.add(offset, offset, prefix + line + self.newline)

    def add(self, start: int, end: int, replacement: str) -> None:
        self.splices.append((start, end, len(self.splices), replacement))

    def mapping(self, node: yaml.MappingNode, edit: Edit) -> None:
        keys = [k.value for k, _ in node.value]
        for token, child in edit.children.items():
            if keys.count(token) != 1:
                raise YamlEditError(f"key {token!r} is missing or repeated")
            self.node(node.value[keys.index(token)][1], child)
        for key in edit.delete:
            if key in keys:
                self._delete(node, keys.index(key))
        for key, value in edit.set.items():
            if keys.count(key) > 1:
                raise YamlEditError(f"key {key!r} is repeated")
            if key in keys:
                old = node.value[keys.index(key)][1]
                self.add(old.start_mark.index, _content_end(self.text, old), _flow(value))
            else:
                self._add(node, f"{_flow(key)}: {_flow(value)}")

    def _add(self, node: yaml.MappingNode, member: str) -> None:
        if node.flow_style or not node.value:
            self._flow_append(node, member)
            return
        column = node.value[0][0].start_mark.column
        self.line_at(_after_line(self.text, _content_end(self.text, node)), " " * column + member)

    def _flow_append(self, node: Any, member: str) -> None:
        close = node.end_mark.index - 1
        if self.text[close] not in "]}":
            raise YamlEditError("cannot add to an empty block collection")
        inner = self.text[node.start_mark.index + 1 : close].strip()
        self.add(close, close, (", " if inner else "") + member)

    def _delete(self, node: yaml.MappingNode, index: int) -> None:
        key, value = node.value[index]
        text = self.text
        if node.flow_style:
            if index > 0:
                start = _content_end(text, node.value[index - 1][1])
                self.add(start, _content_end(text, value), "")
            elif len(node.value) > 1:
                self.add(key.start_mark.index, node.value[1][0].start_mark.index, "")
            else:
                self.add(key.start_mark.index, _content_end(text, value), "")
            return
        end = _after_line(text, _content_end(text, value))
        if _only_indent_before(text, key.start_mark.index):
            self.add(_line_start(text, key.start_mark.index), end, "")
            return
        if index + 1 >= len(node.value):
            raise YamlEditError(f"cannot remove {key.value!r}: it is the only key on its item")
        following = node.value[index + 1][0].start_mark.index
        between = text[_content_end(text, value) : following]
        if "#" in between.partition("\n")[2]:  # a comment line of its own, not the line's end
            raise YamlEditError(f"cannot remove {key.value!r} without losing a comment")
        self.add(key.start_mark.index, following, "")

    def sequence(self, node: yaml.SequenceNode, edit: Edit) -> None:
        for token, child in edit.children.items():
            self.node(node.value[int(token)], child)
        for index, value in edit.insert:
            if index != len(node.value):
                raise YamlEditError("new items can only go at the end of a sequence")
            self._append_item(node, value)

    def _append_item(self, node: yaml.SequenceNode, value: Any) -> None:
        if node.flow_style or not node.value:
            self._flow_append(node, _flow(value))
            return
        last = node.value[-1]
        dash = self.text.rfind("-", 0, last.start_mark.index)
        dash_column = dash - _line_start(self.text, dash)
        content_column = last.start_mark.column
        if isinstance(last, yaml.MappingNode) and not last.flow_style and isinstance(value, dict):
            lines = [f"{_flow(k)}: {_flow(v)}" for k, v in value.items()]
        else:
            lines = [_flow(value)]
        gap = " " * (content_column - dash_column - 1)
        block = [" " * dash_column + "-" + gap + lines[0]]
        block.extend(" " * content_column + line for line in lines[1:])
        at = _after_line(self.text, _content_end(self.text, node))
        for line in block:
            self.line_at(at, line)

    def node(self, node: Any, edit: Edit) -> None:
        if isinstance(node, yaml.MappingNode):
            self.mapping(node, edit)
        elif isinstance(node, yaml.SequenceNode):
            self.sequence(node, edit)
        else:
            raise YamlEditError("cannot edit inside a scalar")

    def result(self) -> str:
        # From the back; at one offset the splice added first ends up first.
        ordered = sorted(self.splices, reverse=True)
        for (_, end, *_), (next_start, *_) in zip(ordered[1:], ordered, strict=False):
            if end > next_start:
                raise YamlEditError("two edits overlap")
        parts: list[str] = []
        tail = len(self.text)
        for start, end, _, replacement in ordered:
            parts.append(self.text[end:tail])
            parts.append(replacement)
            tail = start
        parts.append(self.text[:tail])
        return "".join(reversed(parts))


def edit_yaml(text: str, edit: Edit) -> str:
    """The YAML text with ``edit`` applied."""
    if _uses_aliases(text):
        raise YamlEditError(
            "it uses YAML anchors, aliases or merge keys, and an edit could change more than "
            "one place"
        )
    root = yaml.compose(text, Loader=_LOADER)
    splicer = _Splicer(text)
    splicer.node(root, edit)
    return splicer.result()


def _uses_aliases(text: str) -> bool:
    for token in yaml.scan(text, Loader=_LOADER):
        if isinstance(token, yaml.AliasToken | yaml.AnchorToken):
            return True
        if isinstance(token, yaml.ScalarToken) and token.plain and token.value == "<<":
            return True
    return False
