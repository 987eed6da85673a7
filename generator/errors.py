"""Errors that name the file and line a user must fix."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one file, at one line (0 when the whole file is meant)."""

    path: str
    line: int
    message: str
    level: str = "error"  # "error" or "warning"

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        # One line, always: a newline in a value (a tag, say) must not start a line that
        # a CI runner reads as a workflow command (`::error ...`).
        return one_line(f"{where}: {self.level}: {self.message}")

    def annotation(self) -> str:
        """Render as a GitHub Actions workflow command, shown on the pull request's diff.

        Paths and messages hold what contributors wrote (a tag, a file name), so they are
        escaped as the runner expects: a value can never end the command or start another.
        """
        line = f",line={self.line}" if self.line else ""
        return f"::{self.level} file={_property(self.path)}{line}::{_data(self.message)}"


_BREAKS = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


def one_line(text: str) -> str:
    """`text` as one line: each line break or control character written as its escape."""
    return _BREAKS.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def _data(value: str) -> str:
    """Escape a workflow command's message (actions/toolkit: escapeData)."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(value: str) -> str:
    """Escape a workflow command's property value (actions/toolkit: escapeProperty)."""
    return _data(value).replace(":", "%3A").replace(",", "%2C")


class DigestError(Exception):
    """A failure the user can fix; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | Problem) -> None:
        self.problems = problems if isinstance(problems, list) else [problems]
        super().__init__("\n".join(str(p) for p in self.problems))


def in_github_actions() -> bool:
    return os.environ.get("GITHUB_ACTIONS") == "true"


def yaml_error_line(exc: Exception, text: str, offset: int = 1) -> int:
    """The file line a YAML error points at (`offset` is the file line of the YAML's first).

    PyYAML reports an unclosed bracket at the end of the text; the line where the bracket
    opened (its context mark) is the one a person has to fix.
    """
    mark = getattr(exc, "problem_mark", None)
    context = getattr(exc, "context_mark", None)
    position = getattr(exc, "position", None)  # a character YAML refuses, such as NUL
    if mark is None and isinstance(position, int):
        return text.count("\n", 0, position) + offset
    if mark is None:
        return offset if context is None else context.line + offset
    at_end = mark.index >= len(text.rstrip())
    # An unclosed `[` or `{` is noticed lines later; the line it opened on is the one to fix.
    in_flow = "flow" in str(getattr(exc, "context", ""))
    if (at_end or in_flow) and context is not None:
        return int(context.line) + offset
    return int(mark.line) + offset
