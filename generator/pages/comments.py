"""A page the generator rewrites keeps its YAML comments.

YAML drops comments when it reads, so a page written again from its values would lose the
notes a contributor left in its front matter (`# checked against the PDF`). The comments
are taken from the page as it was, by position, and put back into the new text:

- a comment on a line of its own goes before the top-level field that followed it (at the
  end of the front matter when that field is gone, or when none followed it);
- a comment after a top-level field's one-line value (`year: 2026  # the camera-ready`)
  goes after that field's value again, when the new value is one line too (else on a line
  of its own before the field).

A line inside a multi-line text value is text, not a comment, whatever it starts with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

_TRAILING = re.compile(r"[ \t]+(#.*)$")
_AFTER_NAME = re.compile(r"[^\s#:]+:[ \t]+(#.*)$")
#: Where the front matter ends in a page's text (as `pages.page` writes and reads it).
_END = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.M)
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class Comments:
    """The comments of a front matter, by the top-level field they belong to."""

    #: Field name -> the comment lines before it; "" for those after the last field.
    before: dict[str, list[str]] = field(default_factory=dict)
    #: Field name -> the comment after its one-line value.
    after: dict[str, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.before or self.after)


def _split(text: str) -> tuple[str, str, str] | None:
    """(the opening `---` line, the front matter, the rest from the closing line on)."""
    if not text.startswith("---"):
        return None
    start = text.find("\n") + 1
    end = _END.search(text, start)
    if not start or end is None:
        return None
    return text[:start], text[start : end.start()], text[end.start() :]


def _fields(front: str) -> list[tuple[str, int, int, int]] | None:
    """Each top-level field: (name, its first line, its last line, the column where its
    value ends on that line, or -1 when the value starts below the field's name); None when
    the front matter is no mapping YAML can read."""
    try:
        node = yaml.compose(front, Loader=_Loader)
    except yaml.YAMLError:
        return None
    if not isinstance(node, yaml.MappingNode) or node.flow_style:
        return None
    found = []
    for key, value in node.value:
        end = value.end_mark
        # A block value ends at the start of the next line: its last line is the one before.
        last, column = (end.line - 1, 1 << 30) if end.column == 0 else (end.line, end.column)
        first = key.start_mark.line
        if value.start_mark.line > first:  # `extra:` with its value on the lines below
            column = -1
        found.append((str(key.value), first, max(last, first), column))
    return found


def _text_lines(front: str) -> set[int]:
    """The lines inside multi-line text values (a `#` there is text)."""
    try:
        root = yaml.compose(front, Loader=_Loader)
    except yaml.YAMLError:
        return set()
    lines: set[int] = set()
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.ScalarNode):
            # A block text ends at the start of the line after it (column 0).
            last = node.end_mark.line - (node.end_mark.column == 0)
            lines.update(range(node.start_mark.line + 1, last + 1))
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                stack += [key, value]
        elif isinstance(node, yaml.SequenceNode):
            stack += node.value
    return lines


def comments_of(text: str) -> Comments:
    """The comments in a page's front matter (none when it has none, or cannot be read)."""
    split = _split(text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n"))
    if split is None or "#" not in split[1]:
        return Comments()
    front = split[1]
    fields = _fields(front)
    if fields is None:
        return Comments()
    inside = _text_lines(front)
    lines = front.split("\n")
    found = Comments()
    for number, line in enumerate(lines):
        if line.lstrip().startswith("#") and number not in inside:
            owner = next((name for name, first, _, _ in fields if first > number), "")
            found.before.setdefault(owner, []).append(line.strip())
    for name, first, last, column in fields:
        if column == -1:  # after the name of a field whose value is below it
            trailing = _AFTER_NAME.match(lines[first])
        elif first == last and column < len(lines[last]):
            trailing = _TRAILING.match(lines[last][column:])
        else:
            trailing = None
        if trailing:
            found.after[name] = trailing.group(1)
    return found


def with_comments(text: str, comments: Comments) -> str:
    """A page's text (as `dump_page` wrote it) with `comments` put back in."""
    split = _split(text)
    if not comments or split is None:
        return text
    opening, front, rest = split
    fields = _fields(front)
    if fields is None:
        return text
    lines = front.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out: list[str] = []
    starts = {first: (name, first == last or column == -1) for name, first, last, column in fields}
    present = {name for name, _, _, _ in fields}
    orphans = [c for n, b in comments.before.items() if n and n not in present for c in b]
    for number, line in enumerate(lines):
        if number in starts:
            name, one_line = starts[number]
            out += comments.before.get(name, [])
            note = comments.after.get(name)
            if note is not None:
                if one_line:  # after the value, or after the name of a value below it
                    line = f"{line}  {note}"
                else:
                    out.append(note)
        out.append(line)
    out += orphans + comments.before.get("", [])
    return opening + "\n".join(out) + "\n" + rest


def rewritten(old: Path, text: str) -> str:
    """The new text of the page at `old`, with the comments the page has there now.

    When the comments cannot be put back without changing a value (YAML reads the text with
    them as it reads it without), the text is written without them."""
    try:
        before = old.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return text
    comments = comments_of(before)
    if not comments:
        return text
    kept = with_comments(text, comments)
    new, plain = _split(kept), _split(text)
    if new is None or plain is None:
        return text
    try:
        same = yaml.load(new[1], Loader=_Loader) == yaml.load(plain[1], Loader=_Loader)
    except yaml.YAMLError:
        same = False
    return kept if same else text
