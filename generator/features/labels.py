"""The site's labels (`templates/labels.yml`): read as data a stranger may have written.

A pull request may change a label, and every page prints labels: in Markdown pages, in HTML
templates, in the table of contents, in the scripts' labels file. So a label is checked as
a page is: the file is bounded and has no YAML anchors or aliases; each label is one line of
plain text (no markup: `<`, `>`, `[`, `]`, `\\`, `&`, `*`, `_`, `|`, `$`), at most
`MAX_LABEL` characters; and its only placeholders are `{name}`s from `PLACEHOLDERS`, filled
by plain substitution (`Label.format`), never by `str.format`, whose format specs
(`{n:>20000000}`) and attribute lookups a label could otherwise use.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from generator.errors import DigestError, Problem, yaml_error_line
from generator.yamlguard import refuse_hazards

#: The labels file, in the templates folder.
FILE = "labels.yml"
#: The labels file is refused above this size (the project's: 25 KB).
MAX_FILE = 1 << 20
#: A label longer than this is refused (the longest is about 300 characters).
MAX_LABEL = 1_000
#: The placeholders labels may hold, each filled by the code that uses the label.
PLACEHOLDERS = frozenset(
    {
        "a", "b", "by", "count", "initial", "label", "n", "name", "page", "pages",
        "query", "shown", "status", "top", "total", "typed", "venue", "year",
    }
)  # fmt: skip

_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")
#: Characters that are markup in Markdown or HTML, or that end a line.
_MARKUP = re.compile(r"[<>\[\]\\&*_|$\x00-\x1f\x7f\x85\u2028\u2029]")


class Label(str):
    """A label: its `{name}` placeholders are filled by `format`, and nothing else is."""

    __slots__ = ()

    def format(self, *args: object, **values: object) -> str:
        """The label with each `{name}` given in `values` replaced by the value's text."""

        def fill(match: re.Match[str]) -> str:
            name = match.group(1)
            return str(values[name]) if name in values else match.group(0)

        return _PLACEHOLDER.sub(fill, str(self))


class Labels(dict[str, str]):
    """The site's labels in its language (each a `Label`, as `load_labels` makes them)."""

    def fill(self, key: str, **values: object) -> str:
        """The label `key` with its placeholders filled from `values`."""
        return Label(self[key]).format(**values)

    def counted(self, key: str, n: int, **values: object) -> str:
        """The label `key` for `n` things: its form for one if it has one, `n` as 1,234."""
        form = self.get(f"{key}_one") if n == 1 else None
        return Label(form or self[key]).format(n=f"{n:,}", **values)


def problems_of(text: str, shown: str) -> tuple[dict[str, dict[str, str]], list[Problem]]:
    """The labels a labels file holds, by language, and what is wrong with it."""
    refuse_hazards(text, shown, "the labels file", 1, MAX_FILE)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or str(exc)
        raise DigestError(
            Problem(shown, yaml_error_line(exc, text), f"invalid YAML: {problem}")
        ) from None
    if not isinstance(root, yaml.MappingNode):
        raise DigestError(Problem(shown, 1, "expected languages, each a mapping of labels"))
    found: dict[str, dict[str, str]] = {}
    problems: list[Problem] = []
    for language_node, labels_node in root.value:
        language = str(language_node.value)
        line = language_node.start_mark.line + 1
        if not isinstance(labels_node, yaml.MappingNode):
            problems.append(Problem(shown, line, f"'{language}' must be a mapping of labels"))
            continue
        labels = found.setdefault(language, {})
        for key_node, value_node in labels_node.value:
            key = str(key_node.value)
            line = key_node.start_mark.line + 1
            problem = _label_problem(key, value_node)
            if problem:
                problems.append(Problem(shown, line, problem))
            elif key in labels:
                problems.append(Problem(shown, line, f"label '{key}' is given twice"))
            else:
                labels[key] = str(value_node.value)
    return found, problems


def _label_problem(key: str, node: Any) -> str | None:
    """What is wrong with one label's YAML node, or None."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", key):
        return f"label name '{key}' must be lowercase letters, digits and '_'"
    if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
        if isinstance(node, yaml.ScalarNode) and node.tag in (
            "tag:yaml.org,2002:int",
            "tag:yaml.org,2002:float",
            "tag:yaml.org,2002:bool",
        ):
            pass  # `yes`, `2026`: text as written
        else:
            return f"label '{key}' must be text"
    value = str(node.value)
    if len(value) > MAX_LABEL:
        return f"label '{key}' is longer than {MAX_LABEL:,} characters"
    markup = _MARKUP.search(value)
    if markup:
        return (
            f"label '{key}' holds {markup.group()!r}: a label is plain text, shown as it is "
            "on every page (no HTML, Markdown links or line breaks)"
        )
    rest = _PLACEHOLDER.sub("", value)
    unknown = [n for n in _PLACEHOLDER.findall(value) if n not in PLACEHOLDERS]
    if unknown:
        return f"label '{key}' has the placeholder {{{unknown[0]}}}, which nothing fills"
    if "{" in rest or "}" in rest:
        return f"label '{key}' has a brace that is not a {{name}} placeholder"
    return None


def _read(templates: Path, shown: str) -> tuple[dict[str, dict[str, str]], list[Problem]]:
    try:
        text = (templates / FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, [Problem(shown, 0, "labels file not found")]
    except UnicodeDecodeError:
        return {}, [Problem(shown, 0, "is not valid UTF-8")]
    try:
        found, problems = problems_of(text, shown)
    except DigestError as exc:
        return {}, exc.problems
    if "en" not in found and not problems:
        problems.append(Problem(shown, 1, "has no 'en' labels, which every language falls back to"))
    return found, problems


def check_labels(templates: Path, shown: str = f"templates/{FILE}") -> list[Problem]:
    """What is wrong with the labels file in `templates` (`digest check`)."""
    return _read(templates, shown)[1]


def load_labels(templates: Path, language: str, shown: str = f"templates/{FILE}") -> Labels:
    """The labels in `language` (falling back to English); any problem stops the run."""
    found, problems = _read(templates, shown)
    if problems:
        raise DigestError(problems)
    chosen = Labels({key: Label(value) for key, value in found["en"].items()})
    chosen.update({key: Label(value) for key, value in (found.get(language) or {}).items()})
    return chosen
