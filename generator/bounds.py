"""A page's body, bounded in what it may ask of Markdown to render it.

A paper page's body (its abstract, and any notes) may come from a stranger, and
Python-Markdown does work that grows faster than the text in three places a body can reach:
a `[` that is never closed is scanned to the end of its paragraph (a hundred of them in a
50,000-character paragraph took 3 s), so is the `(` of a link target that is never closed,
lists or quotes nested thousands deep recurse until the interpreter gives up, and each
formula costs a millisecond or two. So a body is bounded in size (`MAX_BODY`, eleven times
the longest real abstract of the corpus), in nesting (`MAX_NESTING`), in the characters its
unclosed brackets would have Markdown scan (`MAX_SCAN`), and in formulas; each is measured
here in one pass over the text.
"""

from __future__ import annotations

import re

from generator.errors import Problem
from generator.text import math_spans

#: A body (an abstract, with any notes) may hold this many characters; real abstracts hold
#: at most 4,500.
MAX_BODY = 50_000
#: Lists and quotes may nest this deep (a line's indentation, 4 columns a level; its `>`s).
MAX_NESTING = 16
#: Unclosed brackets may have Markdown scan this many characters in all (about a second).
MAX_SCAN = 2_000_000
#: Formulas a body may hold, and characters in all of them: each is made MathML at build
#: time, a millisecond or two apiece (the corpus's most: 28 formulas, 361 characters long).
MAX_FORMULAS = 500
MAX_FORMULA_TEXT = 10_000


def body_problems(body: str, shown: str, first_line: int) -> list[Problem]:
    """What in a body Markdown could not render in bounded time, with its line
    (`first_line` is the file line of the body's first line)."""
    if len(body) > MAX_BODY:
        return [
            Problem(
                shown,
                first_line,
                f"the text has {len(body):,} characters, more than the {MAX_BODY:,} a page "
                "may have: shorten it, or put the rest in a file the page links to",
            )
        ]
    problems: list[Problem] = []
    deep = _too_deep(body)
    if deep is not None:
        problems.append(
            Problem(
                shown,
                first_line + deep,
                f"lists or quotes are nested more than {MAX_NESTING} levels deep here",
            )
        )
    formulas = math_spans(body)
    math_text = sum(end - start for start, end in formulas)
    if len(formulas) > MAX_FORMULAS or math_text > MAX_FORMULA_TEXT:
        problems.append(
            Problem(
                shown,
                first_line + body.count("\n", 0, formulas[0][0]),
                f"the text holds {len(formulas):,} formulas of {math_text:,} characters in all "
                f"(at most {MAX_FORMULAS:,} formulas, {MAX_FORMULA_TEXT:,} characters): "
                "write some as text, or escape their dollars as \\$",
            )
        )
    scanned, at = bracket_scan(body)
    if scanned > MAX_SCAN:
        problems.append(
            Problem(
                shown,
                first_line + body.count("\n", 0, at),
                f"brackets from here on are never closed: Markdown would read {scanned:,} "
                f"characters looking for their ends (at most {MAX_SCAN:,}); close them, or "
                "write them as \\[ and \\(",
            )
        )
    return problems


#: A line that may be nested too deep: at least MAX_NESTING + 1 of spaces, tabs and `>`.
_DEEP_START = re.compile(rf"(?m)^[ \t>]{{{MAX_NESTING + 1},}}")


def _too_deep(body: str) -> int | None:
    """The index of the first line nested deeper than MAX_NESTING, or None."""
    if not _DEEP_START.search(body):
        return None  # nearly every body: no line starts that deep
    for number, line in enumerate(body.split("\n")):
        indent = quotes = 0
        for ch in line:
            if ch == " ":
                indent += 1
            elif ch == "\t":
                indent += 4
            elif ch == ">":
                quotes += 1
            else:
                break
        if indent > 4 * MAX_NESTING or quotes > MAX_NESTING:
            return number
    return None


def bracket_scan(text: str) -> tuple[int, int]:
    """How many characters Markdown would read looking for the ends of brackets that are
    never closed (each `[`, and each `(` right after a `]`, is read to the end of its
    paragraph), and where the first such bracket is. Escaped brackets are no brackets."""
    if "[" not in text and "](" not in text:
        return 0, 0
    scanned, first = 0, -1
    start = 0
    for paragraph in text.split("\n\n"):
        end = start + len(paragraph)
        opened: list[int] = []
        targets: list[int] = []  # `(` right after `]`, and `(` nested inside those
        escaped = False
        for offset, ch in enumerate(paragraph):
            if escaped:
                escaped = False
                continue
            if ch == "\\":
                escaped = True
            elif ch == "[":
                opened.append(offset)
            elif ch == "]":
                if opened:
                    opened.pop()
            elif ch == "(":
                if targets or (offset and paragraph[offset - 1] == "]"):
                    targets.append(offset)
            elif ch == ")" and targets:
                targets.pop()
        for offset in sorted([*opened, *targets]):
            scanned += end - (start + offset)
            if first < 0:
                first = start + offset
        start = end + 2
    return scanned, max(first, 0)
